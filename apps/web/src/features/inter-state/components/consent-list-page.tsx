import Add from '@mui/icons-material/Add';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import { LOAD_CENTRE_ROLES, type Role } from '@stoa/shared/account';
import {
  INTER_STATE_CONSENT_DISPLAY_STATUSES,
  type InterStateConsentDisplayStatus,
  type InterStateConsentRow,
} from '@stoa/shared/inter-state';
import { WEB_LINKS, WEB_ROUTES } from '@stoa/shared/navigation';

import { filterWithStatusFrom } from '../../../components/filter-form';
import { numberLinkColumn, viewColumn } from '../../../components/grid-columns';
import { ListPage } from '../../../components/list-page';
import { useFilteredServerList } from '../../../components/paged-list';
import { ServerGrid } from '../../../components/server-grid';
import { useAuthUser } from '../../../lib/auth-store';
import { formatDisplayDate } from '../../../lib/dates';
import { consentQueries } from '../api/consent-queries';
import { useConsentMessages } from '../consent-i18n';
import { EMPTY_STATUS_SEARCH, type StatusSearchFilter, StatusSearchFilters, statusSearchQuery } from './status-search-filters';

const TONE: Record<InterStateConsentDisplayStatus, string> = {
  Draft: 'grey.700',
  Submitted: 'info.dark',
  Verified: 'secondary.dark',
  Consented: 'success.dark',
  PartiallyConsented: 'warning.dark',
  Refused: 'error.dark',
  Revoked: 'error.dark',
  Expired: 'grey.700',
};

/** A consent application's status as a chip (dark shades keep white text above 4.5:1). */
export function ConsentStatusChip({ status, label }: { status: InterStateConsentDisplayStatus; label: string }) {
  return <Chip size="small" label={label} sx={{ bgcolor: TONE[status], color: '#fff', fontWeight: 500, maxWidth: '100%' }} />;
}

type Filter = StatusSearchFilter<InterStateConsentDisplayStatus>;
const EMPTY_FILTER: Filter = EMPTY_STATUS_SEARCH;

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
  const [search] = useSearchParams();
  // Opened from a dashboard figure (decision 0084): the list starts filtered to its status.
  const [initial] = useState(() => filterWithStatusFrom(search, Object.keys(t.statusLabels), EMPTY_FILTER) as Filter);
  const { applyFilter, list, page } = useFilteredServerList(
    initial,
    (applied: Filter, paging) => consentQueries.list({ ...statusSearchQuery(applied), ...paging }),
    (data) => data.consentList,
  );
  const mwHeader = `${t.fields.requestedMw} / ${t.fields.grantedMw}`;
  const columns = useMemo<GridColDef<InterStateConsentRow>[]>(
    () => [
      numberLinkColumn<InterStateConsentRow>({
        field: 'applicationNo',
        headerName: t.fields.applicationNo,
        minWidth: 160,
        to: (row) => WEB_LINKS.interStateConsent(row.id),
        text: (row) => row.applicationNo,
      }),
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
      viewColumn<InterStateConsentRow>({
        headerName: w.actions,
        view: w.view,
        viewOf: w.viewOf,
        to: (row) => WEB_LINKS.interStateConsent(row.id),
        name: (row) => row.applicationNo,
      }),
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
      filters={
        <StatusSearchFilters
          statuses={INTER_STATE_CONSENT_DISPLAY_STATUSES}
          statusLabels={t.statusLabels}
          text={{ filterTitle: w.filterTitle, allStatuses: w.allStatuses, status: t.fields.status, search: w.search }}
          onApply={applyFilter}
          initial={initial}
        />
      }
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
