import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';

import { WORKFLOW_ACTION_LABELS } from '@stoa/shared/registrations';

import { FormDialog } from '../../../components/form-dialog';
import type { ReviewAction } from '../api/use-registration-mutations';
import { useRegistrationsMessages } from '../i18n';

/** Actions whose remarks are required: the applicant must learn why (Seek Clarification, Reject). */
export const REMARKS_REQUIRED: readonly ReviewAction[] = ['Return', 'Reject'];
const REMARKS_MAX = 1000;

export interface ActionDialogProps {
  action: ReviewAction;
  busy: boolean;
  /** A failure that is not a conflict (shown in the dialog). */
  error: string | null;
  onConfirm: (remarks: string) => void;
  onClose: () => void;
}

/** The confirmation of a workflow action with its Remarks ('Remarks is required' for Return and Reject). */
export function ActionDialog({ action, busy, error, onConfirm, onClose }: ActionDialogProps) {
  const t = useRegistrationsMessages();
  const [remarks, setRemarks] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const label = WORKFLOW_ACTION_LABELS[action];
  const required = REMARKS_REQUIRED.includes(action);
  const destructive = action === 'Reject';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = remarks.trim();
    if (required && !text) {
      setProblem(t.detail.remarksRequired);
      return;
    }
    setProblem(null);
    onConfirm(text);
  };

  return (
    <FormDialog
      title={t.detail.confirmAction(label)}
      busy={busy}
      banner={error}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={label}
      busyLabel={t.web.working}
      submitColor={destructive ? 'error' : 'primary'}
      grid={false}
    >
      <TextField
        autoFocus
        fullWidth
        multiline
        minRows={4}
        label={t.detail.remarks}
        required={required}
        value={remarks}
        onChange={(event) => {
          setRemarks(event.target.value);
          if (problem && event.target.value.trim()) setProblem(null);
        }}
        error={problem !== null}
        helperText={problem ?? t.web.remarksHint}
        slotProps={{ htmlInput: { maxLength: REMARKS_MAX } }}
      />
    </FormDialog>
  );
}
