import Add from '@mui/icons-material/Add';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import MuiLink from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';

import { LOAD_CENTRE_ROLES, type Role } from '@stoa/shared/account';
import {
  INTER_STATE_CONSENT_STATUSES,
  type InterStateConsentListQuery,
  type InterStateConsentRow,
  type InterStateConsentStatus,
} from '@stoa/shared/inter-state';
import { WEB_LINKS, WEB_ROUTES } from '@stoa/shared/navigation';

import { FilterCard } from '../../../components/filter-form';
import { ListPage } from '../../../components/list-page';
import { useFilteredServerList } from '../../../components/paged-list';
import { NOWRAP_CELL, ServerGrid } from '../../../components/server-grid';
import { useAuthUser } from '../../../lib/auth-store';
import { formatDisplayDate } from '../../../lib/dates';
import { RhfSelectField } from '../../../lib/form/rhf-select-field';
import { RhfTextField } from '../../../lib/form/rhf-text-field';
import { consentQueries } from '../api/consent-queries';
import { useConsentMessages } from '../consent-i18n';

const TONE: Record<InterStateConsentStatus, string> = {
  Draft: 'grey.700',
  Submitted: 'info.dark',
  Verified: 'secondary.dark',
  Consented: 'success.dark',
  PartiallyConsented: 'warning.dark',
  Refused: 'error.dark',
};

/** A consent application's status as a chip (dark shades keep white text above 4.5:1). */
export function ConsentStatusChip({ status, label }: { status: InterStateConsentStatus; label: string }) {
  return <Chip size="small" label={label} sx={{ bgcolor: TONE[status], color: '#fff', fontWeight: 500, maxWidth: '100%' }} />;
}

interface Filter {
  status: InterStateConsentStatus | 'All';
  search: string;
}
const EMPTY_FILTER: Filter = { status: 'All', search: '' };
function filterQuery(f: Filter): Partial<InterStateConsentListQuery> {
  const q: Partial<InterStateConsentListQuery> = {};
  if (f.status !== 'All') q.status = f.status;
  if (f.search.trim()) q.search = f.search.trim();
  return q;
}

function Filters({ onApply }: { onApply: (f: Filter) => void }) {
  const t = useConsentMessages();
  const { control, handleSubmit, reset } = useForm<Filter>({ defaultValues: EMPTY_FILTER });
  const onSubmit = handleSubmit((values) => onApply(values));
  const statuses = [
    { value: 'All', label: t.web.allStatuses },
    ...INTER_STATE_CONSENT_STATUSES.map((s) => ({ value: s, label: t.statusLabels[s] })),
  ];
  return (
    <FilterCard
      title={t.web.filterTitle}
      onSubmit={(event) => void onSubmit(event)}
      onReset={() => {
        reset(EMPTY_FILTER);
        onApply(EMPTY_FILTER);
      }}
    >
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <RhfSelectField control={control} name="status" label={t.fields.status} options={statuses} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 8 }}>
        <RhfTextField control={control} name="search" label={t.web.search} htmlInput={{ maxLength: 100 }} />
      </Grid>
    </FilterCard>
  );
}

const mwCell = (row: InterStateConsentRow) => `${row.maxRequestedMw}${row.maxGrantedMw !== null ? ` / ${row.maxGrantedMw}` : ''}`;

/**
 * `/consent-for-inter-state-stoa-transactions` (spec 001 §2; decision 0068): an applicant or trader sees its
 * consent applications and applies from here; the SLDC roles see every submitted one.
 */
