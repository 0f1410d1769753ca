import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { type FieldErrors, type Resolver, useForm, useWatch } from 'react-hook-form';

import { formatPaise, istDate, rupeesToPaise } from '@stoa/shared/common';
import { allowedExtensionsFor } from '@stoa/shared/files';
import {
  makePaymentInputSchema,
  maxTdsPaise,
  type Payment,
  PAYMENT_MODES,
  PAYMENT_PROOF_FORM,
  type PaymentDue,
  type PaymentMode,
  TDS_SECTION_RATE_BP,
  TDS_SECTIONS,
  type TdsSection,
} from '@stoa/shared/payments';

import { FilePicker, UploadStatus, useFileChoice } from '../../../components/file-picker';
import { FormDialog } from '../../../components/form-dialog';
import { errorText, isApiError } from '../../../lib/api-error';
import { useAuthUser } from '../../../lib/auth-store';
import { applyServerErrors } from '../../../lib/form/apply-server-errors';
import { LazyDateField } from '../../../lib/form/lazy-date-field';
import { payloadResolver } from '../../../lib/form/payload-resolver';
import { requiredFirst } from '../../../lib/form/required-first';
import { RhfSelectField } from '../../../lib/form/rhf-select-field';
import { RhfTextField } from '../../../lib/form/rhf-text-field';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { sendFailureText, UploadFailedError } from '../../../lib/upload';
import { paymentsQueries } from '../api/payments-queries';
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

const rupees = (p: number) => (p / 100).toFixed(2);

/** What the payer may claim as TDS on a due: the sections offered, the one proposed, and the most under each. */
export interface TdsChoice {
  sections: readonly TdsSection[];
  proposed: TdsSection | null;
  maxOf: (section: TdsSection) => number;
}

/**
 * The TDS the payer may claim on a due. An OA applicant (decision 0040): its declaration on the due's
 * head in force today, proposed with the most it may claim. A trader (decision 0071): no declaration
 * (no TDS Configuration), any section it names. At most the section's rate on the amount before GST
 * less the TDS its payments not reverted already claim (the due's accepted TDS when its payments are
 * not at hand). Null: no TDS.
 */
export function useTdsProposal(due: PaymentDue & { payments?: Payment[] }): TdsChoice | null {
  const trader = useAuthUser()?.role === 'Trader';
  const configured = useQuery({ ...paymentsQueries.tdsConfiguredCharges(), enabled: !trader });
  const claimed = due.payments
    ? due.payments.filter((p) => p.status !== 'REVERTED').reduce((sum, p) => sum + p.tdsAmount, 0)
    : due.tdsAmount;
  if (trader)
    return { sections: TDS_SECTIONS, proposed: null, maxOf: (s) => maxTdsPaise(due.grossAmount, TDS_SECTION_RATE_BP[s], claimed) };
  const declared = configured.data?.chargeList.find((c) => c.head === due.head && c.configured && c.section);
  if (!declared?.section || declared.rateBasisPoints === null) return null;
  const max = maxTdsPaise(due.grossAmount, declared.rateBasisPoints, claimed);
  return { sections: [declared.section], proposed: declared.section, maxOf: () => max };
}

/**
 * Make Payment against one due: mode, UTR / DD number, date (not in the future), amount in rupees,
 * bank, the proof (pdf or image), and — only when the payer declared TDS on the due's charge head —
 * TDS section and amount, proposed as the declared section and the most it may claim (decision 0040);
 * a trader names any section and sees the most it may claim under it (decision 0071).
 * The SLDC approves it.
 */
export function MakePaymentDialog({ due, onClose }: { due: PaymentDue & { payments?: Payment[] }; onClose: () => void }) {
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
  const tds = useTdsProposal(due);
  const { control, handleSubmit, setError, setValue, getFieldState } = useForm<Values>({
    defaultValues: {
      mode: '',
      reference: '',
      paymentDate: today,
      amount: rupees(due.balanceAmount),
      bankName: '',
      tdsSection: '',
      tdsAmount: '',
    },
    resolver,
  });
  // Once the declaration is known, propose its section and the most TDS, and the amount less it (unless typed).
  const proposed = useRef(false);
  useEffect(() => {
    if (!tds?.proposed || proposed.current) return;
    proposed.current = true;
    const max = tds.maxOf(tds.proposed);
    if (max <= 0) return;
    setValue('tdsSection', tds.proposed);
    setValue('tdsAmount', rupees(max));
    if (!getFieldState('amount').isDirty) setValue('amount', rupees(Math.max(0, due.balanceAmount - max)));
  }, [tds, setValue, getFieldState, due.balanceAmount]);
  const chosenSection = useWatch({ control, name: 'tdsSection' });
  const tdsHint = !tds
    ? null
    : tds.proposed
      ? t.tdsProposed(P.tds.sections[tds.proposed], formatPaise(tds.maxOf(tds.proposed)))
      : chosenSection
        ? t.tdsTraderMax(P.tds.sections[chosenSection], formatPaise(tds.maxOf(chosenSection)))
        : t.tdsTraderHint;
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
      {tds && (
        <>
          <Grid size={12}>
            <Typography variant="body2" color="text.secondary">
              {tdsHint}
            </Typography>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <RhfSelectField
              control={control}
              name="tdsSection"
              label={f.tdsSection}
              disabled={busy}
              options={[{ value: '', label: t.noTds }, ...tds.sections.map((x) => ({ value: x, label: P.tds.sections[x] }))]}
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
        </>
      )}
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
