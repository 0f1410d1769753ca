import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';

import { formatPaise, rupeesToPaise } from '@stoa/shared/common';
import { makeRefundInputSchema, type Refundable } from '@stoa/shared/payments';

import { FormDialog } from '../../../components/form-dialog';
import { errorText } from '../../../lib/api-error';
import { applyServerErrors } from '../../../lib/form/apply-server-errors';
import { payloadResolver } from '../../../lib/form/payload-resolver';
import { requiredFirst } from '../../../lib/form/required-first';
import { RhfTextField } from '../../../lib/form/rhf-text-field';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useMakeRefund } from '../api/refunds-queries';
import { useRefundsMessages } from '../i18n';
import { BankAccountText } from './refund-bits';

type Values = { amount: string; remarks: string };
const RUPEES = /^\d{1,12}(\.\d{1,2})?$/;
const paise = (text: string) => (text.trim() === '' ? undefined : RUPEES.test(text.trim()) ? rupeesToPaise(text.trim()) : Number.NaN);

/**
 * Make Refund (SLDC business user, the maker): the amount in rupees (at most the item's balance) and
 * remarks; paid to the payer's registered bank account, shown here, once an approver approves it.
 */
export function MakeRefundDialog({ item, onClose }: { item: Refundable; onClose: () => void }) {
  const m = useMessages();
  const t = useRefundsMessages();
  const f = t.fields;
  const make = useMakeRefund();
  const [banner, setBanner] = useState<string | null>(null);
  const toPayload = (v: Values) => ({
    sourceType: item.sourceType,
    sourceId: item.sourceId,
    recordId: item.recordId,
    // Whose share: an item paid by an applicant and its trader is one per payer (decision 0078).
    payerUserId: item.payerUserId,
    amountPaise: paise(v.amount),
    remarks: v.remarks,
  });
  const inner = requiredFirst(
    payloadResolver(makeRefundInputSchema, toPayload, {
      fieldOf: { amountPaise: 'amount' },
      extra: (v) => {
        const p = paise(v.amount);
        return { amount: p !== undefined && p > item.balanceAmount ? t.errors.exceedsBalance(formatPaise(item.balanceAmount)) : undefined };
      },
    }),
    { amount: m.common.required(f.refundAmount), remarks: m.common.required(f.remarks) },
  );
  // An amount typed wrongly says so (the contract alone would only see no number).
  const resolver: Resolver<Values> = async (values, context, options) => {
    const result = await inner(values, context, options);
    const errors: FieldErrors<Values> = { ...result.errors };
    if (values.amount.trim() && !RUPEES.test(values.amount.trim())) errors.amount = { type: 'validate', message: t.amountFormat };
    return Object.keys(errors).length > 0 ? { values: {}, errors } : result;
  };
  const { control, handleSubmit, setError } = useForm<Values>({
    defaultValues: { amount: (item.balanceAmount / 100).toFixed(2), remarks: '' },
    resolver,
  });
  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      await make.mutateAsync(makeRefundInputSchema.parse(toPayload(values)));
      notify.success(t.made);
      onClose();
    } catch (error) {
      const applied = applyServerErrors(error, setError, ['amount', 'remarks'], { amountPaise: 'amount' });
      if (applied.length === 0) setBanner(errorText(error, m.common.genericError));
    }
  });
  const busy = make.isPending;
  return (
    <FormDialog
      title={t.makeRefund}
      busy={busy}
      banner={banner}
      submitLabel={t.makeRefund}
      busyLabel={t.saving}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      <Grid size={12}>
        <Typography sx={{ fontWeight: 600 }}>
          {item.payerName} · {t.sources[item.sourceType]}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {item.description}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {f.amount} {formatPaise(item.amount)} · {f.refunded} {formatPaise(item.refundedAmount)} · {f.pending}{' '}
          {formatPaise(item.pendingAmount)} · {f.balance} {formatPaise(item.balanceAmount)}
        </Typography>
      </Grid>
      <Grid size={12}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {f.bankAccount}
        </Typography>
        <BankAccountText account={item.bankAccount} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <RhfTextField
          control={control}
          name="amount"
          label={f.refundAmount}
          required
          disabled={busy}
          htmlInput={{ inputMode: 'decimal', maxLength: 15 }}
        />
      </Grid>
      <Grid size={12}>
        <RhfTextField
          control={control}
          name="remarks"
          label={f.remarks}
          required
          disabled={busy}
          multiline
          minRows={2}
          htmlInput={{ maxLength: 500 }}
        />
      </Grid>
    </FormDialog>
  );
}
