import Add from '@mui/icons-material/Add';
import PublicOutlined from '@mui/icons-material/PublicOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import { LOAD_CENTRE_ROLES, type Role, UTILITY_TYPES, type UtilityType } from '@stoa/shared/account';
import {
  INTER_STATE_REGISTRATION_STATUSES,
  type InterStateRegistrationRow,
  type InterStateRegistrationStatus,
} from '@stoa/shared/inter-state';
import { WEB_LINKS } from '@stoa/shared/navigation';

import { type FilterField, FilterForm, filterWithStatusFrom } from '../../../components/filter-form';
import { numberLinkColumn, viewColumn } from '../../../components/grid-columns';
import { ListPage } from '../../../components/list-page';
import { useFilteredServerList } from '../../../components/paged-list';
import { ServerGrid } from '../../../components/server-grid';
import { useAuthUser } from '../../../lib/auth-store';
import { formatIstDateTime } from '../../../lib/dates';
import { isrQueries } from '../api/isr-queries';
import { useIsrMessages } from '../isr-i18n';

const TONE: Record<InterStateRegistrationStatus, string> = {
  Draft: 'grey.700',
  Submitted: 'info.dark',
  PendingDISCOMApproval: 'warning.dark',
  PendingTRANSCOApproval: 'warning.dark',
  PendingSLDCApproval: 'secondary.dark',
  Approved: 'success.dark',
  SLDCReturned: 'warning.dark',
  DISCOMReturned: 'warning.dark',
  TRANSCOReturned: 'warning.dark',
  Returned: 'warning.dark',
  SLDCRejected: 'error.dark',
  DISCOMRejected: 'error.dark',
  TRANSCORejected: 'error.dark',
  Rejected: 'error.dark',
};

/** An inter-state registration's status as a chip (dark shades keep white text above 4.5:1). */
export function IsrStatusChip({ status, label }: { status: InterStateRegistrationStatus; label: string }) {
  return <Chip size="small" label={label} sx={{ bgcolor: TONE[status], color: '#fff', fontWeight: 500, maxWidth: '100%' }} />;
}

interface Filter {
  status: InterStateRegistrationStatus | 'All';
  utilityType: UtilityType | 'All';
  search: string;
}
const EMPTY: Filter = { status: 'All', utilityType: 'All', search: '' };
const queryOf = (f: Filter) => ({
  ...(f.status !== 'All' ? { status: f.status } : {}),
  ...(f.utilityType !== 'All' ? { utilityType: f.utilityType } : {}),
  ...(f.search.trim() ? { search: f.search.trim() } : {}),
});

const linkOf = (row: InterStateRegistrationRow) => WEB_LINKS.interStateRegistration(row.utilityType, row.id);

/**
 * `/inter-state-registration` (spec 001 §2; decision 0076): the owner's inter-state registrations with
 * Register for Inter-State; a trader's applicants'; a DISCOM/TRANSCO user's embedded entities; the SLDC's all.
 */
export function IsrListPage() {
  const t = useIsrMessages();
  const w = t.web;
  const role: Role = useAuthUser()?.role ?? 'OABusinessUser';
  const owner = role === 'OABusinessUser';
  const sldc = (LOAD_CENTRE_ROLES as readonly Role[]).includes(role);
  const subtitle = owner ? w.ownerSubtitle : role === 'Trader' ? w.traderSubtitle : sldc ? w.sldcSubtitle : w.utilitySubtitle;
  const [search] = useSearchParams();
  // Opened from a dashboard figure (decision 0084): the list starts filtered to its status.
  const [initial] = useState(() => filterWithStatusFrom(search, INTER_STATE_REGISTRATION_STATUSES, EMPTY) as Filter);
  const { applyFilter, list, page } = useFilteredServerList(
    initial,
    (f: Filter, paging) => isrQueries.list({ ...queryOf(f), ...paging }),
    (data) => data.registrationList,
  );
  const columns = useMemo<GridColDef<InterStateRegistrationRow>[]>(
    () => [
      numberLinkColumn<InterStateRegistrationRow>({
        field: 'interStateRegistrationNo',
        headerName: t.fields.interStateRegistrationNo,
        minWidth: 170,
        to: linkOf,
        text: (row) => row.interStateRegistrationNo ?? w.none,
      }),
      { field: 'entityName', headerName: t.fields.entityName, minWidth: 180, flex: 1 },
      {
        field: 'registrationNo',
        headerName: t.fields.registrationNo,
        minWidth: 170,
        valueGetter: (_v, row) => row.registrationNo ?? w.none,
      },
      {
        field: 'noarRegistrationNo',
        headerName: t.fields.noarRegistrationNo,
        minWidth: 170,
        valueGetter: (_v, row) => row.noarRegistrationNo ?? w.none,
      },
      {
        field: 'utility',
        headerName: t.fields.utility,
        minWidth: 200,
        valueGetter: (_v, row) => `${row.utilityName ?? w.none} (${row.utilityType})`,
      },
      { field: 'updatedOn', headerName: t.fields.updatedOn, minWidth: 170, valueGetter: (_v, row) => formatIstDateTime(row.updatedOn) },
      {
        field: 'status',
        headerName: t.fields.status,
        minWidth: 200,
        renderCell: ({ row }) => <IsrStatusChip status={row.status.status} label={row.status.statusDescription} />,
      },
      viewColumn<InterStateRegistrationRow>({
        headerName: w.actions,
        view: w.view,
        viewOf: w.viewOf,
        to: linkOf,
        name: (row) => row.entityName,
      }),
    ],
    [t, w],
  );
  const fields: FilterField<Filter>[] = [
    {
      name: 'status',
      label: t.fields.status,
      options: [
        { value: 'All', label: w.allStatuses },
        ...INTER_STATE_REGISTRATION_STATUSES.map((s) => ({ value: s, label: t.statusLabels[s] })),
      ],
    },
    {
      name: 'utilityType',
      label: t.fields.utilityType,
      options: [{ value: 'All', label: w.allUtilityTypes }, ...UTILITY_TYPES.map((u) => ({ value: u, label: u }))],
    },
    { name: 'search', label: w.search, maxLength: 100 },
  ];
  return (
    <ListPage
      title={t.title}
      subtitle={subtitle}
      actions={
        owner ? (
          <Button variant="contained" startIcon={<Add />} component={Link} to={WEB_LINKS.interStateRegistration('DISCOM', 'new')}>
            {t.newButton}
          </Button>
        ) : null
      }
      filters={
        <FilterForm<Filter>
          title={w.filterTitle}
          fields={fields}
          empty={EMPTY}
          fieldSize={{ xs: 12, sm: 6, md: 4 }}
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
        empty={{ icon: PublicOutlined, text: owner ? t.emptyOwner : t.empty, hint: owner ? w.ownerEmptyHint : w.emptyHint }}
        phoneColumns={[
          { key: 'entity', header: t.fields.entityName, render: (row) => <Link to={linkOf(row)}>{row.entityName}</Link> },
          { key: 'no', header: t.fields.interStateRegistrationNo, render: (row) => row.interStateRegistrationNo ?? w.none },
          { key: 'noar', header: t.fields.noarRegistrationNo, render: (row) => row.noarRegistrationNo ?? w.none },
          { key: 'utility', header: t.fields.utility, render: (row) => `${row.utilityName ?? w.none} (${row.utilityType})` },
          {
            key: 'status',
            header: t.fields.status,
            render: (row) => <IsrStatusChip status={row.status.status} label={row.status.statusDescription} />,
          },
        ]}
      />
    </ListPage>
  );
}
