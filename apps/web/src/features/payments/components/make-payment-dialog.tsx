import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';

import { formatPaise, istDate, rupeesToPaise } from '@stoa/shared/common';
import { allowedExtensionsFor } from '@stoa/shared/files';
import {
  makePaymentInputSchema,
  PAYMENT_MODES,
  PAYMENT_PROOF_FORM,
  type PaymentDue,
  type PaymentMode,
  TDS_SECTIONS,
  type TdsSection,
} from '@stoa/shared/payments';

import { FilePicker, UploadStatus, useFileChoice } from '../../../components/file-picker';
import { FormDialog } from '../../../components/form-dialog';
import { errorText, isApiError } from '../../../lib/api-error';
import { applyServerErrors } from '../../../lib/form/apply-server-errors';
import { LazyDateField } from '../../../lib/form/lazy-date-field';
import { payloadResolver } from '../../../lib/form/payload-resolver';
import { requiredFirst } from '../../../lib/form/required-first';
import { RhfSelectField } from '../../../lib/form/rhf-select-field';
import { RhfTextField } from '../../../lib/form/rhf-text-field';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { sendFailureText, UploadFailedError } from '../../../lib/upload';
import { useMakePayment } from '../api/use-payment-mutations';
import { usePaymentsMessages } from '../i18n';

type Values = {
  mode: PaymentMode | '';
  reference: string;
  paymentDate: string;
  amount: string;
  bankName: string;
  tdsSection: TdsSection | '';
  tdsAmount: string;
};
const FIELDS = ['mode', 'reference', 'paymentDate', 'amount', 'bankName', 'tdsSection', 'tdsAmount'] as const;
const RUPEES = /^\d{1,12}(\.\d{1,2})?$/;
const ALLOWED = allowedExtensionsFor(PAYMENT_PROOF_FORM);
/** Stands in for the proof's id while the form is checked (the proof is uploaded on submit). */
const PROOF_PLACEHOLDER = '00000000-0000-4000-8000-000000000000';

/** Rupees typed ('5900.50') as paise; undefined when empty, NaN when not an amount (the contract then says so). */
const paise = (text: string) => (text.trim() === '' ? undefined : RUPEES.test(text.trim()) ? rupeesToPaise(text.trim()) : Number.NaN);
const toPayload = (v: Values) => ({
  mode: v.mode || undefined,
  reference: v.reference,
  paymentDate: v.paymentDate,
  amountPaise: paise(v.amount),
  bankName: v.bankName,
  proofFileId: PROOF_PLACEHOLDER,
  tdsSection: v.tdsSection || null,
  tdsAmountPaise: paise(v.tdsAmount) ?? null,
});

/**
 * Make Payment against one due: mode, UTR / DD number, date (not in the future), amount in rupees,
 * bank, TDS section and amount when TDS was deducted, and the proof (pdf or image). The SLDC approves it.
 */
