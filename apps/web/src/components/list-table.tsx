import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';

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
  /**
   * Kept at the right edge while the other columns scroll sideways, and never hidden by the column
   * chooser. By default the columns keyed 'status', 'action' and 'actions'; pinned columns come last.
   */
  pinned?: boolean;
}

const PINNED_KEYS = ['status', 'action', 'actions'];

const isPinned = <T,>(column: Column<T>) => column.pinned ?? PINNED_KEYS.includes(column.key);

/** The pinned columns last, in their order. */
function pinnedLast<T>(columns: Column<T>[]): Column<T>[] {
  return [...columns.filter((column) => !isPinned(column)), ...columns.filter(isPinned)];
}

/** The column chooser of a table: a 'Columns' button and a menu of the columns that can be hidden. */
export function ColumnChooser<T>({
  columns,
  hidden,
  onChange,
  label,
}: {
  columns: Column<T>[];
  hidden: ReadonlySet<string>;
  onChange: (hidden: Set<string>) => void;
  label: string;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const choices = columns.filter((column) => !isPinned(column) && !column.hiddenHeader);
  const toggle = (key: string) => {
    const next = new Set(hidden);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    onChange(next);
  };
  return (
    <>
      <Button
        size="small"
        startIcon={<ViewColumnOutlined />}
        aria-haspopup="true"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={!!anchor}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {label}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {choices.map((column) => (
          <MenuItem
            key={column.key}
            role="menuitemcheckbox"
            aria-checked={!hidden.has(column.key)}
            onClick={() => toggle(column.key)}
            dense
          >
            <Checkbox
              edge="start"
              size="small"
              checked={!hidden.has(column.key)}
              tabIndex={-1}
              disableRipple
              slotProps={{ input: { 'aria-hidden': true } }}
            />
            <ListItemText primary={column.header} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** The right offsets of the pinned header cells, measured (each sticks left of the ones after it). */
function usePinnedOffsets(count: number) {
  const headRef = useRef<HTMLTableRowElement>(null);
  const [offsets, setOffsets] = useState<number[]>([]);
  useLayoutEffect(() => {
    const row = headRef.current;
    if (!row || count === 0) return;
    const measure = () => {
      const cells = Array.from(row.cells).slice(-count);
      const next = cells.map((_cell, index) => cells.slice(index + 1).reduce((sum, cell) => sum + cell.getBoundingClientRect().width, 0));
      setOffsets((previous) => (previous.length === next.length && previous.every((value, i) => value === next[i]) ? previous : next));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(row);
    return () => observer.disconnect();
  }, [count]);
  return [headRef, offsets] as const;
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
        <Box
          component="li"
          key={rowKey(row)}
          sx={{
            py: 1.75,
            borderBottom: 1,
            borderColor: 'divider',
            '&:first-of-type': { pt: 0.5 },
            '&:last-of-type': { borderBottom: 0, pb: 0.5 },
          }}
        >
          {title && (
            <Typography component="div" sx={{ fontWeight: 600, mb: 1, overflowWrap: 'anywhere', '& *': { fontWeight: 'inherit' } }}>
              {title.render(row)}
            </Typography>
          )}
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(96px, 38%) 1fr', columnGap: 2, rowGap: 0.75, alignItems: 'baseline' }}
          >
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
  /** A column chooser above the table, with this button text ('Columns'). */
  columnChooser?: string;
}

/**
 * A small list table; on a narrow screen it scrolls sideways inside its container, which then
 * takes keyboard focus so that it can be scrolled without a mouse (WCAG 2.1.1), or (stackOnPhone)
 * becomes a list of cards.
 */
export function ListTable<T>({ stackOnPhone = false, columnChooser, ...props }: ListTableProps<T>) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  if (stackOnPhone && phone) return <StackedList {...props} />;
  const shown = props.columns.filter((column) => !hidden.has(column.key));
  return (
    <>
      {columnChooser && (
        <Box sx={{ display: 'flex', mb: 1 }}>
          <ColumnChooser columns={props.columns} hidden={hidden} onChange={setHidden} label={columnChooser} />
        </Box>
      )}
      <ScrollingTable {...props} columns={shown} />
    </>
  );
}

function ScrollingTable<T>({ label, columns: given, rows, rowKey, minWidth }: Omit<ListTableProps<T>, 'stackOnPhone' | 'columnChooser'>) {
  const columns = pinnedLast(given);
  const pinnedCount = columns.filter(isPinned).length;
  const fixed = columns.some((column) => column.width);
  const [ref, scrolls] = useScrollsSideways();
  const [headRef, offsets] = usePinnedOffsets(pinnedCount);
  const firstPinned = columns.length - pinnedCount;
  const pinStyle = (index: number) => {
    if (index < firstPinned) return {};
    return {
      position: 'sticky',
      right: offsets[index - firstPinned] ?? 0,
      zIndex: 1,
      bgcolor: 'background.paper',
      ...(index === firstPinned && scrolls ? { boxShadow: '-4px 0 6px -4px rgba(0, 0, 0, 0.18)' } : {}),
    } as const;
  };
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
        sx={{
          tableLayout: fixed ? 'fixed' : 'auto',
          minWidth,
          '& thead th': { fontWeight: 600, whiteSpace: 'nowrap', color: 'text.secondary' },
          '& td, & th': { py: 1.25 },
        }}
      >
        <TableHead>
          <TableRow ref={headRef}>
            {columns.map((column, index) => (
              <TableCell key={column.key} align={column.align} sx={{ minWidth: column.minWidth, width: column.width, ...pinStyle(index) }}>
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
              {columns.map((column, index) => (
                <TableCell key={column.key} align={column.align} sx={pinStyle(index)}>
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
