import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { type Control, useFieldArray } from 'react-hook-form';

import { blockEndTime, blockStartTime } from '@stoa/shared/applications';
import { MAX_BLOCK_CAPS, type StandingClearanceBlockCap } from '@stoa/shared/inter-state';

import { type Column, ListTable } from '../../../components/list-table';
import { RhfTextField } from '../../../lib/form/rhf-text-field';
import { useInterStateMessages } from '../i18n';

export interface BlockCapValues {
  fromBlock: string;
  toBlock: string;
  maxBuyMw: string;
  maxSellMw: string;
}
export const emptyBlockCap = (): BlockCapValues => ({ fromBlock: '', toBlock: '', maxBuyMw: '', maxSellMw: '' });
export const BLOCK_CAP_FIELDS = ['fromBlock', 'toBlock', 'maxBuyMw', 'maxSellMw'] as const;

/** 'Block 33 = 08:00–08:15' for a typed block number, else nothing. */
function blockHint(value: string, end: boolean): string | undefined {
  const n = Number(value);
  if (!/^\d{1,2}$/.test(value.trim()) || n < 1 || n > 96) return undefined;
  return end ? `ends ${blockEndTime(n)}` : `starts ${blockStartTime(n)}`;
}

/**
 * The apply page's optional caps per block range (decision 0077): rows of From Block, To Block (1–96) and
 * the MW to buy and/or sell in those blocks, each row a labelled group; the server's errors land on their
 * fields (`blockCaps.{i}.{field}`).
 */
export function BlockCapsEditor<T extends { blockCaps: BlockCapValues[] }>({
  control,
  disabled,
  values,
  canBuy,
  canSell,
}: {
  control: Control<T>;
  disabled: boolean;
  values: BlockCapValues[];
  canBuy: boolean;
  canSell: boolean;
}) {
  const t = useInterStateMessages();
  const w = t.web;
  // useFieldArray is typed on the form: this editor only ever sees the blockCaps part.
  const c = control as unknown as Control<{ blockCaps: BlockCapValues[] }>;
  const { fields, append, remove } = useFieldArray({ control: c, name: 'blockCaps' });
  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
        {t.fields.blockCaps}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {w.blockCapsHelp}
      </Typography>
      {fields.map((f, i) => (
        <Box key={f.id} role="group" aria-label={w.blockCapRow(i + 1)} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 1.5 }}>
          <Grid container spacing={1.5} sx={{ flex: 1 }}>
            <Grid size={{ xs: 6, md: 3 }}>
              <RhfTextField
                control={c}
                name={`blockCaps.${i}.fromBlock`}
                label={t.fields.fromBlock}
                disabled={disabled}
                helperText={blockHint(values[i]?.fromBlock ?? '', false)}
                htmlInput={{ inputMode: 'numeric', maxLength: 2 }}
              />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <RhfTextField
                control={c}
                name={`blockCaps.${i}.toBlock`}
                label={t.fields.toBlock}
                disabled={disabled}
                helperText={blockHint(values[i]?.toBlock ?? '', true)}
                htmlInput={{ inputMode: 'numeric', maxLength: 2 }}
              />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <RhfTextField
                control={c}
                name={`blockCaps.${i}.maxBuyMw`}
                label={t.fields.blockBuyMw}
                disabled={disabled || !canBuy}
                htmlInput={{ inputMode: 'decimal', maxLength: 10 }}
              />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <RhfTextField
                control={c}
                name={`blockCaps.${i}.maxSellMw`}
                label={t.fields.blockSellMw}
                disabled={disabled || !canSell}
                htmlInput={{ inputMode: 'decimal', maxLength: 10 }}
              />
            </Grid>
          </Grid>
          <IconButton aria-label={w.removeBlockCap(i + 1)} onClick={() => remove(i)} disabled={disabled} sx={{ mt: 1 }}>
            <DeleteOutline />
          </IconButton>
        </Box>
      ))}
      <Button startIcon={<Add />} onClick={() => append(emptyBlockCap())} disabled={disabled || fields.length >= MAX_BLOCK_CAPS}>
        {w.addBlockCap}
      </Button>
    </Box>
  );
}

/** The detail's caps per block range (decision 0077): blocks, times and the MW of each side ('—': the overall cap). */
export function BlockCapsTable({ rows }: { rows: StandingClearanceBlockCap[] }) {
  const t = useInterStateMessages();
  const w = t.web;
  const columns: Column<StandingClearanceBlockCap>[] = [
    { key: 'blocks', header: w.blocks, render: (r) => `${r.fromBlock}–${r.toBlock}` },
    { key: 'times', header: w.times, render: (r) => `${r.fromTime}–${r.toTime}` },
    { key: 'buy', header: t.fields.blockBuyMw, align: 'right', render: (r) => r.maxBuyMw ?? '—' },
    { key: 'sell', header: t.fields.blockSellMw, align: 'right', render: (r) => r.maxSellMw ?? '—' },
  ];
  return <ListTable label={w.blockCapsTitle} columns={columns} rows={rows} rowKey={(r) => `${r.fromBlock}`} stackOnPhone />;
}
