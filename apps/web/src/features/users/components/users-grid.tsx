import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { useMemo } from 'react';

import { PAGE_SIZES, type User } from '@stoa/shared';

import type { UserFlag } from '../api/use-user-mutations';
import { useUsersMessages } from '../i18n';

export interface UsersGridProps {
  rows: User[];
  rowCount: number;
  loading: boolean;
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (model: GridPaginationModel) => void;
  onView: (user: User) => void;
  onEdit: (user: User) => void;
  onResetPassword: (user: User) => void;
  onToggle: (user: User, flag: UserFlag) => void;
  /** `${id}:${flag}` of toggles waiting for the server. */
  pending: ReadonlySet<string>;
}

const fullName = (u: User) => `${u.firstName} ${u.lastName}`.trim();

function NoUsers() {
  const t = useUsersMessages();
  return (
    <Box sx={{ height: '100%', display: 'grid', placeItems: 'center', textAlign: 'center', p: 3 }}>
      <Box>
        <PersonSearchOutlined sx={{ fontSize: 40, color: 'text.secondary' }} aria-hidden="true" />
        <Typography sx={{ fontWeight: 600, mt: 1 }}>{t.noUsers}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t.noUsersHint}
        </Typography>
      </Box>
    </Box>
  );
}

/**
 * The users list (spec 000 §2): paged on the server (page sizes 10, 50, 100), one row per user
 * with View, Edit, the Enabled and Defaulter toggles and the RESET button. On a narrow screen the
 * grid scrolls sideways; the name columns come first.
 */
export function UsersGrid({ rows, rowCount, loading, paginationModel, onPaginationModelChange, onView, onEdit, onResetPassword, onToggle, pending }: UsersGridProps) {
  const t = useUsersMessages();
  const columns = useMemo<GridColDef<User>[]>(
    () => [
      { field: 'firstName', headerName: t.firstName, flex: 1, minWidth: 110 },
      { field: 'lastName', headerName: t.lastName, flex: 1, minWidth: 110 },
      { field: 'userName', headerName: t.userName, flex: 1, minWidth: 130 },
      { field: 'email', headerName: t.email, flex: 1.6, minWidth: 190 },
      {
        field: 'view',
        headerName: t.view,
        width: 64,
        align: 'center',
        headerAlign: 'center',
        renderCell: ({ row }) => (
          <IconButton size="small" color="primary" aria-label={t.viewUser(fullName(row))} onClick={() => onView(row)}>
            <VisibilityOutlined fontSize="small" />
          </IconButton>
        ),
      },
      {
        field: 'edit',
        headerName: t.edit,
        width: 64,
        align: 'center',
        headerAlign: 'center',
        renderCell: ({ row }) => (
          <IconButton size="small" color="primary" aria-label={t.editUser(fullName(row))} onClick={() => onEdit(row)}>
            <EditOutlined fontSize="small" />
          </IconButton>
        ),
      },
      {
        field: 'isEnabled',
        headerName: t.enabled,
        width: 90,
        align: 'center',
        headerAlign: 'center',
        renderCell: ({ row }) => (
          <Switch
            checked={row.isEnabled}
            disabled={pending.has(`${row.id}:isEnabled`)}
            onChange={() => onToggle(row, 'isEnabled')}
            slotProps={{ input: { role: 'switch', 'aria-label': t.enabledOf(fullName(row)) } }}
          />
        ),
      },
      {
        field: 'isDefaulter',
        headerName: t.defaulter,
        width: 96,
        align: 'center',
        headerAlign: 'center',
        renderCell: ({ row }) => (
          <Switch
            color="warning"
            checked={row.isDefaulter}
            disabled={pending.has(`${row.id}:isDefaulter`)}
            onChange={() => onToggle(row, 'isDefaulter')}
            slotProps={{ input: { role: 'switch', 'aria-label': t.defaulterOf(fullName(row)) } }}
          />
        ),
      },
      {
        field: 'resetPassword',
        headerName: t.resetPassword,
        width: 136,
        align: 'center',
        headerAlign: 'center',
        renderCell: ({ row }) => (
          <Button size="small" variant="outlined" aria-label={t.resetOf(fullName(row))} onClick={() => onResetPassword(row)}>
            {t.resetButton}
          </Button>
        ),
      },
    ],
    [t, onView, onEdit, onToggle, onResetPassword, pending],
  );

  return (
    <DataGrid
      aria-label={t.gridLabel}
      rows={rows}
      columns={columns}
      rowCount={rowCount}
      loading={loading}
      paginationMode="server"
      paginationModel={paginationModel}
      onPaginationModelChange={onPaginationModelChange}
      pageSizeOptions={[...PAGE_SIZES]}
      autoHeight
      disableVirtualization
      disableColumnMenu
      disableColumnSorting
      disableColumnFilter
      disableRowSelectionOnClick
      slots={{ noRowsOverlay: NoUsers }}
      sx={{
        bgcolor: 'background.paper',
        '--DataGrid-overlayHeight': '220px',
        '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
        // A focused control inside a cell draws its own ring; the cell's outline would double it.
        '& .MuiDataGrid-cell:focus-within:not(:focus)': { outline: 'none' },
      }}
    />
  );
}
