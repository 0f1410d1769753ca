import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';

import type { BankStatement, StatementLine, StatementPayment } from '@stoa/shared/payments';

import { type Column, ListTable } from '../../../components/list-table';
import type { RowError } from '../../../components/rows-file-upload';
import { useAuthUser } from '../../../lib/auth-store';
import { formatDisplayDate } from '../../../lib/dates';
import { paymentsQueries } from '../api/payments-queries';
import { usePaymentsMessages, useReconciliationMessages } from '../i18n';
import { CheckPaymentDialog } from './check-payment-dialog';
import { Money, PaymentStatusChip } from './payment-chips';

/** The row errors of a refused statement (row, column, message). */
export function StatementRowErrors({ errors }: { errors: RowError[] }) {
  const t = useReconciliationMessages().statement;
  const f = t.fields;
  const columns: Column<RowError>[] = [
    { key: 'row', header: t.fields.line, render: (e) => e.row, width: '12%' },
    { key: 'column', header: f.column, render: (e) => f[e.column as keyof typeof f] ?? e.column, width: '20%' },
    { key: 'message', header: f.error, render: (e) => e.message },
  ];
  return (
    <ListTable label={t.rowErrorsTitle} columns={columns} rows={errors} rowKey={(e) => `${e.row}|${e.column}|${e.message}`} stackOnPhone />
  );
}

type Matched = BankStatement['matched'][number];
type UnmatchedLine = BankStatement['unmatchedLines'][number];

/** The matching of a statement: matched pairs (approve from here), lines without a payment, payments without a line. */
export function StatementMatching({ s, canApprove }: { s: BankStatement; canApprove: boolean }) {
  const t = useReconciliationMessages().statement;
  const f = t.fields;
  const [approving, setApproving] = useState<StatementPayment | null>(null);
  const me = useAuthUser()?.userId;
  const approve = usePaymentsMessages().payments.approve;
  const lineColumns = <T extends { line: StatementLine }>(): Column<T>[] => [
    { key: 'row', header: f.line, render: (x) => x.line.row },
    { key: 'date', header: f.date, render: (x) => formatDisplayDate(x.line.date) },
    { key: 'utr', header: f.utr, minWidth: 130, render: (x) => <Box sx={{ overflowWrap: 'anywhere' }}>{x.line.utr}</Box> },
    { key: 'amount', header: f.amount, align: 'right', render: (x) => <Money paise={x.line.amount} /> },
    { key: 'narration', header: f.narration, render: (x) => x.line.narration ?? '—', minWidth: 140 },
  ];
  const matched: Column<Matched>[] = [
    ...lineColumns<Matched>(),
    { key: 'payer', header: f.payer, render: (x) => x.payment.payerName, minWidth: 140 },
    { key: 'description', header: f.description, render: (x) => x.payment.description, minWidth: 160 },
    { key: 'status', header: f.status, render: (x) => <PaymentStatusChip status={x.payment.status} /> },
    ...(canApprove
      ? [
          {
            key: 'actions',
            header: approve,
            hiddenHeader: true,
            render: (x: Matched) =>
              x.payment.status === 'PENDING' && x.payment.madeBy !== me ? (
                <Button
                  size="small"
                  variant="contained"
                  onClick={() => setApproving(x.payment)}
                  aria-label={`${approve}: ${x.payment.reference}`}
                >
                  {approve}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];
  const unmatched: Column<UnmatchedLine>[] = [
    ...lineColumns<UnmatchedLine>(),
    {
      key: 'reason',
      header: f.reason,
      minWidth: 180,
      render: (x) => (
        <Box>
          {t.reasons[x.reason]}
          {x.payment && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {x.payment.payerName} · <Money paise={x.payment.amount} />
            </Typography>
          )}
        </Box>
      ),
    },
  ];
  const payments: Column<StatementPayment>[] = [
    { key: 'payer', header: f.payer, render: (p) => p.payerName, minWidth: 140 },
    { key: 'description', header: f.description, render: (p) => p.description, minWidth: 160 },
    { key: 'utr', header: f.utr, minWidth: 130, render: (p) => <Box sx={{ overflowWrap: 'anywhere' }}>{p.reference}</Box> },
    { key: 'paymentDate', header: f.paymentDate, render: (p) => formatDisplayDate(p.paymentDate) },
    { key: 'amount', header: f.paymentAmount, align: 'right', render: (p) => <Money paise={p.amount} /> },
    { key: 'status', header: f.status, render: (p) => <PaymentStatusChip status={p.status} /> },
  ];
  return (
    <>
      <Section title={`${t.matched} (${s.matched.length})`} empty={t.noMatched} count={s.matched.length}>
        <ListTable label={t.matched} columns={matched} rows={s.matched} rowKey={(x) => `${x.line.row}`} stackOnPhone />
      </Section>
      <Section title={`${t.unmatchedLines} (${s.unmatchedLines.length})`} empty={t.noUnmatchedLines} count={s.unmatchedLines.length}>
        <ListTable label={t.unmatchedLines} columns={unmatched} rows={s.unmatchedLines} rowKey={(x) => `${x.line.row}`} stackOnPhone />
      </Section>
      <Section
        title={`${t.unmatchedPayments} (${s.unmatchedPayments.length})`}
        empty={t.noUnmatchedPayments}
        count={s.unmatchedPayments.length}
      >
        <ListTable label={t.unmatchedPayments} columns={payments} rows={s.unmatchedPayments} rowKey={(p) => p.id} stackOnPhone />
      </Section>
      {approving && <ApproveMatched payment={approving} onClose={() => setApproving(null)} />}
    </>
  );
}

function Section({ title, empty, count, children }: { title: string; empty: string; count: number; children: ReactNode }) {
  return (
    <Box sx={{ mb: 2.5 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {count === 0 ? <Typography color="text.secondary">{empty}</Typography> : children}
    </Box>
  );
}

/** The usual Approve dialog for a matched payment, once its full record is loaded. */
function ApproveMatched({ payment, onClose }: { payment: StatementPayment; onClose: () => void }) {
  const details = useQuery(paymentsQueries.paymentDetails(payment.dueId));
  const full = details.data?.payments.find((p) => p.id === payment.id);
  return full ? <CheckPaymentDialog payment={full} action="approve" onClose={onClose} /> : null;
}
