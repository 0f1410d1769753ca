import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useTheme } from '@mui/material/styles';
import type SvgIcon from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import {
  ColumnsPanelTrigger,
  DataGrid,
  type DataGridProps,
  type GridColDef,
  type GridSortModel,
  type GridValidRowModel,
  Toolbar,
  useGridApiContext,
} from '@mui/x-data-grid';
import { useMemo } from 'react';

import { PAGE_SIZES } from '@stoa/shared/common';

import { ListLoading } from './list-states';
import { type Column, ListTable } from './list-table';
import { ListPager, type ServerPage } from './paged-list';

/** What a list without rows says: an icon, a line and a hint. */
export interface GridEmptyText {
  icon: typeof SvgIcon;
  text: string;
  hint: string;
}

function NoRows({ icon: Icon, text, hint }: GridEmptyText) {
  return (
    <Box sx={{ height: '100%', display: 'grid', placeItems: 'center', textAlign: 'center', p: 3 }}>
      <Box>
        <Icon sx={{ fontSize: 40, color: 'text.secondary' }} aria-hidden="true" />
        <Typography sx={{ fontWeight: 600, mt: 1 }}>{text}</Typography>
        <Typography variant="body2" color="text.secondary">
          {hint}
        </Typography>
      </Box>
    </Box>
  );
}

export interface ServerGridProps<R extends GridValidRowModel>
  extends ServerPage<R>, Pick<DataGridProps<R>, 'columnHeaderHeight' | 'slotProps' | 'sx' | 'onRowClick'> {
  label: string;
  columns: GridColDef<R>[];
  empty: GridEmptyText;
  /** Rows grow with their content (long values wrap instead of being cut off). */
  autoRowHeight?: boolean;
  /** On a phone, show the rows as cards with these columns (and a pager) instead of the grid. */
  phoneColumns?: Column<R>[];
  /**
   * Columns (fields, left to right) kept at the grid's right edge: they stay in view while the
   * other columns scroll sideways, and the column chooser cannot hide them. By default the columns
   * 'status' and 'action'/'actions' where the grid has them.
   */
  pinnedRight?: readonly string[];
  /**
   * Sorting on the server by a click on a column header (decision 0079): the sort shown (one column)
   * and what to do when the user picks another; the header carries aria-sort. Without it the grid
   * does not sort.
   */
  sort?: { model: GridSortModel; onChange: (model: GridSortModel) => void };
}

/** A cell class for identifiers (application, invitation numbers): never broken over lines. */
export const NOWRAP_CELL = 'stoa-nowrap';

/** The fields pinned to the right unless a grid says otherwise. */
export const DEFAULT_PINNED_RIGHT: readonly string[] = ['status', 'action', 'actions'];

const PINNED = 'stoa-pinned';
/** The width of a pinned column when its definition has none. */
const PINNED_FALLBACK_WIDTH = 120;

function withClass<R extends GridValidRowModel>(existing: GridColDef<R>['cellClassName'], extra: string): GridColDef<R>['cellClassName'] {
  if (typeof existing === 'function') return (params) => `${existing(params)} ${extra}`;
  return existing ? `${existing} ${extra}` : extra;
}

/**
 * The columns in display order with the pinned ones last, at a fixed width each, and the sx that
 * keeps them stuck to the right edge of the grid's scrolling area (the free DataGrid has no column
 * pinning; the cells are `position: sticky`, the technique the Pro grid uses).
 */
export function pinColumns<R extends GridValidRowModel>(columns: GridColDef<R>[], pinnedRight: readonly string[]) {
  const pinned = pinnedRight
    .map((field) => columns.find((column) => column.field === field))
    .filter((column): column is GridColDef<R> => !!column);
  if (pinned.length === 0) return { columns, sx: {} };
  const widths = pinned.map((column) => column.width ?? column.minWidth ?? PINNED_FALLBACK_WIDTH);
  const sx: Record<string, object> = {};
  const stuck = pinned.map((column, index) => {
    const right = widths.slice(index + 1).reduce((sum, width) => sum + width, 0);
    const classes = `${PINNED} ${PINNED}-${index}${index === 0 ? ` ${PINNED}-edge` : ''}`;
    sx[`& .${PINNED}-${index}`] = { right: `${right}px` };
    return {
      ...column,
      width: widths[index],
      minWidth: widths[index],
      flex: undefined,
      hideable: false,
      cellClassName: withClass(column.cellClassName, classes),
      headerClassName:
        typeof column.headerClassName === 'function' ? column.headerClassName : `${column.headerClassName ?? ''} ${classes}`.trim(),
    } satisfies GridColDef<R>;
  });
  return { columns: [...columns.filter((column) => !pinnedRight.includes(column.field)), ...stuck], sx };
}

/** The toolbar above a grid: the column chooser (the DataGrid's columns panel). */
function ColumnChooserToolbar() {
  const apiRef = useGridApiContext();
  return (
    <Toolbar>
      <ColumnsPanelTrigger size="small" startIcon={<ViewColumnOutlined />}>
        {apiRef.current.getLocaleText('toolbarColumns')}
      </ColumnsPanelTrigger>
    </Toolbar>
  );
}

