import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { formatPaise } from '@stoa/shared/common';
import { approvePaymentInputSchema, type Payment, revertPaymentInputSchema } from '@stoa/shared/payments';

import { FormDialog } from '../../../components/form-dialog';
import { errorText } from '../../../lib/api-error';
import { applyServerErrors } from '../../../lib/form/apply-server-errors';
import { payloadResolver } from '../../../lib/form/payload-resolver';
import { RhfTextField } from '../../../lib/form/rhf-text-field';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useCheckPayment } from '../api/use-payment-mutations';
import { usePaymentsMessages } from '../i18n';

type Values = { remarks: string };

/** Approve (remarks optional) or revert (remarks required, the payer sees them) one pending payment. */
export function CheckPaymentDialog({ payment, action, onClose }: { payment: Payment; action: 'approve' | 'revert'; onClose: () => void }) {
  const m = useMessages();
  const P = usePaymentsMessages();
  const t = P.payments;
  const check = useCheckPayment();
  const [banner, setBanner] = useState<string | null>(null);
  const schema = action === 'approve' ? approvePaymentInputSchema : revertPaymentInputSchema;
  const { control, handleSubmit, setError } = useForm<Values>({
    defaultValues: { remarks: '' },
    resolver: payloadResolver(schema, (v: Values) => ({ remarks: v.remarks || (action === 'approve' ? null : '') })),
  });
  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      await check.mutateAsync({ id: payment.id, action, remarks: values.remarks.trim() });
      notify.success(action === 'approve' ? t.approved : t.reverted);
      onClose();
    } catch (error) {
      if (applyServerErrors(error, setError, ['remarks']).length === 0) setBanner(errorText(error, m.common.genericError));
    }
  });
  return (
    <FormDialog
      title={`${action === 'approve' ? t.approve : t.revert}: ${payment.reference}`}
      busy={check.isPending}
      banner={banner}
      submitLabel={action === 'approve' ? t.approve : t.revert}
      submitColor={action === 'approve' ? 'primary' : 'error'}
      busyLabel={P.saving}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      <Grid size={12}>
        <Typography>
          {payment.payerName} · {t.modes[payment.mode]} · {formatPaise(payment.amount)}
          {payment.tdsAmount ? ` + ${t.fields.tds} ${formatPaise(payment.tdsAmount)}` : ''}
        </Typography>
      </Grid>
      <Grid size={12}>
        <RhfTextField
          control={control}
          name="remarks"
          label={t.fields.remarks}
          required={action === 'revert'}
          helperText={action === 'revert' ? t.remarksHelp : undefined}
          disabled={check.isPending}
          multiline
          minRows={2}
          htmlInput={{ maxLength: 500 }}
        />
      </Grid>
    </FormDialog>
  );
}
