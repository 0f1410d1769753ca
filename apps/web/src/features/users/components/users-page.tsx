import PersonAdd from '@mui/icons-material/PersonAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';

import { type User, USER_STATUSES } from '@stoa/shared/users';

import { filterWithStatusFrom } from '../../../components/filter-form';
import { PageHeader } from '../../../components/page-header';
import { ServerListState, useServerList } from '../../../components/paged-list';
import { errorText } from '../../../lib/api-error';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { filterQuery, type UserFilter, userQueries } from '../api/user-queries';
import { type UserFlag, useToggleUserFlag } from '../api/use-user-mutations';
import { useUsersMessages } from '../i18n';
import { ResetPasswordDialog } from './reset-password-dialog';
import { UserDialog, type UserDialogMode, useUserSaveHandlers } from './user-dialog';
import { EMPTY_FILTER, UserFilters } from './user-filters';
import { UsersGrid } from './users-grid';

const fullName = (u: User) => `${u.firstName} ${u.lastName}`.trim();

/** 'Users List' (spec 000 §2, Admin only): filter, server-paged grid, user dialog, flags, reset. */
export function UsersPage() {
  const m = useMessages();
  const t = useUsersMessages();
  const [search] = useSearchParams();
  // Opened from a figure of the Admin's dashboard: the list starts filtered to its status.
  const [initial] = useState(() => filterWithStatusFrom(search, USER_STATUSES, EMPTY_FILTER));
  const [filter, setFilter] = useState<UserFilter>(initial);
  const [dialog, setDialog] = useState<{ mode: UserDialogMode; userId?: string } | null>(null);
  const [resetFor, setResetFor] = useState<User | null>(null);
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const { mutateAsync: toggleFlag } = useToggleUserFlag();
  const saveHandlers = useUserSaveHandlers();

  const { list, page, toFirstPage } = useServerList(
    (paging) => userQueries.list({ ...filterQuery(filter), ...paging }),
    (data) => data.userList,
  );

  const applyFilter = useCallback(
    (next: UserFilter) => {
      setFilter(next);
      toFirstPage();
    },
    [toFirstPage],
  );

  const onToggle = useCallback(
    async (user: User, flag: UserFlag) => {
      const key = `${user.id}:${flag}`;
      setPending((keys) => new Set(keys).add(key));
      try {
        const result = await toggleFlag({ id: user.id, flag });
        const name = fullName(user);
        if (flag === 'isEnabled') notify.success(result.isEnabled ? t.enabledOn(name) : t.enabledOff(name));
        else notify.success(result.isDefaulter ? t.defaulterOn(name) : t.defaulterOff(name));
      } catch (error) {
        notify.error(errorText(error, m.common.genericError));
      } finally {
        setPending((keys) => {
          const next = new Set(keys);
          next.delete(key);
          return next;
        });
      }
    },
    [toggleFlag, t, m],
  );
  const onView = useCallback((user: User) => setDialog({ mode: 'view', userId: user.id }), []);
  const onEdit = useCallback((user: User) => setDialog({ mode: 'edit', userId: user.id }), []);
  const onToggleFlag = useCallback((user: User, flag: UserFlag) => void onToggle(user, flag), [onToggle]);

  return (
    <Box>
      <PageHeader
        title={t.title}
        subtitle={t.subtitle}
        actions={
          <Button variant="contained" startIcon={<PersonAdd />} onClick={() => setDialog({ mode: 'create' })}>
            {t.addUser}
          </Button>
        }
      />
      <UserFilters onApply={applyFilter} initial={initial} />
      <ServerListState query={list}>
        <UsersGrid {...page} onView={onView} onEdit={onEdit} onResetPassword={setResetFor} onToggle={onToggleFlag} pending={pending} />
      </ServerListState>
      {dialog && (
        <UserDialog
          mode={dialog.mode}
          userId={dialog.userId}
          onModeChange={(mode) => setDialog({ ...dialog, mode })}
          onClose={() => setDialog(null)}
          {...saveHandlers}
        />
      )}
      {resetFor && <ResetPasswordDialog user={resetFor} onClose={() => setResetFor(null)} />}
    </Box>
  );
}
