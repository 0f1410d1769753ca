import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useTheme } from '@mui/material/styles';
import type SvgIcon from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DataGrid, type DataGridProps, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';
import { useMemo } from 'react';

import { PAGE_SIZES } from '@stoa/shared';

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

export interface ServerGridProps<R extends GridValidRowModel> extends ServerPage<R>, Pick<DataGridProps<R>, 'columnHeaderHeight' | 'slotProps' | 'sx' | 'onRowClick'> {
  label: string;
  columns: GridColDef<R>[];
  empty: GridEmptyText;
  /** Rows grow with their content (long values wrap instead of being cut off). */
  autoRowHeight?: boolean;
  /** On a phone, show the rows as cards with these columns (and a pager) instead of the grid. */
  phoneColumns?: Column<R>[];
}

const GRID_SX = {
  bgcolor: 'background.paper',
  '--DataGrid-overlayHeight': '220px',
  '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
  // A focused control inside a cell draws its own ring; the cell's outline would double it.
  '& .MuiDataGrid-cell:focus-within:not(:focus)': { outline: 'none' },
} as const;

/**
 * A list paged on the server (page sizes 10, 50, 100) in a DataGrid without sorting, filtering or
 * column menus, with its empty text as an overlay; on a narrow screen the grid scrolls sideways, or
 * (phoneColumns) becomes a list of cards.
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
    <Box component="section" aria-label={label} aria-busy={loading} sx={{ bgcolor: 'background.paper', borderRadius: 2, border: 1, borderColor: 'divider', px: 2, pt: 1.5 }}>
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
}: ServerGridProps<R>) {
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
      columns={columns}
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
      disableColumnSorting
      disableColumnFilter
      disableRowSelectionOnClick
      slots={{ noRowsOverlay }}
      slotProps={slotProps}
      onRowClick={onRowClick}
      sx={[GRID_SX, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