export function ConsentListPage() {
  const t = useConsentMessages();
  const w = t.web;
  const user = useAuthUser();
  const role: Role = user?.role ?? 'OABusinessUser';
  const sldc = (LOAD_CENTRE_ROLES as readonly Role[]).includes(role);
  const { applyFilter, list, page } = useFilteredServerList(
    EMPTY_FILTER,
    (applied: Filter, paging) => consentQueries.list({ ...filterQuery(applied), ...paging }),
    (data) => data.consentList,
  );
  const mwHeader = `${t.fields.requestedMw} / ${t.fields.grantedMw}`;
  const columns = useMemo<GridColDef<InterStateConsentRow>[]>(
    () => [
      {
        field: 'applicationNo',
        headerName: t.fields.applicationNo,
        minWidth: 160,
        cellClassName: NOWRAP_CELL,
        renderCell: ({ row }) => (
          <MuiLink component={Link} to={WEB_LINKS.interStateConsent(row.id)} underline="hover" tabIndex={-1} sx={{ fontWeight: 600 }}>
            {row.applicationNo}
          </MuiLink>
        ),
      },
      { field: 'entityName', headerName: t.fields.entityName, minWidth: 170, flex: 1 },
      { field: 'direction', headerName: t.fields.direction, minWidth: 120, valueGetter: (_v, row) => row.direction },
      {
        field: 'counterparty',
        headerName: t.fields.counterpartyEntity,
        minWidth: 190,
        valueGetter: (_v, row) => `${row.counterpartyEntity} (${row.counterpartyState})`,
      },
      {
        field: 'period',
        headerName: t.fields.period,
        minWidth: 200,
        valueGetter: (_v, row) => `${formatDisplayDate(row.fromDate)} – ${formatDisplayDate(row.toDate)}`,
      },
      { field: 'mw', headerName: mwHeader, minWidth: 180, sortable: false, valueGetter: (_v, row) => mwCell(row) },
      {
        field: 'status',
        headerName: t.fields.status,
        minWidth: 190,
        renderCell: ({ row }) => <ConsentStatusChip status={row.status} label={t.statusLabels[row.status]} />,
      },
      {
        field: 'actions',
        headerName: w.actions,
        minWidth: 100,
        sortable: false,
        renderCell: ({ row }) => (
          <Button
            size="small"
            component={Link}
            to={WEB_LINKS.interStateConsent(row.id)}
            startIcon={<VisibilityOutlined />}
            aria-label={w.viewOf(row.applicationNo)}
          >
            {w.view}
          </Button>
        ),
      },
    ],
    [t, w, mwHeader],
  );
  const applyButton = sldc ? null : (
    <Button variant="contained" startIcon={<Add />} component={Link} to={WEB_ROUTES.interStateConsentApply.path.replace('/:id?', '')}>
      {w.apply}
    </Button>
  );
  return (
    <ListPage
      title={t.title}
      subtitle={sldc ? w.sldcSubtitle : w.applicantSubtitle}
      actions={applyButton}
      filters={<Filters onApply={applyFilter} />}
      list={list}
    >
      <ServerGrid
        label={w.gridLabel}
        {...page}
        columns={columns}
        empty={{ icon: HandshakeOutlined, text: w.empty, hint: sldc ? w.emptyHint : w.applicantEmptyHint }}
        phoneColumns={[
          {
            key: 'no',
            header: t.fields.applicationNo,
            render: (row) => <Link to={WEB_LINKS.interStateConsent(row.id)}>{row.applicationNo}</Link>,
          },
          { key: 'entity', header: t.fields.entityName, render: (row) => row.entityName },
          {
            key: 'counterparty',
            header: t.fields.counterpartyEntity,
            render: (row) => `${row.counterpartyEntity} (${row.counterpartyState})`,
          },
          {
            key: 'period',
            header: t.fields.period,
            render: (row) => `${formatDisplayDate(row.fromDate)} – ${formatDisplayDate(row.toDate)}`,
          },
          { key: 'mw', header: mwHeader, render: (row) => mwCell(row) },
          {
            key: 'status',
            header: t.fields.status,
            render: (row) => <ConsentStatusChip status={row.status} label={t.statusLabels[row.status]} />,
          },
        ]}
      />
    </ListPage>
  );
}
