import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import PlaylistPlay from '@mui/icons-material/PlaylistPlay';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MuiLink from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';

import type { ApplicationRow, ApplicationType } from '@stoa/shared/applications';

import type { Column } from '../../../../components/list-table';
import { ListPage } from '../../../../components/list-page';
import { type ServerPage, useFilteredServerList } from '../../../../components/paged-list';
import { NOWRAP_CELL, ServerGrid } from '../../../../components/server-grid';
import { StatusPage } from '../../../../components/status-page';
import { formatDisplayDate, formatIstDateTime } from '../../../../lib/dates';
import { ApplicationStatusChip } from '../common/status-chip';
import { FeeUnpaidChip } from './fee-unpaid-chip';
import { CONTINGENCY_TYPES, parseSldcType, sldcListPath, sldcProcessingPath, sldcViewPath } from './application-type';
import { SldcApplicationFilters, type SldcFilter, sldcFilterFromSearch, sldcFilterQuery } from './application-filters';
import { useSldcApplicationsMessages } from '../../i18n';
import { sldcApplicationQueries } from '../../api/sldc-queries';

const period = (row: Pick<ApplicationRow, 'fromDate' | 'toDate'>) =>
  row.fromDate === row.toDate ? formatDisplayDate(row.fromDate) : `${formatDisplayDate(row.fromDate)} – ${formatDisplayDate(row.toDate)}`;

function ApplicationNoLink({ row }: { row: ApplicationRow }) {
  return (
    <MuiLink component={Link} to={sldcViewPath(row.applicationType, row.id)} underline="hover" sx={{ fontWeight: 600 }}>
      {row.applicationNo}
    </MuiLink>
  );
}

function ViewButton({ row }: { row: ApplicationRow }) {
  const t = useSldcApplicationsMessages().sldc;
  return (
    <Button
      size="small"
      component={Link}
      to={sldcViewPath(row.applicationType, row.id)}
      startIcon={<VisibilityOutlined />}
      aria-label={t.viewOf(row.applicationNo)}
    >
      {t.view}
    </Button>
  );
}

/** The status chip, with the "Fee unpaid" flag under it when the fee due is not paid. */
function StatusCell({ row }: { row: ApplicationRow }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5, py: 0.5 }}>
      <ApplicationStatusChip status={row.status.status} wrap />
      {row.feeUnpaid && <FeeUnpaidChip />}
    </Box>
  );
}

/** The grid of GetAll/{type}: paged on the server; a click on a row opens the application. */
function SldcApplicationsGrid({ label, ...page }: { label: string } & ServerPage<ApplicationRow>) {
  const t = useSldcApplicationsMessages().sldc;
  const navigate = useNavigate();
  const columns = useMemo<GridColDef<ApplicationRow>[]>(
    () => [
      {
        field: 'applicationNo',
        headerName: t.applicationNo,
        flex: 1.1,
        minWidth: 190,
        cellClassName: NOWRAP_CELL,
        renderCell: ({ row }) => <ApplicationNoLink row={row} />,
      },
      { field: 'sellerName', headerName: t.seller, flex: 1, minWidth: 115 },
      { field: 'buyerName', headerName: t.buyer, flex: 1, minWidth: 115 },
      { field: 'applicantName', headerName: t.applicant, flex: 1, minWidth: 105 },
      { field: 'traderName', headerName: t.trader, flex: 0.8, minWidth: 90, valueGetter: (_v, row) => row.traderName ?? t.notApplicable },
      { field: 'period', headerName: t.period, flex: 1, minWidth: 105, valueGetter: (_v, row) => period(row) },
      {
        field: 'submittedAt',
        headerName: t.submittedOn,
        flex: 1,
        minWidth: 110,
        valueGetter: (_v, row) => formatIstDateTime(row.submittedAt) || t.notApplicable,
      },
      {
        field: 'status',
        headerName: t.status,
        flex: 1.3,
        minWidth: 140,
        renderCell: ({ row }) => <StatusCell row={row} />,
      },
      { field: 'actions', headerName: t.actions, minWidth: 80, flex: 0.5, renderCell: ({ row }) => <ViewButton row={row} /> },
    ],
    [t],
  );
  const phoneColumns = useMemo<Column<ApplicationRow>[]>(
    () => [
      { key: 'applicationNo', header: t.applicationNo, render: (row) => <ApplicationNoLink row={row} /> },
      { key: 'seller', header: t.seller, render: (row) => row.sellerName },
      { key: 'buyer', header: t.buyer, render: (row) => row.buyerName },
      { key: 'period', header: t.period, render: (row) => period(row) },
      { key: 'status', header: t.status, render: (row) => <StatusCell row={row} /> },
      { key: 'actions', header: t.actions, hiddenHeader: true, render: (row) => <ViewButton row={row} /> },
    ],
    [t],
  );
  return (
    <ServerGrid
      label={label}
      {...page}
      columns={columns}
      phoneColumns={phoneColumns}
      empty={{ icon: AssignmentOutlined, text: t.empty, hint: t.emptyHint }}
      autoRowHeight
      columnHeaderHeight={64}
      onRowClick={({ row }) => void navigate(sldcViewPath(row.applicationType, row.id))}
      slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
      sx={{
        '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600, whiteSpace: 'normal', lineHeight: 1.3 },
        '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center', py: 1, minHeight: 52 },
        '& .MuiDataGrid-row': { cursor: 'pointer' },
      }}
    />
  );
}

