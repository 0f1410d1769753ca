import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';

import { FormDialog } from '../../../../components/form-dialog';
import { useSldcApplicationsMessages } from '../../i18n';

const REMARKS_MAX = 1000;

export interface RemarksDialogProps {
  /** The action's label ('Accept', 'Seek Clarification', …): the title and the submit button. */
  label: string;
  /** Seek Clarification and Reject: the applicant must learn why. */
  required: boolean;
  destructive: boolean;
  busy: boolean;
  /** A failure that is not a conflict (shown in the dialog). */
  error: string | null;
  onConfirm: (remarks: string) => void;
  onClose: () => void;
}

/** The confirmation of a workflow action with its Remarks ('Remarks are required.' when the action needs them). */
export function RemarksDialog({ label, required, destructive, busy, error, onConfirm, onClose }: RemarksDialogProps) {
  const m = useSldcApplicationsMessages();
  const t = m.sldc;
  const [remarks, setRemarks] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = remarks.trim();
    if (required && !text) {
      setProblem(m.errors.remarksRequired);
      return;
    }
    setProblem(null);
    onConfirm(text);
  };

  return (
    <FormDialog
      title={t.confirmAction(label)}
      busy={busy}
      banner={error}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={label}
      busyLabel={t.working}
      submitColor={destructive ? 'error' : 'primary'}
      grid={false}
    >
      <TextField
        autoFocus
        fullWidth
        multiline
        minRows={4}
        label={t.remarks}
        required={required}
        value={remarks}
        onChange={(event) => {
          setRemarks(event.target.value);
          if (problem && event.target.value.trim()) setProblem(null);
        }}
        error={problem !== null}
        helperText={problem ?? t.remarksHint}
        slotProps={{ htmlInput: { maxLength: REMARKS_MAX } }}
      />
    </FormDialog>
  );
}
