import Grid from '@mui/material/Grid';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { type BankDetail, bankDetailInputSchema } from '@stoa/shared/configuration';

import { errorText } from '../../../lib/api-error';
import { applyServerErrors } from '../../../lib/form/apply-server-errors';
import { LazyDateField } from '../../../lib/form/lazy-date-field';
import { payloadResolver, toValidPayload } from '../../../lib/form/payload-resolver';
import { requiredFirst } from '../../../lib/form/required-first';
import { RhfTextField } from '../../../lib/form/rhf-text-field';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useSaveBankDetail } from '../api/use-configuration-mutations';
import { todayIst } from '../format';
import { useConfigMessages } from '../i18n';
import { FormDialog } from './form-dialog';

export type { BankDetail };

type BankFormValues = z.input<typeof bankDetailInputSchema>;

const FIELDS = ['bankName', 'accountName', 'accountNumber', 'ifsc', 'branch', 'effectiveFrom'] as const;

/** Add the SLDC bank account in force from a date, or change one not yet in force. */
export function BankDetailDialog({ bank, onClose }: { bank?: BankDetail; onClose: () => void }) {
  const m = useMessages();
  const t = useConfigMessages();
  const b = t.bank;
  const save = useSaveBankDetail();
  const [banner, setBanner] = useState<string | null>(null);
  const today = useMemo(() => todayIst(), []);
  const { control, handleSubmit, setError } = useForm<BankFormValues>({
    defaultValues: {
      bankName: bank?.bankName ?? '',
      accountName: bank?.accountName ?? '',
      accountNumber: bank?.accountNumber ?? '',
      ifsc: bank?.ifsc ?? '',
      branch: bank?.branch ?? '',
      effectiveFrom: bank?.effectiveFrom ?? '',
    },
    resolver: requiredFirst(
      payloadResolver(bankDetailInputSchema, (values: BankFormValues) => values, {
        extra: (values) => ({ effectiveFrom: values.effectiveFrom && values.effectiveFrom < today ? t.notInPast : undefined }),
      }),
      { effectiveFrom: m.common.required(t.effectiveFrom) },
    ),
  });
  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      await save.mutateAsync({ id: bank?.id, body: toValidPayload(bankDetailInputSchema, values) });
      notify.success(bank ? b.updated : b.added);
      onClose();
    } catch (error) {
      if (applyServerErrors(error, setError, FIELDS).length === 0) setBanner(errorText(error, m.common.genericError));
    }
  });
  const busy = save.isPending;
  return (
    <FormDialog title={bank ? b.editTitle : b.add} busy={busy} banner={banner} onSubmit={(event) => void onSubmit(event)} onClose={onClose}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <RhfTextField control={control} name="bankName" label={b.bankName} required disabled={busy} htmlInput={{ maxLength: 200 }} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <RhfTextField control={control} name="branch" label={b.branch} required disabled={busy} htmlInput={{ maxLength: 200 }} />
      </Grid>
      <Grid size={12}>
        <RhfTextField control={control} name="accountName" label={b.accountName} required disabled={busy} htmlInput={{ maxLength: 200 }} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <RhfTextField
          control={control}
          name="accountNumber"
          label={b.accountNumber}
          required
          disabled={busy}
          noSpaces
          htmlInput={{ maxLength: 18, inputMode: 'numeric' }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <RhfTextField
          control={control}
          name="ifsc"
          label={b.ifsc}
          required
          disabled={busy}
          noSpaces
          transform={(value) => value.toUpperCase()}
          htmlInput={{ maxLength: 11, spellCheck: false }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <LazyDateField
          control={control}
          name="effectiveFrom"
          label={t.effectiveFrom}
          required
          minDate={today}
          disabled={busy}
          helperText={t.dateHint}
        />
      </Grid>
    </FormDialog>
  );
}
