import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';

import { PageLoader } from '../../../components/page-loader';
import { useMessages } from '../../../lib/i18n';
import { userQueries } from '../api/user-queries';
import { useAddUser, useUpdateUser } from '../api/use-user-mutations';
import { useUsersMessages } from '../i18n';
import { UserForm } from './user-form';
import type { AddUserHandler, UpdateUserHandler, UserDialogMode } from './user-form-values';

export type { AddUserHandler, UpdateUserHandler, UserDialogMode };

export interface UserDialogProps {
  mode: UserDialogMode;
  /** The user shown in view and edit mode. */
  userId?: string;
  onModeChange: (mode: UserDialogMode) => void;
  onClose: () => void;
  /** Saves in create mode; without it the dialog says 'Method Add User has not been provided.' (spec 000 §8). */
  onAddUser?: AddUserHandler;
  /** Saves in edit mode; without it the dialog says 'Method Update User has not been provided.' (spec 000 §8). */
  onUpdateUser?: UpdateUserHandler;
}

/** The dialog's save handlers backed by the Admin API (AddUser, PATCH User/{id}), for the users page. */
export function useUserSaveHandlers(): { onAddUser: AddUserHandler; onUpdateUser: UpdateUserHandler } {
  const add = useAddUser();
  const update = useUpdateUser();
  return { onAddUser: add.mutateAsync, onUpdateUser: update.mutateAsync };
}

/**
 * The user dialog (spec 000 §2): 'Create User', 'View User Details' (every field read-only) and
 * 'Edit User Details' (user name, email, role, entity name and type, utility and zone locked).
 */
export function UserDialog({ mode, userId, onModeChange, onClose, onAddUser, onUpdateUser }: UserDialogProps) {
  const m = useMessages();
  const t = useUsersMessages();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const detail = useQuery({ ...userQueries.detail(userId ?? ''), enabled: mode !== 'create' && !!userId });
  const title = mode === 'create' ? t.createTitle : mode === 'view' ? t.viewTitle : t.editTitle;
  const close = () => {
    if (!busy) onClose();
  };

  let body: ReactNode;
  if (mode === 'create') {
    body = <UserForm mode="create" onClose={onClose} onBusy={setBusy} onAddUser={onAddUser} />;
  } else if (detail.isPending) {
    body = (
      <DialogContent dividers>
        <PageLoader minHeight={320} />
      </DialogContent>
    );
  } else if (detail.isError) {
    body = (
      <>
        <DialogContent dividers>
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void detail.refetch()}>
                {m.common.retry}
              </Button>
            }
          >
            {m.common.fetchError}
          </Alert>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose}>{m.common.close}</Button>
        </DialogActions>
      </>
    );
  } else {
    // Keyed by record and mode: switching View → Edit starts from the stored values.
    body = (
      <UserForm
        key={`${detail.data.id}-${mode}`}
        mode={mode}
        user={detail.data}
        onClose={onClose}
        onBusy={setBusy}
        onEdit={() => onModeChange('edit')}
        onUpdateUser={onUpdateUser}
      />
    );
  }

  return (
    <Dialog open onClose={close} fullScreen={phone} maxWidth="md" fullWidth aria-labelledby={titleId} scroll="paper">
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {title}
      </DialogTitle>
      <IconButton aria-label={m.common.close} onClick={close} disabled={busy} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <Close />
      </IconButton>
      {body}
    </Dialog>
  );
}
