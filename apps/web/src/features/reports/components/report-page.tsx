import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridSortModel } from '@mui/x-data-grid';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useParams } from 'react-router';

import {
  formatReportCell,
  isNumericColumn,
  type ReportDefinition,
  type ReportPage as ReportPageData,
  type ReportRow,
  reportByName,
} from '@stoa/shared/reports';

import { ListPage } from '../../../components/list-page';
import { NotFoundView } from '../../../components/not-found-view';
import { useFilteredServerList } from '../../../components/paged-list';
import { NOWRAP_CELL, ServerGrid } from '../../../components/server-grid';
import { useAuthUser } from '../../../lib/auth-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { reportsQueries } from '../api/reports-queries';
import { useReportsMessages } from '../i18n';
import { ReportDownloads } from './report-downloads';
import { initialFilterOf, ReportFilters } from './report-filters';

type GridRow = ReportRow & { id: number };

/** The block chart (decision 0072) and its charting library load only for a report that has one. */
const ReportBlockChart = lazy(() => import('./report-block-chart'));
/** The month chart (decision 0079: Financial Summary), likewise. */
const ReportMonthChart = lazy(() => import('./report-month-chart'));

/**
 * `/reports/:reportName` (spec 001 §2 Reports, issue 15): the report of the registry named in the path,
 * for the roles it has (any other name or role: not found, as the menu never links there). Filters,
 * a chart where the report has one (the margin reports, decision 0072), a grid paged and sorted on the
 * server (by the filter card's Sort by or a click on a column header, decision 0079), the totals of every matching row, Excel and PDF.
 */
export function ReportPage() {
  const { reportName = '' } = useParams();
  const role = useAuthUser()?.role;
  const def = reportByName(reportName);
  if (!def || !role || !def.roles.includes(role)) return <NotFoundView />;
  // A new report starts with its own empty filter.
  return <Report key={def.name} def={def} />;
}

function Report({ def }: { def: ReportDefinition }) {
  const t = useReportsMessages();
  useDocumentTitle(def.label);
  const [initial] = useState(() => initialFilterOf(def));
  const { filter, applyFilter, list, page } = useFilteredServerList(
    initial,
    (values, paging) => reportsQueries.page(def, values, paging),
    (data: ReportPageData) => data.rows.map((row, i) => ({ ...row, id: i })) as GridRow[],
  );
  const columns = useMemo<GridColDef<GridRow>[]>(
    () =>
      def.columns.map((c, i) => ({
        field: c.key,
        headerName: c.label,
        // The first column identifies the row (application, registration, receipt number): never cut off.
        ...(i === 0 ? { cellClassName: NOWRAP_CELL } : {}),
        minWidth: i === 0 ? 210 : isNumericColumn(c) ? 130 : c.kind === 'text' ? 160 : 120,
        flex: c.kind === 'text' ? 1 : undefined,
        align: isNumericColumn(c) ? 'right' : 'left',
        headerAlign: isNumericColumn(c) ? 'right' : 'left',
        valueGetter: (_v, row) => formatReportCell(c, row[c.key]),
      })),
    [def],
  );
  // The grid's headers sort on the server (decision 0079): the sort is the applied filter's, and a header click applies it.
  const sortModel = useMemo<GridSortModel>(() => {
    const [field = def.defaultSort.column, direction = 'asc'] = (filter.sort ?? '').split(':').filter(Boolean);
    return [{ field, sort: direction === 'desc' ? 'desc' : 'asc' }];
  }, [filter.sort, def]);
  const onSortChange = useCallback(
    (model: GridSortModel) => {
      const first = model[0];
      if (first?.sort) applyFilter({ ...filter, sort: `${first.field}:${first.sort}` });
    },
    [applyFilter, filter],
  );
  const totals = list.data?.totals ?? null;
  return (
    <ListPage
      title={def.label}
      subtitle={t.subtitle}
      actions={<ReportDownloads def={def} values={filter} />}
      filters={<ReportFilters def={def} initial={initial} sort={filter.sort ?? ''} onApply={applyFilter} />}
      list={list}
    >
      {def.chart && list.data && list.data.rows.length > 0 && (
        <Suspense fallback={<Skeleton variant="rounded" height={320} sx={{ mb: 2.5 }} />}>
          <ReportBlockChart def={def} chart={def.chart} rows={list.data.rows} />
        </Suspense>
      )}
      {def.monthChart && list.data && list.data.rows.length > 0 && (
        <Suspense fallback={<Skeleton variant="rounded" height={340} sx={{ mb: 2.5 }} />}>
          <ReportMonthChart def={def} chart={def.monthChart} values={filter} />
        </Suspense>
      )}
      <ServerGrid
        label={t.gridLabel(def.label)}
        {...page}
        columns={columns}
        pinnedRight={[]}
        sort={{ model: sortModel, onChange: onSortChange }}
        empty={{ icon: AssessmentOutlined, text: t.empty, hint: t.emptyHint }}
        phoneColumns={def.columns.map((c) => ({ key: c.key, header: c.label, render: (row: GridRow) => formatReportCell(c, row[c.key]) }))}
      />
      {totals && page.rowCount > 0 && (
        <Card component="section" aria-label={t.totalsLabel} sx={{ mt: 2 }}>
          <CardContent>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
              {t.total} · {t.rowCount(page.rowCount)}
            </Typography>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr auto', sm: 'repeat(3, auto 1fr)' }, gap: 1, m: 0 }}>
              {def.columns
                .filter((c) => c.total)
                .map((c) => (
                  <Box key={c.key} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {c.label}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, textAlign: 'right' }} data-total={c.key}>
                      {formatReportCell(c, totals[c.key] ?? 0)}
                    </Typography>
                  </Box>
                ))}
            </Box>
          </CardContent>
        </Card>
      )}
    </ListPage>
  );
}
