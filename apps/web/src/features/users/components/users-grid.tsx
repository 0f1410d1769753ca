import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';

import type { User } from '@stoa/shared/users';

import type { ServerPage } from '../../../components/paged-list';
import { ServerGrid } from '../../../components/server-grid';
import { useAuthUser } from '../../../lib/auth-store';
import type { UserFlag } from '../api/use-user-mutations';
import { useUsersMessages } from '../i18n';

export interface UsersGridProps extends ServerPage<User> {
  onView: (user: User) => void;
  onEdit: (user: User) => void;
  onResetPassword: (user: User) => void;
  onToggle: (user: User, flag: UserFlag) => void;
  /** `${id}:${flag}` of toggles waiting for the server. */
  pending: ReadonlySet<string>;
}

const fullName = (u: User) => `${u.firstName} ${u.lastName}`.trim();

/**
 * The users list (spec 000 §2): paged on the server (page sizes 10, 50, 100), one row per user
 * with View, Edit, the Enabled and Defaulter toggles and the RESET button. On a narrow screen the
 * grid scrolls sideways; the name columns come first.
 */
export function UsersGrid({ onView, onEdit, onResetPassword, onToggle, pending, ...page }: UsersGridProps) {
  const t = useUsersMessages();
  const selfId = useAuthUser()?.userId;
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
        // The Admin's own row has no reset (the server refuses it too): Change Password is theirs.
        renderCell: ({ row }) =>
          row.id === selfId ? null : (
            <Button size="small" variant="outlined" aria-label={t.resetOf(fullName(row))} onClick={() => onResetPassword(row)}>
              {t.resetButton}
            </Button>
          ),
      },
    ],
    [t, onView, onEdit, onToggle, onResetPassword, pending, selfId],
  );

  return (
    <ServerGrid
      label={t.gridLabel}
      {...page}
      columns={columns}
      empty={{ icon: PersonSearchOutlined, text: t.noUsers, hint: t.noUsersHint }}
    />
  );
}
