import Box from '@mui/material/Box';
import { LineChart } from '@mui/x-charts/LineChart';

import { blockEndTime, BLOCKS_PER_DAY, blockStartTime, minutesToTime } from '@stoa/shared/applications';
import { centiToMw } from '@stoa/shared/common';

import { visuallyHidden } from '../lib/a11y';

const COLORS = ['#1565c0', '#ef6c00', '#2e7d32'];
/** hh:mm of hours after midnight (the x axis: 0 … 24). */
const timeOf = (hours: number) => minutesToTime(Math.round(hours * 60));

export interface BlockSeries {
  label: string;
  /** Centi-MW of each of the 96 blocks, block 1 first. */
  blocks: number[];
}

/**
 * MW per 15-minute block of one day as steps over 00:00–24:00 (decision 0072: STOA Margin Availability;
 * decision 0085: the public Open Access Information page), one line per series. The figures are also a
 * table for screen readers, one row per run of blocks (`runs`, block ranges with equal figures).
 */
export function BlockStepChart({
  label,
  series,
  runs,
  timeLabel,
  mwLabel,
}: {
  label: string;
  series: BlockSeries[];
  runs: { fromBlock: number; toBlock: number }[];
  timeLabel: string;
  mwLabel: string;
}) {
  // x in hours: block n starts at (n − 1) / 4; a last point at 24:00 repeats block 96 so its step is drawn in full.
  const hours = Array.from({ length: BLOCKS_PER_DAY + 1 }, (_, i) => i / 4);
  return (
    // Scrolls sideways on a phone: focusable, so a keyboard can scroll it (axe scrollable-region-focusable).
    <Box role="figure" aria-label={label} tabIndex={0} sx={{ width: '100%', overflowX: 'auto' }}>
      <Box sx={{ minWidth: 340 }} aria-hidden="true">
        <LineChart
          height={260}
          xAxis={[
            { data: hours, min: 0, max: 24, tickInterval: [0, 3, 6, 9, 12, 15, 18, 21, 24], valueFormatter: timeOf, label: timeLabel },
          ]}
          yAxis={[{ width: 56, min: 0, label: mwLabel }]}
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
              <th scope="col">{timeLabel}</th>
              {series.map((s) => (
                <th key={s.label} scope="col">
                  {s.label} ({mwLabel})
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {runs.map((r) => (
              <tr key={r.fromBlock}>
                <th scope="row">
                  {blockStartTime(r.fromBlock)}–{blockEndTime(r.toBlock)}
                </th>
                {series.map((s) => (
                  <td key={s.label}>{centiToMw(s.blocks[r.fromBlock - 1]!)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
    </Box>
  );
}