/** Tabs of the menu's Contingency entry: one per contingency type. */
export function ContingencyTabs({ type, to }: { type: ApplicationType; to: (type: ApplicationType) => string }) {
  const t = useSldcApplicationsMessages().sldc;
  return (
    <Tabs value={type} aria-label={t.contingencyTabs} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
      {CONTINGENCY_TYPES.map((c) => (
        <Tab key={c} value={c} label={c === 'ContingencyDayAhead' ? t.dayAheadTab : t.sameDayTab} component={Link} to={to(c)} />
      ))}
    </Tabs>
  );
}

function SldcList({ type, contingency }: { type: ApplicationType; contingency: boolean }) {
  const all = useSldcApplicationsMessages();
  const t = all.sldc;
  const [search] = useSearchParams();
  // Opened from a dashboard figure: the list starts filtered to its status.
  const [initial] = useState(() => sldcFilterFromSearch(search));
  const { applyFilter, list, page } = useFilteredServerList(
    initial,
    (applied: SldcFilter, paging) => sldcApplicationQueries.list(type, { ...sldcFilterQuery(applied), ...paging }),
    (data) => data.applicationList,
  );
  const typeLabel = contingency ? t.contingency : all.typeLabels[type];
  return (
    <ListPage
      title={t.listTitle(typeLabel)}
      subtitle={t.listSubtitle}
      actions={
        <Button variant="contained" startIcon={<PlaylistPlay />} component={Link} to={sldcProcessingPath(type)}>
          {t.processing}
        </Button>
      }
      filters={
        <>
          {contingency && <ContingencyTabs type={type} to={sldcListPath} />}
          <SldcApplicationFilters onApply={applyFilter} initial={initial} />
        </>
      }
      list={list}
    >
      <SldcApplicationsGrid label={`${t.gridLabel}: ${all.typeLabels[type]}`} {...page} />
    </ListPage>
  );
}

/**
 * `/applications/sldc/:applicationType?` (load-centre roles, spec 001 §2): the applications of a
 * type (GetAll/{type}) with the status filter labels of spec 001 §4 and the list's other filters.
 * 'Contingency' (the menu entry) shows a tab per contingency type.
 */
export function SldcApplicationListPage() {
  const t = useSldcApplicationsMessages().sldc;
  const { applicationType } = useParams();
  const [search] = useSearchParams();
  const route = parseSldcType(applicationType, search.get('type'));
  if (!route) return <StatusPage title={t.unknownType} />;
  // A new list (and filter) per type.
  return <SldcList key={route.type} type={route.type} contingency={route.kind === 'Contingency'} />;
}
