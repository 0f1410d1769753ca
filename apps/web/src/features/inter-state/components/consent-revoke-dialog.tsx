import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';

import type { InterStateConsentDetail } from '@stoa/shared/inter-state';

import { FormDialog } from '../../../components/form-dialog';
import { errorText } from '../../../lib/api-error';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useRevokeConsent } from '../api/consent-queries';
import { useConsentMessages } from '../consent-i18n';
import { serverErrors } from './consent-page-parts';

const REASON_MAX = 1000;

/**
 * An SLDC approver's Revoke of a consent in force (decision 0077): the page's action button and its dialog
 * asking the reason (required, also checked by the server). Shown only when the detail allows it.
 */
export function RevokeConsentButton({ d }: { d: InterStateConsentDetail }) {
  const m = useMessages();
  const t = useConsentMessages();
  const w = t.web;
  const revoke = useRevokeConsent();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  if (!d.actions.includes('Revoke') || !d.certificateNo) return null;
  const no = d.certificateNo;
  const close = () => {
    setOpen(false);
    setProblem(null);
    setBanner(null);
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) {
      setProblem(w.revokeReasonRequired);
      return;
    }
    setProblem(null);
    setBanner(null);
    try {
      await revoke.mutateAsync({ id: d.id, version: d.version, remarks: text });
      notify.success(w.revokedDone(no));
      setOpen(false);
    } catch (error) {
      const fields = serverErrors(error);
      if (fields.remarks) setProblem(fields.remarks);
      else setBanner(errorText(error, m.common.genericError));
    }
  };
  return (
    <>
      <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
        {t.actionLabels.Revoke}
      </Button>
      {open && (
        <FormDialog
          title={w.revokeTitle(no)}
          busy={revoke.isPending}
          banner={banner}
          onSubmit={(event) => void submit(event)}
          onClose={close}
          submitLabel={t.actionLabels.Revoke}
          busyLabel={w.revoking}
          submitColor="error"
          grid={false}
        >
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {w.revokeIntro}
          </Typography>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={3}
            required
            label={w.revokeReason}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              if (problem && event.target.value.trim()) setProblem(null);
            }}
            error={problem !== null}
            helperText={problem ?? ' '}
            slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
          />
        </FormDialog>
      )}
    </>
  );
}
