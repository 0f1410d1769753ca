import { istDate } from '@stoa/shared/common';
import { CHARGE_HEAD_INFO, type ChargeHead } from '@stoa/shared/configuration';
import type { ReconciliationSummary } from '@stoa/shared/payments';

import type { PaymentsDeps } from './payments.deps';
import { reconciliationRepository as repo } from './reconciliation.repository';
import { refundsRepository } from './refunds.repository';

/**
 * The totals of Payment Reconciliation (decision 0055), aggregated in SQL: dues raised, received
 * (approved), TDS accepted, pending approval, outstanding and overdue balances, by charge head and
 * for the last 12 IST months. Refunds pending are the credits held until the refunds slice lands.
 */

/** The 12 months 'YYYY-MM' ending with the month of `today`, oldest first. */
export function lastTwelveMonths(today: string): string[] {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  return Array.from({ length: 12 }, (_, i) => {
    const k = y * 12 + (m - 1) - (11 - i);
    return `${Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, '0')}`;
  });
}

export async function reconciliationSummary(deps: Pick<PaymentsDeps, 'db' | 'clock'>): Promise<ReconciliationSummary> {
  const asOf = istDate(deps.clock.now());
  const months = lastTwelveMonths(asOf);
  const from = `${months[0]}-01`;
  const [heads, credits, duesByMonth, paymentsByMonth] = await Promise.all([
    repo.byHead(deps.db, asOf),
    refundsRepository.outstandingTotal(deps.db),
    repo.duesByMonth(deps.db, from),
    repo.paymentsByMonth(deps.db, from),
  ]);
  const sum = (k: 'due' | 'received' | 'tds' | 'pendingApproval' | 'outstanding' | 'overdue') => heads.reduce((a, h) => a + h[k], 0);
  return {
    asOf,
    totals: {
      due: sum('due'),
      received: sum('received'),
      tds: sum('tds'),
      pendingApproval: sum('pendingApproval'),
      outstanding: sum('outstanding'),
      overdue: sum('overdue'),
      refundsPending: credits,
      refundsBasis: 'REFUNDS',
    },
    byMonth: months.map((month) => ({
      month,
      due: duesByMonth.find((r) => r.month === month)?.amount ?? 0,
      received: paymentsByMonth.filter((r) => r.month === month).reduce((a, r) => a + r.received, 0),
      pendingApproval: paymentsByMonth.filter((r) => r.month === month).reduce((a, r) => a + r.pending, 0),
    })),
    byHead: heads.map((h) => ({
      head: h.head as ChargeHead,
      headLabel: CHARGE_HEAD_INFO[h.head as ChargeHead]?.label ?? h.head,
      due: h.due,
      received: h.received,
      pendingApproval: h.pendingApproval,
      outstanding: h.outstanding,
      overdue: h.overdue,
    })),
  };
}
