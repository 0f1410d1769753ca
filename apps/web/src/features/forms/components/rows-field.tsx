import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useContext, useId } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';

import {
  columnTotal,
  type ColumnField,
  isVisible,
  type TableInputField,
  unitColumns,
  type UnitDetailsField,
  type ZoneDetailsField,
} from '@stoa/shared/forms';

import { useFormsMessages } from '../i18n';
import { ReadOnlyText, TableCellContext, useFieldMessages } from './field-parts';
import { FormEngineContext } from './form-context';
import { ColumnFieldView } from './column-field';
import { DEFAULT_ACCEPT } from './file-field';

type Row = Record<string, unknown>;

interface RowsFieldProps {
  name: string;
  label: string;
  columns: readonly ColumnField[];
  required?: boolean;
  readOnly: boolean;
  hint?: string;
  maxRows?: number;
  addLabel?: string;
  footer?: ReactNode;
}

const emptyRow = (columns: readonly ColumnField[]): Row =>
  Object.fromEntries(
    columns.map((c) => [c.name, c.kind === 'checkbox' ? false : c.kind === 'text' && c.inputType === 'number' ? null : '']),
  );

/**
 * Rows the user adds and removes, each a group of labelled cells (a card per row, so it reads
 * on a phone too); cells at `${name}.${i}.${column}`.
 */
export function RowsField({ name, label, columns, required, readOnly, hint, maxRows, addLabel, footer }: RowsFieldProps) {
  const t = useFormsMessages();
  const id = useId();
  const { fields, append, remove } = useFieldArray({ name, keyName: 'rowKey' });
  const { invalid, helper } = useFieldMessages(name, hint);
  const full = maxRows !== undefined && fields.length >= maxRows;
  return (
    <Box component="fieldset" aria-describedby={helper ? `${id}-helper` : undefined} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1, color: invalid ? 'error.main' : undefined }}>
        {label}
        {required && !readOnly ? ' *' : ''}
      </Typography>
      {fields.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t.noRows}
        </Typography>
      )}
      {fields.map((row, i) => (
        <RowCard
          key={row.rowKey}
          name={name}
          index={i}
          label={label}
          columns={columns}
          readOnly={readOnly}
          onRemove={readOnly ? undefined : () => remove(i)}
        />
      ))}
      {helper && (
        <FormHelperText id={`${id}-helper`} error={invalid} sx={{ mb: 1 }}>
          {helper}
        </FormHelperText>
      )}
      {footer}
      {!readOnly && (
        <Button variant="outlined" size="small" startIcon={<Add />} onClick={() => append(emptyRow(columns))} disabled={full}>
          {addLabel ?? t.addRow}
        </Button>
      )}
    </Box>
  );
}

function RowCard({
  name,
  index,
  label,
  columns,
  readOnly,
  onRemove,
}: {
  name: string;
  index: number;
  label: string;
  columns: readonly ColumnField[];
  readOnly: boolean;
  onRemove?: () => void;
}) {
  const t = useFormsMessages();
  const engine = useContext(FormEngineContext);
  const errorId = useId();
  const { getValues } = useFormContext();
  const row = useWatch({ name: `${name}.${index}` }) as Row | undefined;
  // An error of the row as a whole (e.g. a schedule overlap), shown under its cells.
  const rowMessages = useFieldMessages(`${name}.${index}`);
  const scope = { ...getValues(), ...(row ?? {}) };
  const shown = columns.filter((c) => isVisible(c.visibleWhen, scope));
  const md = shown.length >= 3 ? 4 : shown.length === 2 ? 6 : 12;
  const computed = (column: ColumnField) => engine?.computedCells?.[`${name}.${column.name}`];
  return (
    <Box
      role="group"
      aria-label={`${label} ${index + 1}`}
      aria-describedby={rowMessages.invalid ? errorId : undefined}
      sx={{ border: 1, borderColor: rowMessages.invalid ? 'error.main' : 'divider', borderRadius: 2, p: 2, pt: 1, mb: 1.5 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', minHeight: 40, mb: 1 }}>
        <Typography variant="subtitle2" color="text.secondary">
          {index + 1}
        </Typography>
        {onRemove && (
          <IconButton size="small" aria-label={t.removeRow(index + 1)} onClick={onRemove}>
            <DeleteOutline fontSize="small" />
          </IconButton>
        )}
      </Stack>
      <TableCellContext.Provider value>
        <Grid container spacing={2}>
          {shown.map((column) => {
            const compute = computed(column);
            return (
              <Grid key={column.name} size={{ xs: 12, sm: 6, md }}>
                {compute ? (
                  <ReadOnlyText label={column.label} value={compute(row ?? {}) || '—'} />
                ) : (
                  <ColumnFieldView column={column} name={`${name}.${index}.${column.name}`} readOnly={readOnly} />
                )}
              </Grid>
            );
          })}
        </Grid>
      </TableCellContext.Provider>
      {rowMessages.invalid && (
        <FormHelperText id={errorId} error role="alert" sx={{ mt: 1 }}>
          {rowMessages.helper}
        </FormHelperText>
      )}
    </Box>
  );
}

export function FormTableInput({ field, readOnly }: { field: TableInputField; readOnly: boolean }) {
  return (
    <RowsField
      name={field.name}
      label={field.label}
      columns={field.columns}
      required={field.required}
      readOnly={readOnly}
      hint={field.helperText}
      maxRows={field.maxRows}
      addLabel={field.addLabel}
    />
  );
}

/** Zone rows: zone (picked or typed), connectivity points, the zone's document. */
export function FormZoneDetails({ field, readOnly }: { field: ZoneDetailsField; readOnly: boolean }) {
  const t = useFormsMessages();
  const columns: ColumnField[] = [
    field.zoneOptions
      ? { kind: 'combo', name: 'zone', label: t.zone.zone, required: true, options: field.zoneOptions }
      : { kind: 'text', name: 'zone', label: t.zone.zone, required: true, maxLength: 100 },
    { kind: 'text', name: 'connectivityPoints', label: t.zone.connectivityPoints, required: true },
    { kind: 'file', name: 'zonefileId', label: t.zone.zonefileId, accept: field.fileAccept ?? DEFAULT_ACCEPT },
  ];
  return (
    <RowsField
      name={field.name}
      label={field.label}
      columns={columns}
      required={field.required}
      readOnly={readOnly}
      hint={field.helperText}
      maxRows={field.maxRows}
    />
  );
}

/** Generating units with the total capacity under them. */
export function FormUnitDetails({ field, readOnly }: { field: UnitDetailsField; readOnly: boolean }) {
  return (
    <RowsField
      name={field.name}
      label={field.label}
      columns={unitColumns()}
      required={field.required}
      readOnly={readOnly}
      hint={field.helperText}
      maxRows={field.maxRows}
      footer={<UnitTotal name={field.name} />}
    />
  );
}

function UnitTotal({ name }: { name: string }) {
  const t = useFormsMessages();
  const rows = useWatch({ name }) as unknown;
  const total = columnTotal(rows, 'capacity');
  return (
    <Typography variant="body2" sx={{ fontWeight: 600, mb: 1.5 }} aria-live="polite">
      {t.totalCapacity(total.toFixed(2))}
    </Typography>
  );
}
