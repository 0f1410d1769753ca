import Add from '@mui/icons-material/Add';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import { LOAD_CENTRE_ROLES, type Role, UTILITY_ROLES } from '@stoa/shared/account';
import { buildPath } from '@stoa/shared/common';
import {
  STANDING_CLEARANCE_DISPLAY_STATUSES,
  type StandingClearanceDisplayStatus,
  type StandingClearanceRow,
  type StandingClearanceType,
} from '@stoa/shared/inter-state';
import { WEB_ROUTES } from '@stoa/shared/navigation';

import { filterWithStatusFrom } from '../../../components/filter-form';
import { numberLinkColumn, viewColumn } from '../../../components/grid-columns';
import { ListPage } from '../../../components/list-page';
import { useFilteredServerList } from '../../../components/paged-list';
import { ServerGrid } from '../../../components/server-grid';
import { useAuthUser } from '../../../lib/auth-store';
import { formatDisplayDate } from '../../../lib/dates';
import { standingClearanceQueries } from '../api/standing-clearance-queries';
import { useInterStateMessages } from '../i18n';
import { ClearanceStatusChip, FeeUnpaidChip } from './status-chip';
import { EMPTY_STATUS_SEARCH, type StatusSearchFilter, StatusSearchFilters, statusSearchQuery } from './status-search-filters';
import { UtilisationUploadButton } from './utilisation-upload-dialog';

export const clearancePath = (id: string) => buildPath(WEB_ROUTES.standingClearanceView.path, { id });

type Filter = StatusSearchFilter<StandingClearanceDisplayStatus>;
const EMPTY_FILTER: Filter = EMPTY_STATUS_SEARCH;

const TABS: { value: StandingClearanceType | 'All'; path: string }[] = [
  { value: 'All', path: WEB_ROUTES.standingClearances.path },
  { value: 'PowerExchange', path: WEB_ROUTES.standingClearancesPowerExchange.path },
  { value: 'Bilateral', path: WEB_ROUTES.standingClearancesBilateral.path },
];

/**
 * `/standing-clearance-power` (and its `/power-exchange` and `/bilateral` tabs, the SLDC's Inter-state menu
 * entries): the SLDC roles see every standing clearance, an applicant or trader its own; applicants apply from here.
 */
