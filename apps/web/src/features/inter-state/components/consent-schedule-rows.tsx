import AddIcon from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

import { FROM_TIME_BLOCKS, scheduleRowMwh, TO_TIME_BLOCKS, totalMwh } from '@stoa/shared/applications';
import { enApplications } from '@stoa/shared/messages';

import { LazyDateInput } from '../../../lib/form/lazy-date-field';
import { useConsentMessages } from '../consent-i18n';

export interface RowValues {
  oaFromDate: string;
  oaToDate: string;
  fromTimeBlock: string;
  toTimeBlock: string;
  oaRequirement: string;
}
export const emptyRow = (date = ''): RowValues => ({
  oaFromDate: date,
  oaToDate: date,
  fromTimeBlock: '00:00',
  toTimeBlock: '24:00',
  oaRequirement: '',
});

const F = enApplications.fields;

/**
 * Schedule rows of 15-minute blocks (the applications' row: dates, From/To time, MW, MWh computed by the
 * shared scheduleRowMwh); errors keyed `{path}.{i}.{field}` as the server and validateSchedule name them.
 */
export function ScheduleRowsEditor({
  rows,
  onChange,
  errors,
  path,
  label,
  disabled,
  mwLabel,
  minDate,
}: {
  rows: RowValues[];
  onChange: (rows: RowValues[]) => void;
  errors: Record<string, string>;
  path: string;
  label: string;
  disabled?: boolean;
  mwLabel?: string;
  minDate?: string;
}) {
  const w = useConsentMessages().web;
  const set = (i: number, field: keyof RowValues, value: string) => onChange(rows.map((r, k) => (k === i ? { ...r, [field]: value } : r)));
  const err = (i: number, field: string) => errors[`${path}.${i}.${field}`];
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} aria-label={label}>
      <Typography component="legend" variant="h3" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
        {label}
      </Typography>
      {errors[path] && (
        <Typography color="error" role="alert" sx={{ mb: 1 }}>
          {errors[path]}
        </Typography>
      )}
      {rows.map((r, i) => (
        <Box
          key={i}
          role="group"
          aria-label={w.row(i + 1)}
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr 1fr', md: '1.3fr 1.3fr 1fr 1fr 1fr 0.8fr auto' },
            alignItems: 'start',
            mb: 2,
            pb: { xs: 2, md: 0 },
            borderBottom: { xs: 1, md: 0 },
            borderColor: 'divider',
          }}
        >
          <LazyDateInput
            label={F.oaFromDate}
            value={r.oaFromDate}
            onChange={(value) => set(i, 'oaFromDate', value)}
            minDate={minDate}
            disabled={disabled}
            error={!!err(i, 'oaFromDate')}
            helperText={err(i, 'oaFromDate')}
          />
          <LazyDateInput
            label={F.oaToDate}
            value={r.oaToDate}
            onChange={(value) => set(i, 'oaToDate', value)}
            minDate={minDate}
            disabled={disabled}
            error={!!err(i, 'oaToDate')}
            helperText={err(i, 'oaToDate')}
          />
          <TextField
            select
            size="small"
            label={F.fromTimeBlock}
            value={r.fromTimeBlock}
            onChange={(ev) => set(i, 'fromTimeBlock', ev.target.value)}
            disabled={disabled}
            error={!!err(i, 'fromTimeBlock')}
            helperText={err(i, 'fromTimeBlock')}
          >
            {FROM_TIME_BLOCKS.map((x) => (
              <MenuItem key={x} value={x}>
                {x}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={F.toTimeBlock}
            value={r.toTimeBlock}
            onChange={(ev) => set(i, 'toTimeBlock', ev.target.value)}
            disabled={disabled}
            error={!!err(i, 'toTimeBlock')}
            helperText={err(i, 'toTimeBlock')}
          >
            {TO_TIME_BLOCKS.map((x) => (
              <MenuItem key={x} value={x}>
                {x}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={mwLabel ?? F.oaRequirement}
            value={r.oaRequirement}
            onChange={(ev) => set(i, 'oaRequirement', ev.target.value)}
            disabled={disabled}
            error={!!err(i, 'oaRequirement')}
            helperText={err(i, 'oaRequirement') ?? errors[`${path}.${i}`]}
            slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 10 } }}
          />
          <TextField size="small" label={w.mwh} value={scheduleRowMwh(r) ?? ''} slotProps={{ input: { readOnly: true } }} />
          <IconButton aria-label={w.removeRow(i + 1)} onClick={() => onChange(rows.filter((_, k) => k !== i))} disabled={disabled}>
            <DeleteOutline />
          </IconButton>
        </Box>
      ))}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button
          startIcon={<AddIcon />}
          onClick={() => onChange([...rows, emptyRow(rows.at(-1)?.oaToDate ?? minDate ?? '')])}
          disabled={disabled}
        >
          {w.addRow}
        </Button>
        {rows.length > 0 && <Typography color="text.secondary">{w.totalMwh(totalMwh(rows))}</Typography>}
      </Box>
    </Box>
  );
}
