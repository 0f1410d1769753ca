import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import MuiLink from '@mui/material/Link';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { Link } from 'react-router';

import { NOWRAP_CELL } from './server-grid';

/**
 * A list's first column: the row's number as a link to its page. The link is left out of the tab
 * order, since the row's View button (`viewColumn`) leads to the same page.
 */
export function numberLinkColumn<R extends GridValidRowModel>(column: {
  field: string;
  headerName: string;
  minWidth: number;
  to: (row: R) => string;
  text: (row: R) => string;
}): GridColDef<R> {
  const { to, text, ...rest } = column;
  return {
    ...rest,
    cellClassName: NOWRAP_CELL,
    renderCell: ({ row }) => (
      <MuiLink component={Link} to={to(row)} underline="hover" tabIndex={-1} sx={{ fontWeight: 600 }}>
        {text(row)}
      </MuiLink>
    ),
  };
}

/** A list's 'actions' column: a View button to the row's page, named after the row (`viewOf(name(row))`). */
export function viewColumn<R extends GridValidRowModel>(column: {
  headerName: string;
  view: string;
  viewOf: (name: string) => string;
  to: (row: R) => string;
  name: (row: R) => string;
}): GridColDef<R> {
  const { headerName, view, viewOf, to, name } = column;
  return {
    field: 'actions',
    headerName,
    minWidth: 100,
    sortable: false,
    renderCell: ({ row }) => (
      <Button size="small" component={Link} to={to(row)} startIcon={<VisibilityOutlined />} aria-label={viewOf(name(row))}>
        {view}
      </Button>
    ),
  };
}
