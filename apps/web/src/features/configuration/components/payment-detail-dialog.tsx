import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';

import { paymentDetailInputSchema, type paymentDetailSchema } from '@stoa/shared/configuration';

import { errorText } from '../../../lib/api-error';
import { applyServerErrors } from '../../../lib/form/apply-server-errors';
import { payloadResolver, toValidPayload } from '../../../lib/form/payload-resolver';
import { RhfTextField } from '../../../lib/form/rhf-text-field';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useUpdatePaymentDetail } from '../api/use-configuration-mutations';
import { useConfigMessages } from '../i18n';
import { FormDialog } from './form-dialog';

export type PaymentDetail = z.infer<typeof paymentDetailSchema>;

/** The mode is the row's, not a field. */
type PaymentFormValues = Omit<z.input<typeof paymentDetailInputSchema>, 'mode'>;

const FIELDS = ['isEnabled', 'instructions'] as const;

/** Whether applicants may use a payment mode, and the instructions they see for it. */
export function PaymentDetailDialog({ detail, onClose }: { detail: PaymentDetail; onClose: () => void }) {
  const m = useMessages();
  const t = useConfigMessages();
  const p = t.payment;
  const update = useUpdatePaymentDetail();
  const [banner, setBanner] = useState<string | null>(null);
  const toPayload = (values: PaymentFormValues) => ({ mode: detail.mode, ...values });
  const { control, handleSubmit, setError } = useForm<PaymentFormValues>({
    defaultValues: { isEnabled: detail.isEnabled, instructions: detail.instructions },
    resolver: payloadResolver(paymentDetailInputSchema, toPayload),
  });
  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      await update.mutateAsync(toValidPayload(paymentDetailInputSchema, toPayload(values)));
      notify.success(p.updated);
      onClose();
    } catch (error) {
      if (applyServerErrors(error, setError, FIELDS).length === 0) setBanner(errorText(error, m.common.genericError));
    }
  });
  const busy = update.isPending;
  return (
    <FormDialog title={p.editTitle(detail.mode)} busy={busy} banner={banner} onSubmit={(event) => void onSubmit(event)} onClose={onClose}>
      <Grid size={12}>
        <Controller
          control={control}
          name="isEnabled"
          render={({ field }) => (
            <FormControlLabel
              sx={{ mx: 0, gap: 1 }}
              control={
                <Switch
                  name={field.name}
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  disabled={busy}
                  slotProps={{ input: { role: 'switch' } }}
                />
              }
              label={p.offered}
            />
          )}
        />
      </Grid>
      <Grid size={12}>
        <RhfTextField
          control={control}
          name="instructions"
          label={p.instructions}
          required
          multiline
          minRows={4}
          disabled={busy}
          helperText={p.instructionsHint}
          htmlInput={{ maxLength: 2000 }}
        />
      </Grid>
    </FormDialog>
  );
}
