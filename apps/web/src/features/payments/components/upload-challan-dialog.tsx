import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';

import { formatPaise, istDate, rupeesToPaise } from '@stoa/shared/common';
import { allowedExtensionsFor } from '@stoa/shared/files';
import { makeTdsPaymentInputSchema, TDS_CHALLAN_FORM, tdsMonthLabel, type TdsMonth } from '@stoa/shared/payments';

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
import { useMakeTdsPayment } from '../api/tds-challans';
import { usePaymentsMessages, useTdsChallanMessages } from '../i18n';

type Values = { month: string; challanNo: string; bsrCode: string; challanDate: string; amount: string };
const FIELDS = ['month', 'challanNo', 'bsrCode', 'challanDate', 'amount'] as const;
const RUPEES = /^\d{1,12}(\.\d{1,2})?$/;
const ALLOWED = allowedExtensionsFor(TDS_CHALLAN_FORM);
/** Stands in for the file's id while the form is checked (the file is uploaded on submit). */
const FILE_PLACEHOLDER = '00000000-0000-4000-8000-000000000000';

/** The current month and the 23 before it, newest first ('YYYY-MM'). */
export function recentMonths(today: string, count = 24): string[] {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const n = y * 12 + (m - 1) - i;
    return `${Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`;
  });
}

const paise = (text: string) => (text.trim() === '' ? undefined : RUPEES.test(text.trim()) ? rupeesToPaise(text.trim()) : Number.NaN);
const toPayload = (v: Values) => ({
  month: v.month,
  challanNo: v.challanNo,
  bsrCode: v.bsrCode,
  challanDate: v.challanDate,
  amountPaise: paise(v.amount),
  fileId: FILE_PLACEHOLDER,
});

/**
 * Upload Challan for a month's TDS: month, challan number, BSR code (7 digits), challan date (not in
 * the future), amount in rupees and the challan (pdf or image). The SLDC reconciles it.
 */
export function UploadChallanDialog({ month, onClose }: { month?: TdsMonth; onClose: () => void }) {
  const m = useMessages();
  const t = useTdsChallanMessages();
  const P = usePaymentsMessages();
  const f = t.fields;
  const make = useMakeTdsPayment();
  const file = useFileChoice(ALLOWED);
  const [banner, setBanner] = useState<string | null>(null);
  const today = useMemo(() => istDate(new Date()), []);
  const months = useMemo(() => recentMonths(today), [today]);
  const id = useId();
  const withFormat =
    (inner: Resolver<Values>): Resolver<Values> =>
    async (values, context, options) => {
      const result = await inner(values, context, options);
      const errors: FieldErrors<Values> = { ...result.errors };
      if (values.amount.trim() && !RUPEES.test(values.amount.trim())) errors.amount = { type: 'validate', message: t.amountFormat };
      return Object.keys(errors).length > 0 ? { values: {}, errors } : result;
    };
  const resolver: Resolver<Values> = withFormat(
    requiredFirst(
      payloadResolver(makeTdsPaymentInputSchema, toPayload, {
        fieldOf: { amountPaise: 'amount' },
        extra: (v) => ({
          challanDate:
            v.challanDate && v.challanDate > today
              ? t.errors.futureDate
              : v.challanDate && v.month && v.challanDate < `${v.month}-01`
                ? t.errors.beforeMonth
                : undefined,
        }),
      }),
      {
        month: m.common.required(f.month),
        challanNo: m.common.required(f.challanNo),
        bsrCode: m.common.required(f.bsrCode),
        challanDate: m.common.required(f.challanDate),
        amount: m.common.required(f.amount),
      },
    ),
  );
  const outstanding = month ? Math.max(0, month.deductedAmount - month.depositedAmount - month.pendingAmount) : 0;
  const { control, handleSubmit, setError } = useForm<Values>({
    defaultValues: {
      month: month?.month ?? '',
      challanNo: '',
      bsrCode: '',
      challanDate: today,
      amount: outstanding ? (outstanding / 100).toFixed(2) : '',
    },
    resolver,
  });
  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    const chosen = file.ready();
    if (!chosen) return;
    file.setProgress(0);
    const { fileId: _placeholder, ...body } = makeTdsPaymentInputSchema.parse(toPayload(values));
    try {
      await make.mutateAsync({ body, file: chosen, onProgress: file.setProgress });
      notify.success(t.made);
      onClose();
    } catch (error) {
      file.setProgress(null);
      if (error instanceof UploadFailedError) {
        file.setProblem(sendFailureText(error));
        return;
      }
      const applied = applyServerErrors(error, setError, FIELDS, { amountPaise: 'amount' });
      const fileError = isApiError(error) ? error.fieldErrors.find((e) => e.fieldName === 'fileId') : undefined;
      if (fileError) file.setProblem(fileError.errorMessages[0] ?? t.errors.fileType);
      if (applied.length === 0 && !fileError) setBanner(errorText(error, m.common.genericError));
    }
  });
  const busy = make.isPending;
  const uploading = busy && file.progress !== null && file.progress < 1;
  return (
    <FormDialog
      title={t.upload}
      busy={busy}
      banner={banner}
      submitLabel={t.upload}
      busyLabel={uploading ? t.uploading : P.saving}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      {month && (
        <Grid size={12}>
          <Typography variant="body2" color="text.secondary">
            {tdsMonthLabel(month.month)} · {f.deducted} {formatPaise(month.deductedAmount)} · {f.deposited}{' '}
            {formatPaise(month.depositedAmount)}
          </Typography>
        </Grid>
      )}
      <Grid size={{ xs: 12, sm: 6 }}>
        <RhfSelectField
          control={control}
          name="month"
          label={f.month}
          required
          disabled={busy}
          options={months.map((x) => ({ value: x, label: tdsMonthLabel(x) }))}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <LazyDateField control={control} name="challanDate" label={f.challanDate} required disableFuture disabled={busy} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <RhfTextField
          control={control}
          name="challanNo"
          label={f.challanNo}
          required
          disabled={busy}
          htmlInput={{ inputMode: 'numeric', maxLength: 20 }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <RhfTextField
          control={control}
          name="bsrCode"
          label={f.bsrCode}
          required
          disabled={busy}
          htmlInput={{ inputMode: 'numeric', maxLength: 7 }}
        />
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
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {f.challan} *
        </Typography>
        <FilePicker
          file={file.file}
          invalid={!!file.problem}
          icon={PictureAsPdfOutlined}
          iconColor="error.main"
          texts={t.fileTexts}
          accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
          disabled={busy}
          onChoose={file.choose}
          hintId={`${id}-hint`}
          describeButton
          mt={1}
        />
        <UploadStatus
          progress={file.progress === null ? null : { label: t.uploading, percent: file.percent, text: uploading ? t.uploading : P.saving }}
          problem={file.problem}
        />
      </Grid>
    </FormDialog>
  );
}
