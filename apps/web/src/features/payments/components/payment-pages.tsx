import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';

import { CHARGE_HEAD_INFO } from '@stoa/shared/configuration';
import { WEB_LINKS } from '@stoa/shared/navigation';
import { PAYMENT_STATUSES, type PaymentListRow } from '@stoa/shared/payments';

import { FilterForm } from '../../../components/filter-form';
import type { Column } from '../../../components/list-table';
import { PageHeader } from '../../../components/page-header';
import { PagedList, useFilteredServerList } from '../../../components/paged-list';
import { useAuthUser } from '../../../lib/auth-store';
import { formatDisplayDate } from '../../../lib/dates';
import { filterWithOverdueFrom, type PaymentFilter, paymentsQueries } from '../api/payments-queries';
import { usePaymentsMessages, useReconciliationMessages } from '../i18n';
import { BankStatementCard } from './bank-statement-card';
import { DefaulterHistoryCard } from './defaulter-history-card';
import { DownloadPaymentListButton } from './download-payment-list-button';
import { MakePaymentDialog } from './make-payment-dialog';
import { DueStatusChip, Money, PaymentStatusChip, TotalWithGst } from './payment-chips';
import { PaymentViewDialog } from './payment-view-dialog';
import { ReconciliationTotals } from './reconciliation-totals';

const headLabel = (x: PaymentListRow) => CHARGE_HEAD_INFO[x.head]?.label ?? x.head;

/** The columns of a due: what it is for, total with gross and GST, TDS, paid, balance, status. */
function useDueColumns(withPayer: boolean): Column<PaymentListRow>[] {
  const t = usePaymentsMessages().payments;
  const f = t.fields;
  return [
    ...(withPayer ? [{ key: 'payer', header: f.payer, render: (x: PaymentListRow) => x.payerName, minWidth: 160 }] : []),
    {
      key: 'description',
      header: f.description,
      minWidth: 200,
      render: (x) => (
        <Box>
          <Box component="span" sx={{ fontWeight: 500, display: 'block' }}>
            {headLabel(x)}
          </Box>
          <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {x.description}
          </Typography>
          <Typography component="span" variant="caption" color="text.secondary">
            {f.dueDate}: {formatDisplayDate(x.dueDate)}
          </Typography>
        </Box>
      ),
    },
    { key: 'total', header: f.total, align: 'right', render: (x) => <TotalWithGst due={x} /> },
    // The SLDC's list stays narrow: TDS, paid and pending amounts are in the due's details.
    ...(withPayer
      ? []
      : [{ key: 'tds', header: f.tds, align: 'right' as const, render: (x: PaymentListRow) => <Money paise={x.tdsAmount} /> }]),
    ...(withPayer
      ? []
      : [{ key: 'paid', header: f.paid, align: 'right' as const, render: (x: PaymentListRow) => <Money paise={x.paidAmount} /> }]),
    { key: 'balance', header: f.balance, align: 'right', render: (x) => <Money paise={x.balanceAmount} strong /> },
  ];
}

/** The Paid / Due filter of both payment lists (spec 001 §3 Paid filter values). */
const paidField = (t: ReturnType<typeof usePaymentsMessages>['payments']) => ({
  name: 'paid' as const,
  label: t.fields.paidFilter,
  options: [
    { value: '', label: t.paidFilter.all },
    { value: 'true', label: t.paidFilter.true },
    { value: 'false', label: t.paidFilter.false },
  ],
});

/** Overdue only (decision 0084): the dues unpaid past their due date; the dashboard's overdue figure opens the list on it. */
const overdueField = (t: ReturnType<typeof usePaymentsMessages>['payments']) => ({
  name: 'overdue' as const,
  label: t.fields.overdueFilter,
  options: [
    { value: '', label: t.overdueFilter.all },
    { value: 'true', label: t.overdueFilter.true },
  ],
});

