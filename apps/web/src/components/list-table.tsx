import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useEffect, useRef, useState } from 'react';

import { visuallyHidden } from '../lib/a11y';

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

/** True while the element's content is wider than the element (it scrolls sideways). */
function useScrollsSideways() {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const check = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    check();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return [ref, scrolls] as const;
}

/**
 * The rows as a list of cards (phones): the first column is the card's title, the others are
 * label/value pairs, and columns with a hidden header (actions) close the card.
 */
function StackedList<T>({ label, columns, rows, rowKey }: { label: string; columns: Column<T>[]; rows: T[]; rowKey: (row: T) => string }) {
  const [title, ...rest] = columns;
  const fields = rest.filter((column) => !column.hiddenHeader);
  const actions = rest.filter((column) => column.hiddenHeader);
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((row) => (
        <Box component="li" key={rowKey(row)} sx={{ py: 1.75, borderBottom: 1, borderColor: 'divider', '&:first-of-type': { pt: 0.5 }, '&:last-of-type': { borderBottom: 0, pb: 0.5 } }}>
          {title && (
            <Typography component="div" sx={{ fontWeight: 600, mb: 1, overflowWrap: 'anywhere', '& *': { fontWeight: 'inherit' } }}>
              {title.render(row)}
            </Typography>
          )}
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(96px, 38%) 1fr', columnGap: 2, rowGap: 0.75, alignItems: 'baseline' }}>
            {fields.map((column) => (
              <Box key={column.key} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {column.header}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
                  {column.render(row)}
                </Typography>
              </Box>
            ))}
          </Box>
          {actions.map((column) => (
            <Box key={column.key} sx={{ mt: 1, display: 'flex', justifyContent: 'flex-end' }}>
              {column.render(row)}
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  );
}

export interface ListTableProps<T> {
  label: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** With column widths: the narrowest the table gets before it scrolls. */
  minWidth?: number;
  /** On phones, show the rows as a list of cards instead of a table that scrolls sideways. */
  stackOnPhone?: boolean;
}

/**
 * A small list table; on a narrow screen it scrolls sideways inside its container, which then
 * takes keyboard focus so that it can be scrolled without a mouse (WCAG 2.1.1), or (stackOnPhone)
 * becomes a list of cards.
 */
export function ListTable<T>({ stackOnPhone = false, ...props }: ListTableProps<T>) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  if (stackOnPhone && phone) return <StackedList {...props} />;
  return <ScrollingTable {...props} />;
}

function ScrollingTable<T>({ label, columns, rows, rowKey, minWidth }: Omit<ListTableProps<T>, 'stackOnPhone'>) {
  const fixed = columns.some((column) => column.width);
  const [ref, scrolls] = useScrollsSideways();
  return (
    <TableContainer
      ref={ref}
      tabIndex={scrolls ? 0 : undefined}
      role={scrolls ? 'region' : undefined}
      aria-label={scrolls ? label : undefined}
      sx={{ overflowX: 'auto', position: 'relative' }}
    >
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
