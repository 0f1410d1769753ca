import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

import { BLOCKS_PER_DAY } from '@stoa/shared/applications';
import { mwToCenti } from '@stoa/shared/common';
import type { OpenAccessInformation, OpenAccessMargin } from '@stoa/shared/reports';

import { BlockStepChart } from '../../../components/block-step-chart';
import { ListEmpty } from '../../../components/list-states';
import { formatDisplayDate } from '../../../lib/dates';
import { DataTable, Section, useOpenAccessMessages } from './open-access-table';

/** Centi-MW per block of one figure of the runs. */
function blocksOf(m: OpenAccessMargin, figure: 'margin' | 'booked' | 'available'): number[] {
  const blocks = new Array<number>(BLOCKS_PER_DAY).fill(0);
  for (const r of m.runs) for (let b = r.fromBlock; b <= r.toBlock; b++) blocks[b - 1] = mwToCenti(r[figure]);
  return blocks;
}

/**
 * The margin published for the next days (decision 0085): a date to choose, its elements with the
 * lowest and highest MW available over the day, and the chart of one element's margin, booked and
 * available MW over the 96 blocks (the STOA Margin Availability report's chart).
 */
export function MarginsSection({ data }: { data: OpenAccessInformation['margins'] }) {
  const t = useOpenAccessMessages().margins;
  const dates = [...new Set(data.elements.map((e) => e.date))];
  const [chosenDate, setDate] = useState('');
  const [chosenElement, setElement] = useState('');
  const date = dates.includes(chosenDate) ? chosenDate : (dates[0] ?? '');
  const ofDate = data.elements.filter((e) => e.date === date);
  const shown = ofDate.find((e) => e.element === chosenElement) ?? ofDate[0];
  const from = formatDisplayDate(data.fromDate);
  const to = formatDisplayDate(data.toDate);
  return (
    <Section title={t.title} intro={t.intro(from, to)}>
      {!shown ? (
        <ListEmpty text={t.empty(from, to)} />
      ) : (
        <>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
            <TextField
              id="open-access-margin-date"
              select
              size="small"
              label={t.date}
              value={date}
              onChange={(e) => setDate(e.target.value)}
              sx={{ width: { xs: '100%', sm: 220 } }}
            >
              {dates.map((d) => (
                <MenuItem key={d} value={d}>
                  {formatDisplayDate(d)}
                </MenuItem>
              ))}
            </TextField>
            {ofDate.length > 1 && (
              <TextField
                id="open-access-margin-element"
                select
                size="small"
                label={t.element}
                value={shown.element}
                onChange={(e) => setElement(e.target.value)}
                sx={{ width: { xs: '100%', sm: 320 } }}
              >
                {ofDate.map((e) => (
                  <MenuItem key={e.element} value={e.element}>
                    {e.element}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </Box>
          <BlockStepChart
            label={t.chartLabel(formatDisplayDate(shown.date), shown.element)}
            series={[
              { label: t.margin, blocks: blocksOf(shown, 'margin') },
              { label: t.booked, blocks: blocksOf(shown, 'booked') },
              { label: t.available, blocks: blocksOf(shown, 'available') },
            ]}
            runs={shown.runs}
            timeLabel={t.time}
            mwLabel={t.mw}
          />
          <Box sx={{ mt: 2 }}>
            <DataTable
              label={`${t.tableLabel} · ${formatDisplayDate(date)}`}
              columns={[t.element, t.lowest, t.highest]}
              numeric={(i) => i > 0}
              rows={ofDate.map((e) => ({ key: e.element, cells: [e.element, e.minAvailable, e.maxAvailable] }))}
            />
          </Box>
        </>
      )}
    </Section>
  );
}
