import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';

import { CHARGE_HEAD_INFO } from '@stoa/shared/configuration';
import { formatPaise } from '@stoa/shared/common';
import type { Payment } from '@stoa/shared/payments';

import { type Column, ListTable } from '../../../components/list-table';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { formatDisplayDate } from '../../../lib/dates';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { downloadProof, paymentsQueries } from '../api/payments-queries';
import { downloadReceipt } from '../api/receipts';
import { usePaymentsMessages, useTdsChallanMessages } from '../i18n';
import { CheckPaymentDialog } from './check-payment-dialog';
import { DueStatusChip, Money, PaymentStatusChip } from './payment-chips';
import { TdsDetailsDialog } from './tds-details-dialog';

/** The record a due is for, as its description ends ('Application fee: STOA/2026/0001' → 'STOA/2026/0001'). */
const recordRefOf = (description: string) => description.split(': ').at(-1) ?? description;

/**
 * One due with gross, GST, TDS, paid and balance, and every payment against it with its proof. The
 * SLDC business user (`canCheck`) approves or reverts the pending ones.
 */
export function PaymentViewDialog({ dueId, canCheck, onClose }: { dueId: string; canCheck: boolean; onClose: () => void }) {
  const m = useMessages();
  const pm = usePaymentsMessages();
  const t = pm.payments;
  const r = pm.receipts;
  const f = t.fields;
  const details = useQuery(paymentsQueries.paymentDetails(dueId));
  const [check, setCheck] = useState<{ payment: Payment; action: 'approve' | 'revert' } | null>(null);
  const [tdsOpen, setTdsOpen] = useState(false);
  const tdsText = useTdsChallanMessages().details;
  const titleId = useId();
  const due = details.data?.due;

  const columns: Column<Payment>[] = [
    { key: 'paymentDate', header: f.paymentDate, render: (x) => formatDisplayDate(x.paymentDate) },
    { key: 'mode', header: f.mode, render: (x) => t.modes[x.mode] },
    { key: 'reference', header: f.reference, render: (x) => x.reference },
    { key: 'bankName', header: f.bankName, render: (x) => x.bankName },
    { key: 'amount', header: f.amount, align: 'right', render: (x) => <Money paise={x.amount} /> },
    { key: 'tds', header: f.tds, align: 'right', render: (x) => (x.tdsAmount ? <Money paise={x.tdsAmount} /> : '—') },
    {
      key: 'proof',
      header: f.proof,
      render: (x) =>
        x.proofFileId ? (
          <Button size="small" onClick={() => void downloadProof(x.proofFileId!, x.proofFileName)}>
            {x.proofFileName ?? f.proof}
          </Button>
        ) : (
          '—'
        ),
    },
    { key: 'remarks', header: f.remarks, render: (x) => x.remarks ?? '' },
    { key: 'status', header: f.status, render: (x) => <PaymentStatusChip status={x.status} /> },
    {
      key: 'receipt',
      header: r.receiptNo,
      render: (x) =>
        x.status === 'APPROVED' && x.receiptNo ? (
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
            <span>{x.receiptNo}</span>
            <Button
              size="small"
              variant="outlined"
              startIcon={<Download />}
              onClick={() => downloadReceipt(x.id, x.receiptNo).catch(() => notify.error(m.common.downloadFailed))}
            >
              {r.download}
            </Button>
          </Box>
        ) : (
          '—'
        ),
    },
    ...(canCheck
      ? [
          {
            key: 'actions',
            header: t.approve,
            hiddenHeader: true,
            render: (x: Payment) =>
              x.status === 'PENDING' ? (
                <Box sx={{ display: 'flex', gap: 1 }}>
                  <Button size="small" variant="contained" onClick={() => setCheck({ payment: x, action: 'approve' })}>
                    {t.approve}
                  </Button>
                  <Button size="small" color="error" variant="outlined" onClick={() => setCheck({ payment: x, action: 'revert' })}>
                    {t.revert}
                  </Button>
                </Box>
              ) : null,
          } satisfies Column<Payment>,
        ]
      : []),
  ];

  let body;
  if (details.isPending) body = <ListLoading rows={3} />;
  else if (details.isError || !due) body = <ListError onRetry={() => void details.refetch()} />;
  else
    body = (
      <>
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
          {(
            [
              [f.payer, due.payerName],
              [f.head, CHARGE_HEAD_INFO[due.head]?.label ?? due.head],
              [f.dueDate, formatDisplayDate(due.dueDate)],
              [f.dueStatus, <DueStatusChip key="s" status={due.status} />],
              [f.gross, formatPaise(due.grossAmount)],
              [f.gst, formatPaise(due.gstAmount)],
              [f.total, formatPaise(due.totalAmount)],
              [f.tds, formatPaise(due.tdsAmount)],
              [f.paid, formatPaise(due.paidAmount)],
              [f.pending, formatPaise(due.pendingAmount)],
              [f.balance, formatPaise(due.balanceAmount)],
              ...(due.creditAmount ? [[f.credit, formatPaise(due.creditAmount)]] : []),
            ] as [string, React.ReactNode][]
          ).map(([label, value]) => (
            <Box key={label}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {label}
              </Typography>
              <Box component="dd">{value}</Box>
            </Box>
          ))}
        </Box>
        <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
          {t.paymentsOfDue}
        </Typography>
        {details.data.payments.length === 0 ? (
          <ListEmpty text={t.noPayments} />
        ) : (
          <ListTable label={t.paymentsOfDue} columns={columns} rows={details.data.payments} rowKey={(x) => x.id} stackOnPhone />
        )}
      </>
    );

  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{due ? due.description : t.paymentsOfDue}</DialogTitle>
      <DialogContent>{body}</DialogContent>
      <DialogActions>
        {/* The TDS of every payment against the record's dues (GetTDSDetails), when any was deducted on this one. */}
        {due && details.data?.payments.some((x) => x.tdsAmount > 0) && <Button onClick={() => setTdsOpen(true)}>{tdsText.open}</Button>}
        <Button onClick={onClose}>{m.common.close}</Button>
      </DialogActions>
      {check && <CheckPaymentDialog payment={check.payment} action={check.action} onClose={() => setCheck(null)} />}
      {tdsOpen && due && (
        <TdsDetailsDialog applicationId={due.recordId} recordLabel={recordRefOf(due.description)} onClose={() => setTdsOpen(false)} />
      )}
    </Dialog>
  );
}
