import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type FormEvent, useId, useState } from 'react';

import { WORKFLOW_ACTION_LABELS } from '@stoa/shared';

import { SubmitButton } from '../../../components/submit-button';
import { useMessages } from '../../../lib/i18n';
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
  const m = useMessages();
  const t = useRegistrationsMessages();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const id = useId();
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
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${id}-title`}
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: submit, 'aria-busy': busy } as object }}
    >
      <DialogTitle id={`${id}-title`}>{t.detail.confirmAction(label)}</DialogTitle>
      <DialogContent dividers>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
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
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          {m.common.cancel}
        </Button>
        <SubmitButton busy={busy} color={destructive ? 'error' : 'primary'}>
          {busy ? t.web.working : label}
        </SubmitButton>
      </DialogActions>
    </Dialog>
  );
}
