import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';

import { type DataTableField, displayDate, isIsoDate } from '@stoa/shared/forms';

import { useFormsMessages } from '../i18n';

/** A cell as text: Yes/No for booleans, display dates for wire dates. */
export function cellText(value: unknown, yes: string, no: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? yes : no;
  if (isIsoDate(value)) return displayDate(value);
  if (Array.isArray(value)) return value.map((v) => cellText(v, yes, no)).join(', ');
  return typeof value === 'object' ? '' : String(value);
}

/** Rows supplied by the page, shown read-only. */
export function FormDataTable({ field }: { field: DataTableField }) {
  const t = useFormsMessages();
  const id = useId();
  const value = useWatch({ name: field.name }) as unknown;
  const rows = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  return (
    <section aria-labelledby={`${id}-label`}>
      <Typography id={`${id}-label`} variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {field.label}
      </Typography>
      <TableContainer tabIndex={0} aria-labelledby={`${id}-label`} sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
        <Table size="small" aria-labelledby={`${id}-label`}>
          <TableHead>
            <TableRow>
              {field.columns.map((c) => (
                <TableCell key={c.name}>{c.label}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={field.columns.length}>
                  <Typography variant="body2" color="text.secondary">
                    {t.noRows}
                  </Typography>
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row, i) => (
                <TableRow key={i}>
                  {field.columns.map((c) => (
                    <TableCell key={c.name}>{cellText(row?.[c.name], t.yes, t.no)}</TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </section>
  );
}
