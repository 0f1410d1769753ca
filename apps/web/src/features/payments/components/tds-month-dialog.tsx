import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';

import { formatPaise } from '@stoa/shared/common';
import {
  approveTdsPaymentInputSchema,
  type ChallanStatus,
  revertTdsPaymentInputSchema,
  type TdsChallan,
  tdsMonthLabel,
  type TdsMonth,
  type TdsMonthStatus,
} from '@stoa/shared/payments';

import { FormDialog } from '../../../components/form-dialog';
import { type Column, ListTable } from '../../../components/list-table';
import { ListEmpty } from '../../../components/list-states';
import { errorText } from '../../../lib/api-error';
import { formatDisplayDate } from '../../../lib/dates';
import { applyServerErrors } from '../../../lib/form/apply-server-errors';
import { payloadResolver } from '../../../lib/form/payload-resolver';
import { RhfTextField } from '../../../lib/form/rhf-text-field';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { downloadChallan, useCheckTdsPayment } from '../api/tds-challans';
import { usePaymentsMessages, useTdsChallanMessages } from '../i18n';
import { Money } from './payment-chips';

/** Not Deposited / Pending Approval / Short / Reconciled / Excess of a payer's month. */
export function TdsMonthStatusChip({ status }: { status: TdsMonthStatus }) {
  const t = useTdsChallanMessages();
  // The theme's warning and info fills are below 4.5:1 behind white text: their dark shades instead.
  const sx =
    status === 'PENDING_APPROVAL'
      ? { bgcolor: 'info.dark', color: '#fff' }
      : status === 'NOT_DEPOSITED' || status === 'SHORT'
        ? { bgcolor: 'warning.dark', color: '#fff' }
        : undefined;
  return (
    <Chip
      size="small"
      color={status === 'RECONCILED' ? 'success' : 'default'}
      variant={status === 'EXCESS' || status === 'RECONCILED' ? 'outlined' : 'filled'}
      label={t.monthStatuses[status]}
      sx={sx}
    />
  );
}

/** Pending Approval / Approved / Reverted of a challan. */
export function ChallanStatusChip({ status }: { status: ChallanStatus }) {
  const t = useTdsChallanMessages();
  const color = status === 'APPROVED' ? 'success' : status === 'REVERTED' ? 'error' : 'default';
  const sx = status === 'PENDING' ? { bgcolor: 'info.dark', color: '#fff' } : undefined;
  return (
    <Chip size="small" color={color} variant={status === 'PENDING' ? 'filled' : 'outlined'} label={t.challanStatuses[status]} sx={sx} />
  );
}

