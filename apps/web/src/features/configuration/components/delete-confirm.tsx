import { useState } from 'react';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorText } from '../../../lib/api-error';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useConfigMessages } from '../i18n';

/**
 * Asks before deleting a row; on success shows `success` as a toast, on failure the server's
 * message (e.g. 422 for a value that has taken effect meanwhile).
 */
export function DeleteConfirm({
  text,
  success,
  onDelete,
  onClose,
}: {
  text: string;
  success: string;
  onDelete: () => Promise<unknown>;
  onClose: () => void;
}) {
  const m = useMessages();
  const t = useConfigMessages();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onDelete();
      notify.success(success);
    } catch (error) {
      notify.error(errorText(error, m.common.genericError));
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <ConfirmDialog
      open
      destructive
      title={t.deleteTitle}
      text={text}
      confirmLabel={t.delete}
      busyLabel={t.deleting}
      busy={busy}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}
