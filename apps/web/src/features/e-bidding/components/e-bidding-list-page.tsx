import Add from '@mui/icons-material/Add';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { GridColDef } from '@mui/x-data-grid';
import { useCallback, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import { type BidProposal, displayTime, EBIDDING_STAFF_ROLES, type InvitationList } from '@stoa/shared/e-bidding';
import type { Role } from '@stoa/shared/account';

import { ListError } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { useServerList } from '../../../components/paged-list';
import { NOWRAP_CELL, ServerGrid } from '../../../components/server-grid';
import { errorText } from '../../../lib/api-error';
import { useAuthUser } from '../../../lib/auth-store';
import { formatDisplayDate } from '../../../lib/dates';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { type EBiddingFilter, eBiddingDownloads, eBiddingQueries, filterFromSearch, filterQuery } from '../api/e-bidding-queries';
import { useEBiddingMessages } from '../i18n';
import { EBiddingFilters } from './e-bidding-filters';
import { applyPath, detailsPath, invitationActionTarget, invitationPath } from './paths';
import { EBiddingStatusChip } from './status-chip';

type InvitationRow = InvitationList['invitationList'][number];
/**
 * A grid row: a bidder gets one row per invited application of an invitation, so the invitation id
 * is not unique; the grid's id is the invitation and the e-bidding application.
 */
type InvitationGridRow = InvitationRow & { invitationId: string };
const toGridRow = (row: InvitationRow): InvitationGridRow => ({
  ...row,
  id: `${row.id}:${row.eBiddingApplicationId ?? row.applicationId ?? ''}`,
  invitationId: row.id,
});
const fromGridRow = ({ invitationId, ...row }: InvitationGridRow): InvitationRow => ({ ...row, id: invitationId });

const dash = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? '—' : v);
/** Times as spec 000 §9 shows them, 'HH:mm:ss'. */
const time = (v: string | null | undefined) => (v ? displayTime(v) : '—');

/** The action cell of an invitation row: the action the API computed for the caller (spec 000 §4). */
export function InvitationActionCell({ row }: { row: InvitationRow }) {
  const w = useEBiddingMessages().web;
  if (!row.action) return null;
  const label = w.actionLabels[row.action] ?? row.action;
  if (row.action === 'Invitation Expired') return <Chip size="small" variant="outlined" color="error" label={label} />;
  const to = invitationActionTarget(row);
  if (!to) return null;
  const primary = row.action === 'Invite' || row.action === 'Process' || row.action === 'Apply';
  return (
    <Button
      size="small"
      variant={primary ? 'contained' : 'outlined'}
      component={Link}
      to={to}
      aria-label={w.actionOf(
        label,
        row.applicationNo && row.eBiddingApplicationId ? `${row.bidInvitationNo} ${row.applicationNo}` : row.bidInvitationNo,
      )}
    >
      {label}
    </Button>
  );
}

function DownloadButton({ run, label }: { run: () => Promise<void>; label?: string }) {
  const w = useEBiddingMessages().web;
  const m = useMessages();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await run();
    } catch (error) {
      notify.error(errorText(error, m.common.downloadFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      disabled={busy}
      startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : <FileDownloadOutlined />}
      onClick={() => void onClick()}
    >
      {busy ? w.downloading : (label ?? w.download)}
    </Button>
  );
}

function useInvitationColumns(staff: boolean): GridColDef<InvitationGridRow>[] {
  const w = useEBiddingMessages().web;
  return useMemo<GridColDef<InvitationGridRow>[]>(
    () => [
      {
        field: 'dateOfInvitation',
        headerName: w.dateOfInvitation,
        minWidth: 120,
        valueGetter: (_v, row) => formatDisplayDate(row.dateOfInvitation),
      },
      {
        field: 'bidInvitationNo',
        headerName: w.bidInvitationNo,
        minWidth: 160,
        cellClassName: NOWRAP_CELL,
        renderCell: ({ row }) => (
          <MuiLink component={Link} to={invitationPath(row.invitationId)} underline="hover" tabIndex={-1} sx={{ fontWeight: 600 }}>
            {row.bidInvitationNo}
          </MuiLink>
        ),
      },
      // Status and the action stay pinned at the right edge (ServerGrid): visible without scrolling sideways.
      {
        field: 'status',
        headerName: w.status,
        minWidth: 110,
        renderCell: ({ row }) => <EBiddingStatusChip status={row.status.status} label={row.status.statusDescription} />,
      },
      {
        field: 'action',
        headerName: w.actions,
        minWidth: 170,
        sortable: false,
        renderCell: ({ row }) => <InvitationActionCell row={fromGridRow(row)} />,
      },
      {
        field: 'applicationNo',
        headerName: w.application,
        minWidth: 190,
        flex: 1,
        cellClassName: NOWRAP_CELL,
        valueGetter: (_v, row) => dash(row.applicationNo),
      },
      {
        field: 'availableMargin',
        headerName: w.availableMargin,
        minWidth: 190,
        align: 'right',
        headerAlign: 'right',
        valueGetter: (_v, row) => dash(row.availableMargin),
      },
      {
        field: 'appliedQuantum',
        headerName: w.appliedQuantum,
        minWidth: 190,
        align: 'right',
        headerAlign: 'right',
        valueGetter: (_v, row) => (staff ? row.allApplicationsAppliedQuantum : row.appliedQuantum),
      },
      {
        field: 'congestionFromDate',
        headerName: w.fromDate,
        minWidth: 115,
        valueGetter: (_v, row) => formatDisplayDate(row.congestionFromDate),
      },
      { field: 'congestionToDate', headerName: w.toDate, minWidth: 115, valueGetter: (_v, row) => formatDisplayDate(row.congestionToDate) },
      { field: 'fromTimeSpan', headerName: w.fromTime, minWidth: 85, valueGetter: (_v, row) => time(row.fromTimeSpan) },
      { field: 'toTimeSpan', headerName: w.toTime, minWidth: 85, valueGetter: (_v, row) => time(row.toTimeSpan) },
      {
        field: 'lastDateOfSubmission',
        headerName: w.lastDateOfSubmission,
        minWidth: 175,
        valueGetter: (_v, row) => formatDisplayDate(row.lastDateOfSubmission),
      },
      { field: 'deadLine', headerName: w.deadline, minWidth: 85, valueGetter: (_v, row) => time(row.deadLine) },
      {
        field: 'floorPrice',
        headerName: w.floorPrice,
        minWidth: 180,
        align: 'right',
        headerAlign: 'right',
        valueGetter: (_v, row) => dash(row.floorPrice),
      },
    ],
    [w, staff],
  );
}

