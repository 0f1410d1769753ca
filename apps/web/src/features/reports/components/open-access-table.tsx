import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

import { enOpenAccessInformation } from '@stoa/shared/reports';

import { catalogOf } from '../../../lib/i18n';

/** Texts of the Open Access Information page (decision 0085). */
export const useOpenAccessMessages = () => catalogOf({ en: enOpenAccessInformation });

/** One titled section of the page. */
export function Section({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 4 }}>
      <Typography id={id} variant="h6" component="h2">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {intro}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * A plain captioned table (first cell of a row its header) that scrolls sideways on a phone; the
 * scrolling box is focusable and named, so a keyboard can scroll it (axe scrollable-region-focusable).
 */
export function DataTable({
  label,
  columns,
  rows,
  numeric,
}: {
  label: string;
  columns: string[];
  rows: { key: string; cells: ReactNode[] }[];
  numeric: (column: number) => boolean;
}) {
  return (
    <TableContainer tabIndex={0} role="region" aria-label={label} sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((c, i) => (
              <TableCell key={c} scope="col" align={numeric(i) ? 'right' : 'left'} sx={{ fontWeight: 700, verticalAlign: 'bottom' }}>
                {c}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.key}>
              {r.cells.map((cell, i) =>
                i === 0 ? (
                  <TableCell key={i} component="th" scope="row" sx={{ minWidth: 120 }}>
                    {cell}
                  </TableCell>
                ) : (
                  <TableCell key={i} align={numeric(i) ? 'right' : 'left'} sx={{ whiteSpace: numeric(i) ? 'nowrap' : undefined }}>
                    {cell}
                  </TableCell>
                ),
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
