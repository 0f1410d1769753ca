import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';

import { carriesValue, type FormDefinition, type FormValues } from '@stoa/shared/forms';

import { errorText } from '../../../lib/api-error';
import { applyServerErrors } from '../../../lib/form/apply-server-errors';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useEBiddingMessages } from '../i18n';

/**
 * 'Save' beside the form's Submit (spec 000 §4: Save sends isDraft true): what is filled so far,
 * without the Submit checks. Rendered by the FormRenderer inside its form, so it reads the values.
 * A refusal puts the server's field messages on their fields (a bad format) and says why.
 */
export function SaveButton({ definition, onSave }: { definition: FormDefinition; onSave: (values: FormValues) => Promise<void> }) {
  const w = useEBiddingMessages().web;
  const m = useMessages();
  const form = useFormContext<FormValues>();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await onSave(form.getValues());
    } catch (error) {
      const names = definition.steps
        .flatMap((s) => s.fields)
        .filter(carriesValue)
        .map((f) => f.name);
      applyServerErrors(error, form.setError, names);
      notify.error(errorText(error, m.common.genericError));
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
      {busy ? w.saving : w.save}
    </Button>
  );
}