export function StandingClearanceListPage({ type }: { type?: StandingClearanceType }) {
  const t = useInterStateMessages();
  const w = t.web;
  const user = useAuthUser();
  const role: Role = user?.role ?? 'OABusinessUser';
  const sldc = (LOAD_CENTRE_ROLES as readonly Role[]).includes(role);
  // DISCOM/TRANSCO users see the clearances whose consent was asked of their utility (decision 0062); they do not apply.
  const utility = (UTILITY_ROLES as readonly Role[]).includes(role);
  const [search] = useSearchParams();
  // Opened from a dashboard figure (decision 0079): the list starts filtered to its status.
  const [initial] = useState(() => filterWithStatusFrom(search, STANDING_CLEARANCE_DISPLAY_STATUSES, EMPTY_FILTER) as Filter);
  const { applyFilter, list, page } = useFilteredServerList(
    initial,
    (applied: Filter, paging) =>
      standingClearanceQueries.list({ ...statusSearchQuery(applied), ...(type ? { transactionType: type } : {}), ...paging }),
    (data) => data.standingClearanceList,
  );
  const showType = !type;
  const columns = useMemo<GridColDef<StandingClearanceRow>[]>(
    () =>
      (
        [
          numberLinkColumn<StandingClearanceRow>({
            field: 'applicationNo',
            headerName: t.fields.applicationNo,
            minWidth: 165,
            to: (row) => clearancePath(row.id),
            text: (row) => row.applicationNo,
          }),
          { field: 'certificateNo', headerName: t.fields.certificateNo, minWidth: 175, valueGetter: (_v, row) => row.certificateNo ?? '—' },
          { field: 'entityName', headerName: t.fields.entityName, minWidth: 180, flex: 1 },
          {
            field: 'transactionType',
            headerName: t.fields.transactionType,
            minWidth: 190,
            valueGetter: (_v, row) => t.typeLabels[row.transactionType],
          },
          {
            field: 'mw',
            headerName: 'MW',
            minWidth: 170,
            sortable: false,
            valueGetter: (_v, row) => w.mwSummary(row.maxBuyMw, row.maxSellMw),
          },
          {
            field: 'validity',
            headerName: `${t.fields.validFrom} – ${t.fields.validTo}`,
            minWidth: 220,
            valueGetter: (_v, row) => `${formatDisplayDate(row.validFrom)} – ${formatDisplayDate(row.validTo)}`,
          },
          {
            field: 'status',
            headerName: t.fields.status,
            minWidth: 200,
            renderCell: ({ row }) => (
              <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', height: '100%', flexWrap: 'wrap' }}>
                <ClearanceStatusChip status={row.status} />
                {row.feeUnpaid && <FeeUnpaidChip label={w.feeUnpaid} />}
              </Box>
            ),
          },
          viewColumn<StandingClearanceRow>({
            headerName: w.actions,
            view: w.view,
            viewOf: w.viewOf,
            to: (row) => clearancePath(row.id),
            name: (row) => row.applicationNo,
          }),
        ] as GridColDef<StandingClearanceRow>[]
      ).filter((c) => showType || c.field !== 'transactionType'), // on a type's tab every row is of that type
    [t, w, showType],
  );
  // The SLDC roles reach the consents for inter-state STOA from here (spec 001 §2 gives them no menu entry; decision 0068).
  const consents = sldc ? (
    <Button variant="outlined" component={Link} to={WEB_ROUTES.interStateConsents.path}>
      {w.consentsLink}
    </Button>
  ) : null;
  // The SLDC business user uploads the power exchange's cleared volumes (decision 0063).
  const applyButton =
    role === 'SLDCBusinessUser' ? (
      <>
        {consents}
        <UtilisationUploadButton />
      </>
    ) : sldc ? (
      consents
    ) : utility ? null : (
      <Button
        variant="contained"
        startIcon={<Add />}
        component={Link}
        to={`${WEB_ROUTES.standingClearanceApply.path}${type ? `?type=${type}` : ''}`}
      >
        {w.apply}
      </Button>
    );
  const title = type ? t.titles[type] : t.title;
  return (
    <ListPage
      title={title}
      subtitle={sldc ? w.sldcSubtitle : utility ? w.utilitySubtitle : w.applicantSubtitle}
      actions={applyButton}
      filters={
        <>
          <Tabs
            value={type ?? 'All'}
            aria-label={w.tabsLabel}
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            {TABS.map((tab) => (
              <Tab
                key={tab.value}
                value={tab.value}
                label={tab.value === 'All' ? w.allTypes : t.typeLabels[tab.value]}
                component={Link}
                to={tab.path}
              />
            ))}
          </Tabs>
          <StatusSearchFilters
            statuses={STANDING_CLEARANCE_DISPLAY_STATUSES}
            statusLabels={t.statusLabels}
            text={{ filterTitle: w.filterTitle, allStatuses: w.allStatuses, status: t.fields.status, search: w.search }}
            onApply={applyFilter}
            initial={initial}
          />
        </>
      }
      list={list}
    >
      <ServerGrid
        label={w.gridLabel}
        {...page}
        columns={columns}
        empty={{ icon: VerifiedUserOutlined, text: w.empty, hint: sldc || utility ? w.emptyHint : w.applicantEmptyHint }}
        phoneColumns={[
          { key: 'no', header: t.fields.applicationNo, render: (row) => <Link to={clearancePath(row.id)}>{row.applicationNo}</Link> },
          { key: 'entity', header: t.fields.entityName, render: (row) => row.entityName },
          { key: 'type', header: t.fields.transactionType, render: (row) => t.typeLabels[row.transactionType] },
          { key: 'mw', header: 'MW', render: (row) => w.mwSummary(row.maxBuyMw, row.maxSellMw) },
          {
            key: 'validity',
            header: `${t.fields.validFrom} – ${t.fields.validTo}`,
            render: (row) => `${formatDisplayDate(row.validFrom)} – ${formatDisplayDate(row.validTo)}`,
          },
          {
            key: 'status',
            header: t.fields.status,
            render: (row) => (
              <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                <ClearanceStatusChip status={row.status} />
                {row.feeUnpaid && <FeeUnpaidChip label={w.feeUnpaid} />}
              </Box>
            ),
          },
        ]}
      />
    </ListPage>
  );
}

export const AllStandingClearancesPage = () => <StandingClearanceListPage />;
export const PowerExchangeClearancesPage = () => <StandingClearanceListPage type="PowerExchange" />;
export const BilateralClearancesPage = () => <StandingClearanceListPage type="Bilateral" />;