function InvitationGrid({ staff, filter }: { staff: boolean; filter: EBiddingFilter }) {
  const m = useMessages();
  const w = useEBiddingMessages().web;
  const { list, page } = useServerList(
    (paging) => eBiddingQueries.invitations(staff, { ...filterQuery(filter), ...paging }),
    (data) => data.invitationList.map(toGridRow),
  );
  const columns = useInvitationColumns(staff);
  return (
    <>
      {list.isError && list.data && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {m.common.fetchError}
        </Alert>
      )}
      {list.isError && !list.data ? (
        <ListError onRetry={() => void list.refetch()} />
      ) : (
        <ServerGrid
          label={w.invitationsGrid}
          {...page}
          columns={columns}
          empty={{ icon: GavelOutlined, text: w.invitationsEmpty, hint: staff ? w.staffEmptyHint : w.invitationsEmptyHint }}
          phoneColumns={[
            {
              key: 'no',
              header: w.bidInvitationNo,
              render: (row) => <Link to={invitationPath(row.invitationId)}>{row.bidInvitationNo}</Link>,
            },
            { key: 'app', header: w.application, render: (row) => dash(row.applicationNo) },
            {
              key: 'last',
              header: w.lastDateOfSubmission,
              render: (row) => `${formatDisplayDate(row.lastDateOfSubmission)} ${time(row.deadLine)}`,
            },
            { key: 'status', header: w.status, render: (row) => row.status.statusDescription },
            { key: 'action', header: w.actions, render: (row) => <InvitationActionCell row={fromGridRow(row)} /> },
          ]}
        />
      )}
    </>
  );
}

/** The proposals grid keeps its status and its view action at the right edge. */
const PROPOSAL_PINNED = ['status', 'view'];

