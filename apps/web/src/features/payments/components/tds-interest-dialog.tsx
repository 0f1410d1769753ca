import Grid from '@mui/material/Grid';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';

import { istDate } from '@stoa/shared/common';
import { type TdsInterest, tdsInterestInputSchema } from '@stoa/shared/payments';

import { FormDialog } from '../../../components/form-dialog';
import { errorText } from '../../../lib/api-error';
import { applyServerErrors } from '../../../lib/form/apply-server-errors';
import { LazyDateField } from '../../../lib/form/lazy-date-field';
import { payloadResolver, toValidPayload } from '../../../lib/form/payload-resolver';
import { requiredFirst } from '../../../lib/form/required-first';
import { RhfTextField } from '../../../lib/form/rhf-text-field';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useSaveTdsInterest } from '../api/use-tds-mutations';
import { usePaymentsMessages } from '../i18n';

type Values = { ratePercent: string; effectiveFrom: string; remarks: string };

const FIELDS = ['ratePercent', 'effectiveFrom', 'remarks'] as const;
const toPayload = (v: Values) => ({ ratePercent: v.ratePercent, effectiveFrom: v.effectiveFrom, remarks: v.remarks || null });

/** Set the interest per month on late TDS deposit from a date (today or later), or change one not yet in force. */
export function TdsInterestDialog({ rate, onClose }: { rate?: TdsInterest; onClose: () => void }) {
  const m = useMessages();
  const p = usePaymentsMessages();
  const t = p.tdsInterest;
  const f = t.fields;
  const save = useSaveTdsInterest();
  const [banner, setBanner] = useState<string | null>(null);
  const today = useMemo(() => istDate(new Date()), []);
  const { control, handleSubmit, setError } = useForm<Values>({
    defaultValues: { ratePercent: rate?.ratePercent ?? '', effectiveFrom: rate?.effectiveFrom ?? '', remarks: rate?.remarks ?? '' },
    resolver: requiredFirst(
      payloadResolver(tdsInterestInputSchema, toPayload, {
        extra: (v) => ({
          effectiveFrom: v.effectiveFrom && v.effectiveFrom < today ? p.notInPast : undefined,
        }),
      }),
      { ratePercent: m.common.required(f.ratePercent), effectiveFrom: m.common.required(f.effectiveFrom) },
    ),
  });
  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      await save.mutateAsync({ id: rate?.id, body: toValidPayload(tdsInterestInputSchema, toPayload(values)) });
      notify.success(t.saved);
      onClose();
    } catch (error) {
      if (applyServerErrors(error, setError, FIELDS).length === 0) setBanner(errorText(error, m.common.genericError));
    }
  });
  const busy = save.isPending;
  return (
    <FormDialog
      title={rate ? t.edit : t.add}
      busy={busy}
      banner={banner}
      submitLabel={p.save}
      busyLabel={p.saving}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      <Grid size={{ xs: 12, sm: 6 }}>
        <RhfTextField
          control={control}
          name="ratePercent"
          label={f.ratePercent}
          required
          disabled={busy}
          htmlInput={{ inputMode: 'decimal', maxLength: 6 }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <LazyDateField control={control} name="effectiveFrom" label={f.effectiveFrom} required minDate={today} disabled={busy} />
      </Grid>
      <Grid size={12}>
        <RhfTextField control={control} name="remarks" label={f.remarks} disabled={busy} htmlInput={{ maxLength: 500 }} />
      </Grid>
    </FormDialog>
  );
}
