import EditCalendarOutlined from '@mui/icons-material/EditCalendarOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MuiLink from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import { type ReactNode, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';

import { ALL } from '@stoa/shared/account';
import { enRevisions } from '@stoa/shared/messages';
import { REVISION_STATUSES, type RevisionListQuery, type RevisionRow, type RevisionStatus } from '@stoa/shared/revisions';

import { FilterCard } from '../../../components/filter-form';
import type { Column } from '../../../components/list-table';
import { ListPage } from '../../../components/list-page';
import { useFilteredServerList } from '../../../components/paged-list';
import { NOWRAP_CELL, ServerGrid } from '../../../components/server-grid';
import { formatDisplayDate, formatIstDateTime } from '../../../lib/dates';
import { LazyDateInput } from '../../../lib/form/lazy-date-field';
import { useDateRangeFilter } from '../../../lib/use-date-range-filter';
import { revisionPath } from '../format';
import { useRevisionMessages } from '../i18n';
import { revisionQueries } from '../api/revision-queries';
import { RevisionStatusChip } from './status-chip';

export interface RevisionFilter {
  status: RevisionStatus | typeof ALL;
  revisionNo: string;
  applicationNo: string;
  fromDate: string;
  toDate: string;
}
export const EMPTY_REVISION_FILTER: RevisionFilter = { status: ALL, revisionNo: '', applicationNo: '', fromDate: '', toDate: '' };

/** Only the filters with a value, trimmed ('All' is no filter). */
export function revisionFilterQuery(filter: RevisionFilter): Partial<RevisionListQuery> {
  const query: Partial<RevisionListQuery> = {};
  if (filter.status !== ALL) query.status = filter.status;
  for (const key of ['revisionNo', 'applicationNo', 'fromDate', 'toDate'] as const) {
    const value = filter[key].trim();
    if (value) query[key] = value;
  }
  return query;
}

