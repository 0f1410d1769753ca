import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type FormEventHandler, type ReactNode, useId } from 'react';

import { useMessages } from '../lib/i18n';
import { SubmitButton } from './submit-button';

export interface FormDialogProps {
  title: string;
  busy: boolean;
  /** A failure that belongs to no field. */
  banner?: string | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  children: ReactNode;
  /** The submit button's text when not busy and while busy. */
  submitLabel: string;
  busyLabel: string;
  /** Error for a destructive action (Reject). */
  submitColor?: 'primary' | 'error';
  /** False keeps the submit button disabled (e.g. until a file is chosen). */
  canSubmit?: boolean;
  /** Lay the children out in a Grid of fields (default), or as they are. */
  grid?: boolean;
}

/** A dialog that is a form: title, an optional error banner, the content, then Cancel and submit (full screen on phones). */
export function FormDialog({
  title,
  busy,
  banner,
  onSubmit,
  onClose,
  children,
  submitLabel,
  busyLabel,
  submitColor = 'primary',
  canSubmit = true,
  grid = true,
}: FormDialogProps) {
  const m = useMessages();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const id = useId();
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${id}-title`}
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit, 'aria-busy': busy } as object }}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent dividers>
        {banner && (
          <Alert severity="error" sx={{ mb: 2.5 }}>
            {banner}
          </Alert>
        )}
        {grid ? (
          <Grid container spacing={2}>
            {children}
          </Grid>
        ) : (
          children
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          {m.common.cancel}
        </Button>
        <SubmitButton busy={busy} disabled={!canSubmit} color={submitColor}>
          {busy ? busyLabel : submitLabel}
        </SubmitButton>
      </DialogActions>
    </Dialog>
  );
}
