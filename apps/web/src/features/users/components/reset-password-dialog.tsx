import type { User } from '@stoa/shared/users';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorText } from '../../../lib/api-error';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useResetPassword } from '../api/use-user-mutations';
import { useUsersMessages } from '../i18n';

/** 'Are you sure you want to reset the password of {first name} {last name}?' (spec 000 §2). */
export function ResetPasswordDialog({ user, onClose }: { user: Pick<User, 'id' | 'firstName' | 'lastName'>; onClose: () => void }) {
  const m = useMessages();
  const t = useUsersMessages();
  const reset = useResetPassword();
  const confirm = async () => {
    try {
      await reset.mutateAsync(user.id);
      notify.success(t.resetDone);
      onClose();
    } catch (error) {
      notify.error(errorText(error, m.common.genericError));
    }
  };
  return (
    <ConfirmDialog
      open
      title={t.resetTitle}
      text={t.resetConfirm(user.firstName, user.lastName)}
      hint={t.resetHint}
      confirmLabel={t.resetButton}
      busyLabel={t.resetting}
      busy={reset.isPending}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}