/** 'Filter Revisions': status, revision and application numbers, effective dates; Reset and Submit. */
export function RevisionFilters({ onApply }: { onApply: (filter: RevisionFilter) => void }) {
  const t = useRevisionMessages().pages;
  const { values, setText: set, setDate, submit, reset, fromDateState } = useDateRangeFilter(EMPTY_REVISION_FILTER, onApply, t.fromAfterTo);
  return (
    <FilterCard title={t.filterTitle} onSubmit={submit} onReset={reset}>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <TextField select fullWidth label={t.status} value={values.status} onChange={set('status')}>
          <MenuItem value={ALL}>{t.all}</MenuItem>
          {REVISION_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {enRevisions.statusLabels[s]}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <TextField
          fullWidth
          label={t.revisionNo}
          value={values.revisionNo}
          onChange={set('revisionNo')}
          slotProps={{ htmlInput: { maxLength: 50 } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <TextField
          fullWidth
          label={t.applicationNo}
          value={values.applicationNo}
          onChange={set('applicationNo')}
          slotProps={{ htmlInput: { maxLength: 50 } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <LazyDateInput label={t.fromDate} value={values.fromDate} onChange={setDate('fromDate')} {...fromDateState} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <LazyDateInput label={t.toDate} value={values.toDate} onChange={setDate('toDate')} />
      </Grid>
    </FilterCard>
  );
}

function RevisionNoLink({ row }: { row: RevisionRow }) {
  return (
    <MuiLink component={Link} to={revisionPath(row.id, row.applicationId)} underline="hover" sx={{ fontWeight: 600 }}>
      {row.revisionNo}
    </MuiLink>
  );
}

function ViewButton({ row }: { row: RevisionRow }) {
  const t = useRevisionMessages().pages;
  return (
    <Button
      size="small"
      component={Link}
      to={revisionPath(row.id, row.applicationId)}
      startIcon={<VisibilityOutlined />}
      aria-label={t.viewOf(row.revisionNo)}
    >
      {t.view}
    </Button>
  );
}

const effectiveText = (row: RevisionRow) => `${formatDisplayDate(row.effectiveDate)} ${row.effectiveTime}`;

/**
 * A list of revisions (GetAppliedRevisions for applicants and traders, GetAll for the SLDC): filters,
 * a server-paged grid, empty and error states; a click on a row opens the revision. `panel` shows
 * under the title (the applicant's New revision).
 */
export function RevisionListPage({ scope, actions, panel }: { scope: 'oa' | 'sldc'; actions?: ReactNode; panel?: ReactNode }) {
  const t = useRevisionMessages().pages;
  const navigate = useNavigate();
  const { applyFilter, list, page } = useFilteredServerList(
    EMPTY_REVISION_FILTER,
    (applied: RevisionFilter, paging) => revisionQueries.list(scope, { ...revisionFilterQuery(applied), ...paging }),
    (data) => data.revisionList,
  );
  const columns = useMemo<GridColDef<RevisionRow>[]>(
    () => [
      {
        field: 'revisionNo',
        headerName: t.revisionNo,
        flex: 1,
        minWidth: 150,
        cellClassName: NOWRAP_CELL,
        renderCell: ({ row }) => <RevisionNoLink row={row} />,
      },
      { field: 'applicationNo', headerName: t.applicationNo, flex: 1.1, minWidth: 190, cellClassName: NOWRAP_CELL },
      {
        field: 'parties',
        headerName: t.parties,
        flex: 1.4,
        minWidth: 160,
        valueGetter: (_v, row) => `${row.sellerName} → ${row.buyerName}`,
      },
      { field: 'requestedBy', headerName: t.requestedBy, flex: 1, minWidth: 120 },
      {
        field: 'requestedAt',
        headerName: t.requestedAt,
        flex: 1,
        minWidth: 130,
        valueGetter: (_v, row) => formatIstDateTime(row.requestedAt),
      },
      { field: 'effective', headerName: t.effective, flex: 1, minWidth: 130, valueGetter: (_v, row) => effectiveText(row) },
      { field: 'reducedMwh', headerName: t.reducedMwh, flex: 0.7, minWidth: 100, type: 'number' },
      {
        field: 'scheduleVersion',
        headerName: t.version,
        flex: 0.5,
        minWidth: 80,
        valueGetter: (_v, row) => (row.scheduleVersion === null ? '—' : `v${row.scheduleVersion}`),
      },
      {
        field: 'status',
        headerName: t.status,
        flex: 1,
        minWidth: 150,
        renderCell: ({ row }) => <RevisionStatusChip status={row.status.status} />,
      },
      {
        field: 'actions',
        headerName: t.actions,
        minWidth: 95,
        flex: 0.5,
        sortable: false,
        renderCell: ({ row }) => <ViewButton row={row} />,
      },
    ],
    [t],
  );
  const phoneColumns = useMemo<Column<RevisionRow>[]>(
    () => [
      { key: 'revisionNo', header: t.revisionNo, render: (row) => <RevisionNoLink row={row} /> },
      { key: 'applicationNo', header: t.applicationNo, render: (row) => row.applicationNo },
      { key: 'effective', header: t.effective, render: (row) => effectiveText(row) },
      { key: 'status', header: t.status, render: (row) => <RevisionStatusChip status={row.status.status} /> },
      { key: 'actions', header: t.actions, hiddenHeader: true, render: (row) => <ViewButton row={row} /> },
    ],
    [t],
  );
  return (
    <ListPage
      title={scope === 'oa' ? t.oaTitle : t.sldcTitle}
      subtitle={scope === 'oa' ? t.oaSubtitle : t.sldcSubtitle}
      actions={actions}
      filters={
        <>
          {panel}
          <RevisionFilters onApply={applyFilter} />
        </>
      }
      list={list}
    >
      <ServerGrid
        label={t.gridLabel}
        {...page}
        columns={columns}
        phoneColumns={phoneColumns}
        empty={{ icon: EditCalendarOutlined, text: t.empty, hint: scope === 'oa' ? t.emptyHintOa : t.emptyHintSldc }}
        autoRowHeight
        columnHeaderHeight={64}
        onRowClick={({ row }) => void navigate(revisionPath(row.id, row.applicationId))}
        slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
        sx={{
          '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600, whiteSpace: 'normal', lineHeight: 1.3 },
          '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center', py: 1, minHeight: 52 },
          '& .MuiDataGrid-row': { cursor: 'pointer' },
        }}
      />
    </ListPage>
  );
}
