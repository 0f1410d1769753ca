import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';

import { formatPaise } from '@stoa/shared/common';
import type { ReportDefinition, ReportMonthChart as Chart } from '@stoa/shared/reports';

import { ListError } from '../../../components/list-states';
import { visuallyHidden } from '../../../lib/a11y';
import { type ReportFilterValues, reportsQueries } from '../api/reports-queries';
import { useReportsMessages } from '../i18n';

const COLORS = ['#1565c0', '#2e7d32', '#6a1b9a', '#00838f', '#ef6c00'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "Jul 2026" of "2026-07". */
const monthLabel = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1] ?? ''} ${month.slice(0, 4)}`;
const compactRupees = new Intl.NumberFormat('en-IN', { notation: 'compact' });

/**
 * The chart of a report with a month chart (decision 0079: Financial Summary): each series' column
 * summed per month over every row that matches the filters applied (the report's own call), as bars for
 * the latest months, oldest on the left, in rupees. The figures are also a table for screen readers
 * (clipped in a visually hidden box, as the margin chart's); the grid under it has every row.
 */
export default function ReportMonthChart({ def, chart, values }: { def: ReportDefinition; chart: Chart; values: ReportFilterValues }) {
  const t = useReportsMessages().monthChart;
  const headingId = useId();
  const q = useQuery(reportsQueries.monthChartRows(def, chart, values));
  let body;
  if (q.isPending) body = <Skeleton variant="rounded" height={260} />;
  else if (q.isError) body = <ListError onRetry={() => void q.refetch()} />;
  else {
    const byMonth = new Map<string, number[]>();
    for (const r of q.data.rows) {
      const month = String(r[chart.month] ?? '');
      if (!month) continue;
      const sums = byMonth.get(month) ?? chart.series.map(() => 0);
      chart.series.forEach((s, i) => (sums[i]! += Number(r[s.column] ?? 0)));
      byMonth.set(month, sums);
    }
    const months = [...byMonth.keys()].sort().slice(-chart.months);
    if (months.length === 0) return null;
    const label = t.label(monthLabel(months[0]!), monthLabel(months.at(-1)!));
    body = (
      <>
        {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it (axe scrollable-region-focusable). */}
        <Box role="figure" aria-label={label} tabIndex={0} sx={{ width: '100%', overflowX: 'auto' }}>
          <Box sx={{ minWidth: 340 }} aria-hidden="true">
            <BarChart
              height={280}
              xAxis={[{ scaleType: 'band', data: months.map(monthLabel) }]}
              yAxis={[{ width: 72, valueFormatter: (v: number) => `${t.rupees}${compactRupees.format(v)}` }]}
              series={chart.series.map((s, i) => ({
                label: s.label,
                data: months.map((m) => byMonth.get(m)![i]! / 100),
                color: COLORS[i % COLORS.length],
                valueFormatter: (v: number | null) => (v === null ? '' : formatPaise(Math.round(v * 100))),
              }))}
              margin={{ left: 8, right: 8 }}
            />
          </Box>
          {/* A table does not shrink to the 1 px of visuallyHidden: clip it in a box that does, or it widens the page on a phone. */}
          <Box sx={visuallyHidden}>
            <Box component="table">
              <caption>{label}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.month}</th>
                  {chart.series.map((s) => (
                    <th key={s.column} scope="col">
                      {s.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {months.map((m) => (
                  <tr key={m}>
                    <th scope="row">{monthLabel(m)}</th>
                    {chart.series.map((s, i) => (
                      <td key={s.column}>{formatPaise(byMonth.get(m)![i]!)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </Box>
          </Box>
        </Box>
        {q.data.more && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t.more}
          </Typography>
        )}
      </>
    );
  }
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ mb: 2.5 }}>
      <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
        <Typography id={headingId} variant="h6" component="h2">
          {t.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t.intro}
        </Typography>
        {body}
      </CardContent>
    </Card>
  );
}
