import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';

import { BLOCKS_PER_DAY } from '@stoa/shared/applications';
import { formatReportCell, type ReportBlockChart as Chart, type ReportDefinition, type ReportRow } from '@stoa/shared/reports';

import { BlockStepChart } from '../../../components/block-step-chart';
import { ListError } from '../../../components/list-states';
import { reportsQueries } from '../api/reports-queries';
import { useReportsMessages } from '../i18n';

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
  return (
    <BlockStepChart
      label={label}
      series={series}
      runs={rows.map((r) => ({ fromBlock: Number(r[chart.fromBlock]), toBlock: Number(r[chart.toBlock]) }))}
      timeLabel={t.time}
      mwLabel={t.mw}
    />
  );
}
