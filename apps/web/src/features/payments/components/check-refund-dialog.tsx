import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';

import { formatPaise, istDate } from '@stoa/shared/common';
import { approveRefundInputSchema, type Refund, returnRefundInputSchema } from '@stoa/shared/payments';

import { FormDialog } from '../../../components/form-dialog';
import { errorText } from '../../../lib/api-error';
import { applyServerErrors } from '../../../lib/form/apply-server-errors';
import { LazyDateField } from '../../../lib/form/lazy-date-field';
import { payloadResolver } from '../../../lib/form/payload-resolver';
import { requiredFirst } from '../../../lib/form/required-first';
import { RhfTextField } from '../../../lib/form/rhf-text-field';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useCheckRefund } from '../api/refunds-queries';
import { useRefundsMessages } from '../i18n';
import { BankAccountText } from './refund-bits';

type Values = { payoutReference: string; payoutDate: string; remarks: string };
const FIELDS = ['payoutReference', 'payoutDate', 'remarks'] as const;

/**
 * The checker's step (SLDC approvers): approve a pending refund with the payout reference (UTR) and
 * date it was paid to the registered bank account, or return it to the maker with remarks.
 */
export function CheckRefundDialog({ refund, action, onClose }: { refund: Refund; action: 'approve' | 'return'; onClose: () => void }) {
  const m = useMessages();
  const t = useRefundsMessages();
  const f = t.fields;
  const check = useCheckRefund();
  const [banner, setBanner] = useState<string | null>(null);
  const today = useMemo(() => istDate(new Date()), []);
  const madeOn = istDate(new Date(refund.madeAt));
  const approving = action === 'approve';
  const resolver = approving
    ? requiredFirst(
        payloadResolver(approveRefundInputSchema, (v: Values) => ({ ...v, remarks: v.remarks || null }), {
          extra: (v) => ({
            payoutDate:
              v.payoutDate && v.payoutDate > today
                ? t.errors.futurePayoutDate
                : v.payoutDate && v.payoutDate < madeOn
                  ? t.errors.payoutBeforeMade
                  : undefined,
          }),
        }),
        { payoutReference: m.common.required(f.payoutReference), payoutDate: m.common.required(f.payoutDate) },
      )
    : payloadResolver(returnRefundInputSchema, (v: Values) => ({ remarks: v.remarks }));
  const { control, handleSubmit, setError } = useForm<Values>({
    defaultValues: { payoutReference: '', payoutDate: today, remarks: '' },
    resolver,
  });
  const onSubmit = handleSubmit(async (v) => {
    setBanner(null);
    try {
      if (approving)
        await check.mutateAsync({
          action,
          id: refund.id,
          payoutReference: v.payoutReference,
          payoutDate: v.payoutDate,
          remarks: v.remarks.trim(),
        });
      else await check.mutateAsync({ action, id: refund.id, remarks: v.remarks.trim() });
      notify.success(approving ? t.approved : t.returned);
      onClose();
    } catch (error) {
      if (applyServerErrors(error, setError, FIELDS).length === 0) setBanner(errorText(error, m.common.genericError));
    }
  });
  return (
    <FormDialog
      title={`${approving ? t.approve : t.return}: ${formatPaise(refund.amount)}`}
      busy={check.isPending}
      banner={banner}
      submitLabel={approving ? t.approve : t.return}
      submitColor={approving ? 'primary' : 'error'}
      busyLabel={t.saving}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      <Grid size={12}>
        <Typography sx={{ fontWeight: 600 }}>
          {refund.payerName} · {formatPaise(refund.amount)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {refund.description} · {refund.remarks} ({refund.madeByName})
        </Typography>
        <BankAccountText account={refund.bankAccount} />
      </Grid>
      {approving && (
        <>
          <Grid size={{ xs: 12, sm: 6 }}>
            <RhfTextField
              control={control}
              name="payoutReference"
              label={f.payoutReference}
              required
              disabled={check.isPending}
              htmlInput={{ maxLength: 30 }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <LazyDateField control={control} name="payoutDate" label={f.payoutDate} required disableFuture disabled={check.isPending} />
          </Grid>
        </>
      )}
      <Grid size={12}>
        <RhfTextField
          control={control}
          name="remarks"
          label={f.remarks}
          required={!approving}
          helperText={approving ? undefined : t.remarksHelp}
          disabled={check.isPending}
          multiline
          minRows={2}
          htmlInput={{ maxLength: 500 }}
        />
      </Grid>
    </FormDialog>
  );
}