export function MakePaymentDialog({ due, onClose }: { due: PaymentDue; onClose: () => void }) {
  const m = useMessages();
  const P = usePaymentsMessages();
  const t = P.payments;
  const f = t.fields;
  const make = useMakePayment();
  const proof = useFileChoice(ALLOWED);
  const [banner, setBanner] = useState<string | null>(null);
  const today = useMemo(() => istDate(new Date()), []);
  const id = useId();
  const amountText = (text: string) => (text.trim() && !RUPEES.test(text.trim()) ? t.amountFormat : undefined);
  // An amount typed wrongly says so (the contract alone would only see no number).
  const withFormat =
    (inner: Resolver<Values>): Resolver<Values> =>
    async (values, context, options) => {
      const result = await inner(values, context, options);
      const errors: FieldErrors<Values> = { ...result.errors };
      for (const k of ['amount', 'tdsAmount'] as const) {
        const message = amountText(values[k]);
        if (message) errors[k] = { type: 'validate', message };
      }
      return Object.keys(errors).length > 0 ? { values: {}, errors } : result;
    };
  const resolver: Resolver<Values> = withFormat(
    requiredFirst(
      payloadResolver(makePaymentInputSchema, toPayload, {
        fieldOf: { amountPaise: 'amount', tdsAmountPaise: 'tdsAmount' },
        extra: (v) => ({
          paymentDate: v.paymentDate && v.paymentDate > today ? t.errors.futureDate : undefined,
        }),
      }),
      {
        mode: m.common.required(f.mode),
        reference: m.common.required(f.reference),
        paymentDate: m.common.required(f.paymentDate),
        amount: m.common.required(f.amount),
        bankName: m.common.required(f.bankName),
      },
    ),
  );
  const { control, handleSubmit, setError } = useForm<Values>({
    defaultValues: {
      mode: '',
      reference: '',
      paymentDate: today,
      amount: (due.balanceAmount / 100).toFixed(2),
      bankName: '',
      tdsSection: '',
      tdsAmount: '',
    },
    resolver,
  });
  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    const file = proof.ready();
    if (!file) return;
    proof.setProgress(0);
    const payload = makePaymentInputSchema.parse(toPayload(values));
    try {
      const { proofFileId: _placeholder, ...body } = payload;
      await make.mutateAsync({ dueId: due.id, body, proof: file, onProgress: proof.setProgress });
      notify.success(t.made);
      onClose();
    } catch (error) {
      proof.setProgress(null);
      if (error instanceof UploadFailedError) {
        proof.setProblem(sendFailureText(error));
        return;
      }
      const applied = applyServerErrors(error, setError, FIELDS, { amountPaise: 'amount', tdsAmountPaise: 'tdsAmount' });
      const proofError = isApiError(error) ? error.fieldErrors.find((e) => e.fieldName === 'proofFileId') : undefined;
      if (proofError) proof.setProblem(proofError.errorMessages[0] ?? t.errors.proofType);
      if (applied.length === 0 && !proofError) setBanner(errorText(error, m.common.genericError));
    }
  });
  const busy = make.isPending;
  const uploading = busy && proof.progress !== null && proof.progress < 1;
  return (
    <FormDialog
      title={t.makePayment}
      busy={busy}
      banner={banner}
      submitLabel={t.makePayment}
      busyLabel={uploading ? t.uploading : P.saving}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      <Grid size={12}>
        <Typography sx={{ fontWeight: 600 }}>{due.description}</Typography>
        <Typography variant="body2" color="text.secondary">
          {f.total} {formatPaise(due.totalAmount)} · {f.paid} {formatPaise(due.paidAmount)} · {f.pending} {formatPaise(due.pendingAmount)} ·{' '}
          {f.balance} {formatPaise(due.balanceAmount)}
        </Typography>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <RhfSelectField
          control={control}
          name="mode"
          label={f.mode}
          required
          disabled={busy}
          options={PAYMENT_MODES.map((x) => ({ value: x, label: t.modes[x] }))}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <RhfTextField control={control} name="reference" label={f.reference} required disabled={busy} htmlInput={{ maxLength: 30 }} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <LazyDateField control={control} name="paymentDate" label={f.paymentDate} required disableFuture disabled={busy} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <RhfTextField
          control={control}
          name="amount"
          label={f.amount}
          required
          disabled={busy}
          htmlInput={{ inputMode: 'decimal', maxLength: 15 }}
        />
      </Grid>
      <Grid size={12}>
        <RhfTextField control={control} name="bankName" label={f.bankName} required disabled={busy} htmlInput={{ maxLength: 100 }} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <RhfSelectField
          control={control}
          name="tdsSection"
          label={f.tdsSection}
          disabled={busy}
          options={[{ value: '', label: t.noTds }, ...TDS_SECTIONS.map((s) => ({ value: s, label: P.tds.sections[s] }))]}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <RhfTextField
          control={control}
          name="tdsAmount"
          label={f.tdsAmount}
          disabled={busy}
          htmlInput={{ inputMode: 'decimal', maxLength: 15 }}
        />
      </Grid>
      <Grid size={12}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {f.proof} *
        </Typography>
        <FilePicker
          file={proof.file}
          invalid={!!proof.problem}
          icon={PictureAsPdfOutlined}
          iconColor="error.main"
          texts={t.proofTexts}
          accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
          disabled={busy}
          onChoose={proof.choose}
          hintId={`${id}-hint`}
          describeButton
          mt={1}
        />
        <UploadStatus
          progress={
            proof.progress === null ? null : { label: t.uploading, percent: proof.percent, text: uploading ? t.uploading : P.saving }
          }
          problem={proof.problem}
        />
      </Grid>
    </FormDialog>
  );
}
