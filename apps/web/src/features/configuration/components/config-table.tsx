import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

import { visuallyHidden } from '../../../lib/a11y';

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  minWidth?: number;
  /** A fixed share of the table ('15%') so that tables of one page line up. */
  width?: string;
  /** Header text for screen readers only (e.g. an actions column). */
  hiddenHeader?: boolean;
}

/** A small list table; on a narrow screen it scrolls sideways inside its container. */
export function ConfigTable<T>({ label, columns, rows, rowKey, minWidth }: { label: string; columns: Column<T>[]; rows: T[]; rowKey: (row: T) => string; /** With column widths: the narrowest the table gets before it scrolls. */ minWidth?: number }) {
  const fixed = columns.some((column) => column.width);
  return (
    <TableContainer sx={{ overflowX: 'auto', position: 'relative' }}>
      <Table
        size="small"
        aria-label={label}
        sx={{ tableLayout: fixed ? 'fixed' : 'auto', minWidth, '& thead th': { fontWeight: 600, whiteSpace: 'nowrap', color: 'text.secondary' }, '& td, & th': { py: 1.25 } }}
      >
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.key} align={column.align} sx={{ minWidth: column.minWidth, width: column.width }}>
                {column.hiddenHeader ? (
                  <Box component="span" sx={visuallyHidden}>
                    {column.header}
                  </Box>
                ) : (
                  column.header
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)} hover sx={{ '&:last-child td': { borderBottom: 0 } }}>
              {columns.map((column) => (
                <TableCell key={column.key} align={column.align}>
                  {column.render(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