const GRID_SX = {
  bgcolor: 'background.paper',
  '--DataGrid-overlayHeight': '220px',
  '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
  // A focused control inside a cell draws its own ring; the cell's outline would double it.
  '& .MuiDataGrid-cell:focus-within:not(:focus)': { outline: 'none' },
  [`& .${NOWRAP_CELL}, & .${NOWRAP_CELL} *`]: { whiteSpace: 'nowrap', overflowWrap: 'normal', wordBreak: 'keep-all' },
  // Pinned columns stay at the right edge over the columns scrolling beneath them.
  [`& .${PINNED}`]: { position: 'sticky', zIndex: 3, bgcolor: 'background.paper' },
  [`& .MuiDataGrid-columnHeader.${PINNED}`]: { bgcolor: 'var(--DataGrid-t-header-background-base, var(--DataGrid-containerBackground))' },
  [`& .${PINNED}-edge`]: { borderLeft: 1, borderLeftColor: 'divider', boxShadow: '-4px 0 6px -4px rgba(0, 0, 0, 0.18)' },
} as const;

/**
 * A list paged on the server (page sizes 10, 50, 100) in a DataGrid without filtering or column
 * menus, sorted on the server by its header clicks only where the list gives `sort`, with a column chooser above it and its empty text as an overlay. A grid wider than
 * its room scrolls sideways inside itself with its pinned columns (status, actions) kept in view;
 * on a phone (phoneColumns) it becomes a list of cards.
 */
export function ServerGrid<R extends GridValidRowModel>(props: ServerGridProps<R>) {
  return props.phoneColumns ? <PhoneOrGrid {...props} phoneColumns={props.phoneColumns} /> : <Grid {...props} />;
}

function PhoneOrGrid<R extends GridValidRowModel>(props: ServerGridProps<R> & { phoneColumns: Column<R>[] }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return phone ? <PhoneList {...props} /> : <Grid {...props} />;
}

function PhoneList<R extends GridValidRowModel>({
  label,
  rows,
  rowCount,
  loading,
  paginationModel,
  onPaginationModelChange,
  empty,
  phoneColumns,
}: ServerGridProps<R> & { phoneColumns: Column<R>[] }) {
  let body;
  if (loading && rows.length === 0) body = <ListLoading rows={3} />;
  else if (rows.length === 0) body = <NoRows {...empty} />;
  else body = <ListTable label={label} columns={phoneColumns} rows={rows} rowKey={(row) => String(row.id)} stackOnPhone />;
  return (
    <Box
      component="section"
      aria-label={label}
      aria-busy={loading}
      sx={{ bgcolor: 'background.paper', borderRadius: 2, border: 1, borderColor: 'divider', px: 2, pt: 1.5 }}
    >
      <Box sx={{ height: 4, mb: 1 }}>{loading && rows.length > 0 && <LinearProgress aria-hidden="true" />}</Box>
      {body}
      <ListPager count={rowCount} model={paginationModel} onChange={onPaginationModelChange} flush />
    </Box>
  );
}

function Grid<R extends GridValidRowModel>({
  label,
  rows,
  columns,
  rowCount,
  loading,
  paginationModel,
  onPaginationModelChange,
  empty,
  autoRowHeight = false,
  columnHeaderHeight,
  slotProps,
  sx,
  onRowClick,
  pinnedRight = DEFAULT_PINNED_RIGHT,
  sort,
}: ServerGridProps<R>) {
  const pinned = useMemo(() => pinColumns(columns, pinnedRight), [columns, pinnedRight]);
  const { icon, text, hint } = empty;
  // One overlay component per text, not a new component type on every render.
  const noRowsOverlay = useMemo(
    () =>
      function NoRowsOverlay() {
        return <NoRows icon={icon} text={text} hint={hint} />;
      },
    [icon, text, hint],
  );
  return (
    <DataGrid
      aria-label={label}
      rows={rows}
      columns={pinned.columns}
      rowCount={rowCount}
      loading={loading}
      paginationMode="server"
      paginationModel={paginationModel}
      onPaginationModelChange={onPaginationModelChange}
      pageSizeOptions={[...PAGE_SIZES]}
      autoHeight
      getRowHeight={autoRowHeight ? () => 'auto' : undefined}
      columnHeaderHeight={columnHeaderHeight}
      disableVirtualization
      disableColumnMenu
      {...(sort
        ? {
            sortingMode: 'server' as const,
            sortModel: sort.model,
            onSortModelChange: sort.onChange,
            sortingOrder: ['asc' as const, 'desc' as const],
          }
        : { disableColumnSorting: true })}
      disableColumnFilter
      disableRowSelectionOnClick
      showToolbar
      slots={{ noRowsOverlay, toolbar: ColumnChooserToolbar }}
      slotProps={slotProps}
      onRowClick={onRowClick}
      sx={[GRID_SX, pinned.sx, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