/** Payment Details (spec 001 §2, OA applicant and trader): the payer's dues and payments, filter Paid / Due, Make Payment. */
export function PaymentDetailsPage() {
  const t = usePaymentsMessages().payments;
  const empty: PaymentFilter = { paid: '', status: '', overdue: '' };
  const [search] = useSearchParams();
  const [initial] = useState(() => filterWithOverdueFrom(search, empty));
  const { filter, applyFilter, list, page } = useFilteredServerList(initial, paymentsQueries.paymentList, (d) => d.paymentList);
  const r = useReconciliationMessages();
  const [paying, setPaying] = useState<PaymentListRow | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const columns: Column<PaymentListRow>[] = [
    ...useDueColumns(false),
    { key: 'status', header: t.fields.dueStatus, render: (x) => <DueStatusChip status={x.status} /> },
    {
      key: 'actions',
      header: t.makePayment,
      hiddenHeader: true,
      render: (x) => (
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          <Button size="small" onClick={() => setViewing(x.id)} aria-label={`${t.view}: ${x.description}`}>
            {t.view}
          </Button>
          {x.status === 'DUE' && (
            <Button
              size="small"
              variant="contained"
              sx={{ whiteSpace: 'nowrap' }}
              onClick={() => setPaying(x)}
              aria-label={`${t.makePayment}: ${x.description}`}
            >
              {t.makePayment}
            </Button>
          )}
        </Box>
      ),
    },
  ];
  return (
    <Box>
      <PageHeader
        title={t.detailsTitle}
        subtitle={t.detailsIntro}
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button component={RouterLink} to={WEB_LINKS.ebiddingPayments()} variant="outlined">
              {r.ebidding.link}
            </Button>
            <DownloadPaymentListButton filter={filter} />
          </Box>
        }
      />
      <Box sx={{ mb: 2 }}>
        <FilterForm
          title={t.filterTitle}
          fields={[paidField(t), overdueField(t)]}
          empty={empty}
          initial={initial}
          fieldSize={{ xs: 12, sm: 6, md: 3 }}
          onApply={applyFilter}
        />
      </Box>
      <Card>
        <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
          <PagedList
            query={list}
            page={page}
            label={t.detailsTitle}
            columns={columns}
            rowKey={(x) => x.id}
            emptyText={t.empty}
            flushPager
          />
        </CardContent>
      </Card>
      <DefaulterHistoryCard forPayer />
      {paying && <MakePaymentDialog due={paying} onClose={() => setPaying(null)} />}
      {viewing && <PaymentViewDialog dueId={viewing} canCheck={false} onClose={() => setViewing(null)} />}
    </Box>
  );
}

/**
 * Payment Reconciliation (spec 001 §2, SLDC roles): dues with payments, pending approval first
 * (filter by payment status); the SLDC business user approves or reverts, the approvers read.
 */
export function PaymentReconciliationPage() {
  const t = usePaymentsMessages().payments;
  const canCheck = useAuthUser()?.role === 'SLDCBusinessUser';
  const empty: PaymentFilter = { paid: '', status: 'PENDING', overdue: '' };
  const { filter, applyFilter, list, page } = useFilteredServerList(empty, paymentsQueries.paymentList, (d) => d.paymentList);
  const [viewing, setViewing] = useState<string | null>(null);
  const latest = (x: PaymentListRow) => x.payments.find((p) => p.status === 'PENDING') ?? x.payments[0];
  const columns: Column<PaymentListRow>[] = [
    ...useDueColumns(true),
    {
      key: 'payments',
      header: t.paymentsOfDue,
      render: (x) => {
        const p = latest(x);
        return p ? (
          <Box sx={{ overflowWrap: 'anywhere' }}>
            <Money paise={p.amount} /> · {t.modes[p.mode]} · {p.reference}
            {x.pendingCount > 1 ? ` (+${x.pendingCount - 1})` : ''}
          </Box>
        ) : (
          '—'
        );
      },
    },
    {
      key: 'status',
      header: t.fields.status,
      render: (x) => (latest(x) ? <PaymentStatusChip status={latest(x)!.status} /> : <DueStatusChip status={x.status} />),
    },
    {
      key: 'actions',
      header: t.view,
      hiddenHeader: true,
      render: (x) => (
        <Button
          size="small"
          sx={{ whiteSpace: 'nowrap' }}
          variant={canCheck && x.pendingCount > 0 ? 'contained' : 'text'}
          onClick={() => setViewing(x.id)}
          aria-label={`${t.view}: ${x.payerName} ${x.description}`}
        >
          {canCheck && x.pendingCount > 0 ? `${t.approve} / ${t.revert}` : t.view}
        </Button>
      ),
    },
  ];
  return (
    <Box>
      <PageHeader title={t.reconciliationTitle} subtitle={t.reconciliationIntro} actions={<DownloadPaymentListButton filter={filter} />} />
      <ReconciliationTotals />
      <BankStatementCard canUpload={canCheck} />
      <Box sx={{ mb: 2 }}>
        <FilterForm
          title={t.filterTitle}
          fields={[
            {
              name: 'status',
              label: t.fields.status,
              options: [{ value: '', label: t.all }, ...PAYMENT_STATUSES.map((s) => ({ value: s, label: t.statuses[s] }))],
            },
            paidField(t),
            overdueField(t),
          ]}
          empty={empty}
          fieldSize={{ xs: 12, sm: 6, md: 3 }}
          onApply={applyFilter}
        />
      </Box>
      <Card>
        <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
          <PagedList
            query={list}
            page={page}
            label={t.reconciliationTitle}
            columns={columns}
            rowKey={(x) => x.id}
            emptyText={t.emptyPayments}
            flushPager
          />
        </CardContent>
      </Card>
      <DefaulterHistoryCard />
      {viewing && <PaymentViewDialog dueId={viewing} canCheck={canCheck} onClose={() => setViewing(null)} />}
    </Box>
  );
}
