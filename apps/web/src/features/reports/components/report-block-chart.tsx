import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';

import { blockEndTime, BLOCKS_PER_DAY, blockStartTime, minutesToTime } from '@stoa/shared/applications';
import { centiToMw } from '@stoa/shared/common';
import { formatReportCell, type ReportBlockChart as Chart, type ReportDefinition, type ReportRow } from '@stoa/shared/reports';

import { ListError } from '../../../components/list-states';
import { visuallyHidden } from '../../../lib/a11y';
import { reportsQueries } from '../api/reports-queries';
import { useReportsMessages } from '../i18n';

const COLORS = ['#1565c0', '#ef6c00'];
/** hh:mm of hours after midnight (the x axis: 0 … 24). */
const timeOf = (hours: number) => minutesToTime(Math.round(hours * 60));

/**
 * The chart of a report with a block chart (decision 0072: STOA Margin Availability), shown while the
 * grid's page has rows: for one date and element — the page's first, or another of the page chosen
 * here — each series (margin; booked = the granted columns added up) as a step over the 96 blocks,
 * from the report's own rows of that date and element. The figures are also a table for screen
 * readers; the grid under it has them all.
 */
export default function ReportBlockChart({ def, chart, rows }: { def: ReportDefinition; chart: Chart; rows: ReportRow[] }) {
  const t = useReportsMessages().chart;
  const headingId = useId();
  const [dateKey, elementKey] = chart.by;
  const pairs = [
    ...new Map(rows.map((r) => [`${r[dateKey]}|${r[elementKey]}`, { date: String(r[dateKey]), element: String(r[elementKey]) }])),
  ];
  const [chosen, setChosen] = useState('');
  const [key, pair] = pairs.find(([k]) => k === chosen) ?? pairs[0] ?? ['', undefined];
  const dateColumn = def.columns.find((c) => c.key === dateKey)!;
  const dmy = (date: string) => formatReportCell(dateColumn, date);
  const shown = (p: { date: string; element: string }) => `${dmy(p.date)} · ${p.element}`;
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ mb: 2.5 }}>
      <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
        <Typography id={headingId} variant="h6" component="h2">
          {t.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t.intro}
        </Typography>
        {pairs.length > 1 && (
          <TextField
            id="report-chart-of"
            select
            size="small"
            label={t.of}
            value={key}
            onChange={(e) => setChosen(e.target.value)}
            sx={{ mb: 2, minWidth: { xs: '100%', sm: 360 } }}
          >
            {pairs.map(([k, p]) => (
              <MenuItem key={k} value={k}>
                {shown(p)}
              </MenuItem>
            ))}
          </TextField>
        )}
        {pair && (
          <BlockChart def={def} chart={chart} date={pair.date} element={pair.element} label={t.label(dmy(pair.date), pair.element)} />
        )}
      </CardContent>
    </Card>
  );
}

function BlockChart({
  def,
  chart,
  date,
  element,
  label,
}: {
  def: ReportDefinition;
  chart: Chart;
  date: string;
  element: string;
  label: string;
}) {
  const t = useReportsMessages().chart;
  const q = useQuery(reportsQueries.chartRows(def, chart, date, element));
  if (q.isPending) return <Skeleton variant="rounded" height={260} aria-label={label} />;
  if (q.isError) return <ListError onRetry={() => void q.refetch()} />;
  const rows = q.data;
  // Centi-MW per block of each series, from the rows' block ranges (a block no row covers stays 0).
  const series = chart.series.map((s) => {
    const blocks = new Array<number>(BLOCKS_PER_DAY).fill(0);
    for (const r of rows)
      for (let b = Number(r[chart.fromBlock]); b <= Number(r[chart.toBlock]); b++)
        blocks[b - 1] = s.columns.reduce((sum, c) => sum + Number(r[c] ?? 0), 0);
    return { label: s.label, blocks };
  });
  // x in hours: block n starts at (n − 1) / 4; a last point at 24:00 repeats block 96 so its step is drawn in full.
  const hours = Array.from({ length: BLOCKS_PER_DAY + 1 }, (_, i) => i / 4);
  return (
    // Scrolls sideways on a phone: focusable, so a keyboard can scroll it (axe scrollable-region-focusable).
    <Box role="figure" aria-label={label} tabIndex={0} sx={{ width: '100%', overflowX: 'auto' }}>
      <Box sx={{ minWidth: 340 }} aria-hidden="true">
        <LineChart
          height={260}
          xAxis={[{ data: hours, min: 0, max: 24, tickInterval: [0, 3, 6, 9, 12, 15, 18, 21, 24], valueFormatter: timeOf, label: t.time }]}
          yAxis={[{ width: 56, min: 0, label: t.mw }]}
          series={series.map((s, i) => ({
            label: s.label,
            data: [...s.blocks, s.blocks[BLOCKS_PER_DAY - 1]!].map((c) => c / 100),
            curve: 'stepAfter' as const,
            showMark: false,
            color: COLORS[i % COLORS.length],
            valueFormatter: (v: number | null) => (v === null ? '' : `${v.toFixed(2)} MW`),
          }))}
          margin={{ left: 8, right: 16 }}
        />
      </Box>
      {/* A table does not shrink to the 1 px of visuallyHidden: clip it in a box that does, or it widens the page on a phone. */}
      <Box sx={visuallyHidden}>
        <Box component="table">
          <caption>{label}</caption>
          <thead>
            <tr>
              <th scope="col">{t.time}</th>
              {series.map((s) => (
                <th key={s.label} scope="col">
                  {s.label} ({t.mw})
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={String(r[chart.fromBlock])}>
                <th scope="row">
                  {blockStartTime(Number(r[chart.fromBlock]))}–{blockEndTime(Number(r[chart.toBlock]))}
                </th>
                {series.map((s) => (
                  <td key={s.label}>{centiToMw(s.blocks[Number(r[chart.fromBlock]) - 1]!)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
    </Box>
  );
}
