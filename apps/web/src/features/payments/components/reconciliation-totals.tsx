import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';

import { formatPaise } from '@stoa/shared/common';
import type { ReconciliationSummary } from '@stoa/shared/payments';

import { ListError } from '../../../components/list-states';
import { type Column, ListTable } from '../../../components/list-table';
import { visuallyHidden } from '../../../lib/a11y';
import { reconciliationQueries } from '../api/reconciliation';
import { usePaymentsMessages, useReconciliationMessages } from '../i18n';
import { Money } from './payment-chips';

const CARD_CONTENT_SX = { p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } } as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 'Nov 2026' of '2026-11'. */
export const monthLabel = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
/** Rupees for the chart's scale (the figures themselves are shown from paise as text). */
const rupees = (paise: number) => paise / 100;

type Head = ReconciliationSummary['byHead'][number];

/**
 * The totals of Payment Reconciliation (decision 0055): due, received, pending approval,
 * outstanding, overdue and credits held (refunds pending until refunds land), a bar chart of the
 * last 12 months and a table by charge head. Loading, error and empty states.
 */
export function ReconciliationTotals() {
  const t = useReconciliationMessages().summary;
  const f = usePaymentsMessages().payments.fields;
  const headingId = useId();
  const summary = useQuery(reconciliationQueries.summary());
  const data = summary.data;
  const figures = data
    ? [
        { label: t.due, paise: data.totals.due },
        { label: t.received, paise: data.totals.received },
        { label: t.pending, paise: data.totals.pendingApproval },
        { label: t.outstanding, paise: data.totals.outstanding },
        { label: t.overdue, paise: data.totals.overdue, alert: data.totals.overdue > 0 },
        { label: t.refundsPending, paise: data.totals.refundsPending, hint: t.refundsPendingHint },
      ]
    : [];
  const headColumns: Column<Head>[] = [
    { key: 'head', header: t.head, render: (h) => h.headLabel, minWidth: 160 },
    { key: 'due', header: t.due, align: 'right', render: (h) => <Money paise={h.due} /> },
    { key: 'received', header: t.received, align: 'right', render: (h) => <Money paise={h.received} /> },
    { key: 'pending', header: t.pending, align: 'right', render: (h) => <Money paise={h.pendingApproval} /> },
    { key: 'outstanding', header: f.balance, align: 'right', render: (h) => <Money paise={h.outstanding} /> },
    { key: 'overdue', header: t.overdue, align: 'right', render: (h) => <Money paise={h.overdue} strong={h.overdue > 0} /> },
  ];
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ mb: 2.5 }}>
      <CardContent sx={CARD_CONTENT_SX}>
        <Typography id={headingId} variant="h6" component="h2">
          {t.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t.intro}
        </Typography>
        {summary.isPending && <Skeleton variant="rounded" height={160} aria-label={t.title} />}
        {summary.isError && <ListError onRetry={() => void summary.refetch()} />}
        {data && (
          <>
            <Grid container spacing={1.5} component="dl" sx={{ m: 0, mb: 2 }}>
              {figures.map((x) => (
                <Grid
                  key={x.label}
                  size={{ xs: 6, sm: 4, lg: 2 }}
                  sx={{ p: 1.5, border: 1, borderColor: x.alert ? 'error.main' : 'divider', borderRadius: 2 }}
                >
                  <Typography component="dt" variant="body2" color="text.secondary" title={x.hint}>
                    {x.label}
                  </Typography>
                  <Typography
                    component="dd"
                    sx={{ m: 0, fontWeight: 600, fontSize: { xs: '1rem', md: '1.15rem' }, overflowWrap: 'anywhere' }}
                    color={x.alert ? 'error.main' : undefined}
                  >
                    {formatPaise(x.paise)}
                  </Typography>
                </Grid>
              ))}
            </Grid>
            {data.byHead.length === 0 ? (
              <Typography color="text.secondary">{t.empty}</Typography>
            ) : (
              <>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                  {t.byMonth}
                </Typography>
                <MonthChart data={data} />
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 1, mb: 1 }}>
                  {t.byHead}
                </Typography>
                <ListTable label={t.byHead} columns={headColumns} rows={data.byHead} rowKey={(h) => h.head} stackOnPhone />
              </>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** Dues raised, received and pending approval per month (rupees), with a text alternative for screen readers. */
function MonthChart({ data }: { data: ReconciliationSummary }) {
  const t = useReconciliationMessages().summary;
  const months = data.byMonth;
  return (
    // Scrolls sideways on a phone: focusable, so a keyboard can scroll it (axe scrollable-region-focusable).
    <Box role="figure" aria-label={t.chartLabel} tabIndex={0} sx={{ width: '100%', overflowX: 'auto' }}>
      <Box sx={{ minWidth: 340 }} aria-hidden="true">
        <BarChart
          height={260}
          xAxis={[{ scaleType: 'band', data: months.map((m) => monthLabel(m.month)) }]}
          yAxis={[{ width: 72, valueFormatter: (v: number) => `₹${new Intl.NumberFormat('en-IN', { notation: 'compact' }).format(v)}` }]}
          series={[
            { label: t.due, data: months.map((m) => rupees(m.due)), color: '#1565c0' },
            { label: t.received, data: months.map((m) => rupees(m.received)), color: '#2e7d32' },
            { label: t.pending, data: months.map((m) => rupees(m.pendingApproval)), color: '#ef6c00' },
          ]}
          margin={{ left: 8, right: 8 }}
        />
      </Box>
      {/* A table does not shrink to the 1 px of visuallyHidden: clip it in a box that does, or it widens the page on a phone. */}
      <Box sx={visuallyHidden}>
        <Box component="table">
          <caption>{t.chartLabel}</caption>
          <thead>
            <tr>
              <th scope="col">{t.month}</th>
              <th scope="col">{t.due}</th>
              <th scope="col">{t.received}</th>
              <th scope="col">{t.pending}</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthLabel(m.month)}</th>
                <td>{formatPaise(m.due)}</td>
                <td>{formatPaise(m.received)}</td>
                <td>{formatPaise(m.pendingApproval)}</td>
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
    </Box>
  );
}
