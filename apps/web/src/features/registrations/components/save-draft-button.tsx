import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';

import type { FormValues } from '@stoa/shared/forms';

import { useRegistrationsMessages } from '../i18n';

/**
 * 'Save' beside the form's submit button: keeps what is filled so far as a draft (isDraft, not
 * validated). Rendered by the FormRenderer inside its form, so it reads the current values.
 */
export function SaveDraftButton({ onSave }: { onSave: (values: FormValues) => Promise<void> }) {
  const t = useRegistrationsMessages();
  const form = useFormContext<FormValues>();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await onSave(form.getValues());
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      type="button"
      variant="outlined"
      disabled={busy || form.formState.isSubmitting}
      startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : <SaveOutlined />}
      onClick={() => void save()}
    >
      {busy ? t.web.saving : t.web.save}
    </Button>
  );
}
