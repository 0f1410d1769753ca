import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { formatRupeeRate } from '@stoa/shared/common';
import { WEB_LINKS } from '@stoa/shared/navigation';
import type { EbiddingAllocation, PaymentDue } from '@stoa/shared/payments';

import type { Column } from '../../../components/list-table';
import { PageHeader } from '../../../components/page-header';
import { PagedList, useServerList } from '../../../components/paged-list';
import { reconciliationQueries } from '../api/reconciliation';
import { usePaymentsMessages, useReconciliationMessages } from '../i18n';
import { MakePaymentDialog } from './make-payment-dialog';
import { DueStatusChip, Money, TotalWithGst } from './payment-chips';

/**
 * E-bidding Payments (spec 001 §2 'other payment path' /ebidding, decision 0055): the payer's
 * e-bidding allocations with the price due on each, paid and balance; Make Payment opens the usual
 * dialog on that due, and the e-bidding details of the application are one link away.
 */
export function EbiddingPaymentsPage() {
  const t = useReconciliationMessages().ebidding;
  const p = usePaymentsMessages().payments;
  const { list, page } = useServerList(
    (paging) => reconciliationQueries.ebiddingList({}, paging),
    (d) => d.allocationList,
  );
  const [paying, setPaying] = useState<PaymentDue | null>(null);
  const f = t.fields;
  const columns: Column<EbiddingAllocation>[] = [
    {
      key: 'invitation',
      header: f.invitation,
      minWidth: 170,
      render: (x) => (
        <Box>
          <Box component="span" sx={{ fontWeight: 500, display: 'block' }}>
            {x.bidInvitationNo}
          </Box>
          <Typography component="span" variant="caption" color="text.secondary">
            {f.application}: {x.applicationNo}
          </Typography>
        </Box>
      ),
    },
    { key: 'allocated', header: f.allocated, align: 'right', render: (x) => `${x.allocatedMw} (${t.statuses[x.status]})` },
    { key: 'price', header: f.price, align: 'right', render: (x) => formatRupeeRate(x.applicablePrice, 'kWh') },
    { key: 'due', header: f.due, align: 'right', render: (x) => (x.due ? <TotalWithGst due={x.due} /> : '—') },
    { key: 'paid', header: f.paid, align: 'right', render: (x) => (x.due ? <Money paise={x.due.paidAmount} /> : '—') },
    { key: 'balance', header: f.balance, align: 'right', render: (x) => (x.due ? <Money paise={x.due.balanceAmount} strong /> : '—') },
    { key: 'status', header: f.status, render: (x) => (x.due ? <DueStatusChip status={x.due.status} /> : '—') },
    {
      key: 'actions',
      header: p.makePayment,
      hiddenHeader: true,
      render: (x) => (
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button
            size="small"
            component={RouterLink}
            to={WEB_LINKS.eBiddingDetails(x.applicationId)}
            aria-label={`${t.details}: ${x.applicationNo}`}
          >
            {t.details}
          </Button>
          {x.due?.status === 'DUE' && (
            <Button
              size="small"
              variant="contained"
              sx={{ whiteSpace: 'nowrap' }}
              onClick={() => setPaying(x.due)}
              aria-label={`${p.makePayment}: ${x.bidInvitationNo} ${x.applicationNo}`}
            >
              {p.makePayment}
            </Button>
          )}
        </Box>
      ),
    },
  ];
  return (
    <Box>
      <PageHeader
        title={t.title}
        subtitle={t.intro}
        actions={
          <Button component={RouterLink} to={WEB_LINKS.payments()} variant="outlined">
            {p.detailsTitle}
          </Button>
        }
      />
      <Card>
        <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
          <PagedList query={list} page={page} label={t.title} columns={columns} rowKey={(x) => x.id} emptyText={t.empty} flushPager />
        </CardContent>
      </Card>
      {paying && <MakePaymentDialog due={paying} onClose={() => setPaying(null)} />}
    </Box>
  );
}