/** Approve (remarks optional) or revert (remarks required, the payer sees them) one pending challan. */
function CheckChallanDialog({ challan, action, onClose }: { challan: TdsChallan; action: 'approve' | 'revert'; onClose: () => void }) {
  const m = useMessages();
  const P = usePaymentsMessages();
  const t = useTdsChallanMessages();
  const check = useCheckTdsPayment();
  const [banner, setBanner] = useState<string | null>(null);
  const schema = action === 'approve' ? approveTdsPaymentInputSchema : revertTdsPaymentInputSchema;
  const { control, handleSubmit, setError } = useForm<{ remarks: string }>({
    defaultValues: { remarks: '' },
    resolver: payloadResolver(schema, (v: { remarks: string }) => ({ remarks: v.remarks || (action === 'approve' ? null : '') })),
  });
  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      await check.mutateAsync({ id: challan.id, action, remarks: values.remarks.trim() });
      notify.success(action === 'approve' ? t.approved : t.reverted);
      onClose();
    } catch (error) {
      if (applyServerErrors(error, setError, ['remarks']).length === 0) setBanner(errorText(error, m.common.genericError));
    }
  });
  return (
    <FormDialog
      title={`${action === 'approve' ? t.approve : t.revert}: ${challan.challanNo}`}
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
          {challan.payerName} · {tdsMonthLabel(challan.month)} · {formatPaise(challan.amount)}
          {challan.interestAmount ? ` · ${t.fields.interest} ${formatPaise(challan.interestAmount)}` : ''}
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

/** One payer's month: deducted, deposited, interest, and its challans with their files; the SLDC business user decides. */
export function TdsMonthDialog({ month, canCheck, onClose }: { month: TdsMonth; canCheck: boolean; onClose: () => void }) {
  const m = useMessages();
  const t = useTdsChallanMessages();
  const f = t.fields;
  const titleId = useId();
  const [check, setCheck] = useState<{ challan: TdsChallan; action: 'approve' | 'revert' } | null>(null);
  const columns: Column<TdsChallan>[] = [
    { key: 'challanNo', header: f.challanNo, render: (x) => x.challanNo },
    { key: 'bsrCode', header: f.bsrCode, render: (x) => x.bsrCode },
    { key: 'challanDate', header: f.challanDate, render: (x) => formatDisplayDate(x.challanDate) },
    { key: 'amount', header: f.amount, align: 'right', render: (x) => <Money paise={x.amount} /> },
    {
      key: 'interest',
      header: f.interest,
      align: 'right',
      render: (x) => (x.interestAmount ? <Money paise={x.interestAmount} /> : x.lateMonths ? formatPaise(0) : '—'),
    },
    {
      key: 'file',
      header: f.challan,
      render: (x) =>
        x.fileId ? (
          <Button size="small" onClick={() => downloadChallan(x.fileId!, x.fileName).catch(() => notify.error(m.common.downloadFailed))}>
            {x.fileName ?? f.challan}
          </Button>
        ) : (
          '—'
        ),
    },
    { key: 'remarks', header: f.remarks, render: (x) => x.remarks ?? '' },
    { key: 'status', header: f.challanStatus, render: (x) => <ChallanStatusChip status={x.status} /> },
    ...(canCheck
      ? [
          {
            key: 'actions',
            header: t.approve,
            hiddenHeader: true,
            render: (x: TdsChallan) =>
              x.status === 'PENDING' ? (
                <Box sx={{ display: 'flex', gap: 1 }}>
                  <Button size="small" variant="contained" onClick={() => setCheck({ challan: x, action: 'approve' })}>
                    {t.approve}
                  </Button>
                  <Button size="small" color="error" variant="outlined" onClick={() => setCheck({ challan: x, action: 'revert' })}>
                    {t.revert}
                  </Button>
                </Box>
              ) : null,
          } satisfies Column<TdsChallan>,
        ]
      : []),
  ];
  const facts: [string, React.ReactNode][] = [
    [f.payer, month.payerName],
    [f.dueBy, formatDisplayDate(month.dueBy)],
    [f.status, <TdsMonthStatusChip key="s" status={month.status} />],
    [f.deducted, formatPaise(month.deductedAmount)],
    [f.deposited, formatPaise(month.depositedAmount)],
    [f.pending, formatPaise(month.pendingAmount)],
    [f.shortfall, formatPaise(month.shortfallAmount)],
    [f.interest, formatPaise(month.interestAmount)],
  ];
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{`${month.payerName} — ${tdsMonthLabel(month.month)}`}</DialogTitle>
      <DialogContent>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' },
            gap: 1.5,
            m: 0,
            mb: 2,
            '& dd': { m: 0, fontWeight: 600 },
          }}
        >
          {facts.map(([label, value]) => (
            <Box key={label}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {label}
              </Typography>
              <Box component="dd">{value}</Box>
            </Box>
          ))}
        </Box>
        {month.challans.length === 0 ? (
          <ListEmpty text={t.noChallans} />
        ) : (
          <ListTable label={t.view} columns={columns} rows={month.challans} rowKey={(x) => x.id} stackOnPhone />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{m.common.close}</Button>
      </DialogActions>
      {check && <CheckChallanDialog challan={check.challan} action={check.action} onClose={() => setCheck(null)} />}
    </Dialog>
  );
}