function ProposalGrid({ filter }: { filter: EBiddingFilter }) {
  const m = useMessages();
  const w = useEBiddingMessages().web;
  const { list, page } = useServerList(
    (paging) => eBiddingQueries.myProposals({ ...filterQuery(filter), ...paging }),
    (data) => data.proposalList,
  );
  const viewPath = (row: BidProposal) => applyPath(row.bidInvitationId, row.applicationId, row.proposalId);
  const columns = useMemo<GridColDef<BidProposal & { id?: string }>[]>(
    () => [
      { field: 'applicationNo', headerName: w.applicationNo, minWidth: 190, flex: 1, cellClassName: NOWRAP_CELL },
      { field: 'bidInvitationNo', headerName: w.bidInvitationNo, minWidth: 160, cellClassName: NOWRAP_CELL },
      {
        field: 'availableQuantum',
        headerName: w.availableQuantum,
        minWidth: 200,
        align: 'right',
        headerAlign: 'right',
        valueGetter: (_v, row) => dash(row.availableQuantum),
      },
      { field: 'appliedQuantum', headerName: w.appliedQuantum, minWidth: 190, align: 'right', headerAlign: 'right' },
      {
        field: 'quotedPrice',
        headerName: w.quotedPrice,
        minWidth: 185,
        align: 'right',
        headerAlign: 'right',
        valueGetter: (_v, row) => dash(row.quotedPrice),
      },
      {
        field: 'floorPrice',
        headerName: w.floorPrice,
        minWidth: 180,
        align: 'right',
        headerAlign: 'right',
        valueGetter: (_v, row) => dash(row.floorPrice),
      },
      {
        field: 'status',
        headerName: w.status,
        minWidth: 110,
        renderCell: ({ row }) => <EBiddingStatusChip status={row.status.status} label={row.status.statusDescription} />,
      },
      {
        field: 'view',
        headerName: w.view,
        minWidth: 190,
        sortable: false,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
            <Button size="small" variant="outlined" component={Link} to={viewPath(row)} aria-label={w.actionOf(w.view, row.applicationNo)}>
              {w.view}
            </Button>
            {row.status.status === 'Completed' && (
              <Button size="small" component={Link} to={detailsPath(row.applicationId)} aria-label={w.detailsOf(row.applicationNo)}>
                {w.details}
              </Button>
            )}
          </Stack>
        ),
      },
    ],
    [w],
  );
  return (
    <>
      {list.isError && list.data && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {m.common.fetchError}
        </Alert>
      )}
      {list.isError && !list.data ? (
        <ListError onRetry={() => void list.refetch()} />
      ) : (
        <ServerGrid
          label={w.proposalsGrid}
          {...page}
          rows={page.rows.map((r) => ({ ...r, id: r.proposalId }))}
          columns={columns}
          pinnedRight={PROPOSAL_PINNED}
          empty={{ icon: GavelOutlined, text: w.proposalsEmpty, hint: w.proposalsEmptyHint }}
          phoneColumns={[
            { key: 'no', header: w.applicationNo, render: (row) => row.applicationNo },
            { key: 'price', header: w.quotedPrice, render: (row) => dash(row.quotedPrice) },
            { key: 'status', header: w.status, render: (row) => row.status.statusDescription },
            { key: 'view', header: w.view, render: (row) => <Link to={viewPath(row)}>{w.view}</Link> },
          ]}
        />
      )}
    </>
  );
}

/**
 * `/e-bidding` 'E-Bidding Applications' (spec 000 §2): load-centre roles see every invitation (the
 * SLDC business user starts new ones here); applicants and traders see two tabs, their invitations
 * and their proposals. Filters, server paging, the per-row action of spec 000 §4 and Excel downloads.
 */
export function EBiddingListPage({ initialTab = 'invitations' }: { initialTab?: 'invitations' | 'proposals' } = {}) {
  const t = useEBiddingMessages();
  const w = t.web;
  const user = useAuthUser();
  const role: Role = user?.role ?? 'OABusinessUser';
  const staff = (EBIDDING_STAFF_ROLES as readonly Role[]).includes(role);
  const [search] = useSearchParams();
  // Opened from a dashboard figure (decision 0084): the list starts on its deadline window.
  const [initial] = useState(() => filterFromSearch(search));
  const [filter, setFilter] = useState<EBiddingFilter>(initial);
  const [tab, setTab] = useState<'invitations' | 'proposals'>(initialTab);
  // The grids remount on a new filter, so they start again from the first page.
  const [generation, setGeneration] = useState(0);
  const applyFilter = useCallback((next: EBiddingFilter) => {
    setFilter(next);
    setGeneration((g) => g + 1);
  }, []);

  const actions = (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {staff && <DownloadButton run={() => eBiddingDownloads.allInvitations(filterQuery(filter))} />}
      {!staff && tab === 'invitations' && <DownloadButton run={() => eBiddingDownloads.myInvitations(filterQuery(filter))} />}
      {role === 'SLDCBusinessUser' && (
        <Button variant="contained" startIcon={<Add />} component={Link} to={invitationPath()}>
          {w.newInvitation}
        </Button>
      )}
    </Stack>
  );

  return (
    <Box>
      <PageHeader title={t.titles.list} subtitle={staff ? w.staffSubtitle : w.bidderSubtitle} actions={actions} />
      <EBiddingFilters onApply={applyFilter} initial={initial} />
      {staff ? (
        <InvitationGrid key={generation} staff filter={filter} />
      ) : (
        <>
          <Tabs
            value={tab}
            onChange={(_e, next: 'invitations' | 'proposals') => setTab(next)}
            sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            <Tab
              value="invitations"
              label={t.titles.invitationsTab}
              id="ebidding-tab-invitations"
              aria-controls="ebidding-panel-invitations"
            />
            <Tab value="proposals" label={t.titles.proposalsTab} id="ebidding-tab-proposals" aria-controls="ebidding-panel-proposals" />
          </Tabs>
          <Box role="tabpanel" id={`ebidding-panel-${tab}`} aria-labelledby={`ebidding-tab-${tab}`}>
            {tab === 'invitations' ? (
              <InvitationGrid key={generation} staff={false} filter={filter} />
            ) : (
              <ProposalGrid key={generation} filter={filter} />
            )}
          </Box>
        </>
      )}
    </Box>
  );
}

/**
 * `/e-bidding/requests` (spec 000 §2 fragment /requests; issue 11 item 10): the same list opened on
 * its 'E-Bidding Proposals' tab (load-centre staff, who have no tabs, see the invitations).
 */
export function EBiddingRequestsPage() {
  return <EBiddingListPage initialTab="proposals" />;
}
