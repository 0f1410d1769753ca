import type { z } from 'zod';

import type { Refundable, refundDetailsQuerySchema, RefundHistory } from '@stoa/shared/payments';

import type { RequestUser } from '../../platform/auth';
import { isPayerRole } from './payments.access';
import type { PaymentsDeps } from './payments.deps';
import { type ItemFilter, type ItemRow, mapRefund, refundsRepository as repo } from './refunds.repository';

/**
 * Reading refunds (decision 0054): GetRefundDetails pages the refundable items with their refunds (a
 * payer its own, the SLDC roles every payer's); GetRefundHistory lists one record's refunds with each
 * step; the Excel export walks the same list page by page.
 */

type Query = z.output<typeof refundDetailsQuerySchema>;
type Deps = Pick<PaymentsDeps, 'db'>;

export const stateOf = (i: Pick<ItemRow, 'amount' | 'refunded' | 'pending'>): Refundable['state'] =>
  i.refunded >= i.amount ? 'REFUNDED' : i.pending > 0 ? 'PENDING' : 'REFUNDABLE';

const filterOf = (actor: RequestUser, q: Omit<Query, 'pageNumber' | 'pageSize'>): ItemFilter => ({
  payerUserId: isPayerRole(actor) ? actor.id : undefined,
  sourceType: q.sourceType,
  state: q.state,
});

async function withRefunds(deps: Deps, rows: ItemRow[]): Promise<Refundable[]> {
  const [refunds, banks] = await Promise.all([
    repo.refundsOfItems(
      deps.db,
      rows.map((r) => r.sourceId),
    ),
    repo.bankAccounts(deps.db, [...new Set(rows.map((r) => r.payerUserId))]),
  ]);
  return rows.map((r) => ({
    sourceType: r.sourceType,
    sourceId: r.sourceId,
    recordType: r.recordType,
    recordId: r.recordId,
    payerUserId: r.payerUserId,
    payerName: r.payerName,
    description: r.description,
    createdAt: r.createdAt,
    amount: r.amount,
    refundedAmount: r.refunded,
    pendingAmount: r.pending,
    balanceAmount: Math.max(0, r.amount - r.refunded - r.pending),
    state: stateOf(r),
    bankAccount: banks.get(r.payerUserId) ?? null,
    refunds: refunds
      .filter(
        (x) =>
          x.refund.sourceType === r.sourceType &&
          x.refund.sourceId === r.sourceId &&
          x.refund.recordId === r.recordId &&
          x.refund.payerUserId === r.payerUserId,
      )
      .map(mapRefund),
  }));
}

export async function listRefunds(deps: Deps, actor: RequestUser, q: Query) {
  const { rows, total } = await repo.listItems(deps.db, filterOf(actor, q), q);
  return { refundList: await withRefunds(deps, rows), dataCount: total };
}

/** Every item of the filter, a page at a time (the export streams them; never the whole list in memory). */
export async function* allRefundables(deps: Deps, actor: RequestUser, q: Omit<Query, 'pageNumber' | 'pageSize'>) {
  const pageSize = 100;
  for (let pageNumber = 1; ; pageNumber++) {
    const { rows } = await repo.listItems(deps.db, filterOf(actor, q), { pageNumber, pageSize });
    yield* await withRefunds(deps, rows);
    if (rows.length < pageSize) return;
  }
}

/** One record's refunds, oldest first, each with its steps (proposed; then paid out or returned). */
export async function refundHistory(deps: Deps, actor: RequestUser, recordId: string): Promise<RefundHistory> {
  const rows = await repo.historyOf(deps.db, recordId, isPayerRole(actor) ? actor.id : undefined);
  return {
    refundHistory: rows.map((r) => {
      const refund = mapRefund(r);
      const steps: RefundHistory['refundHistory'][number]['steps'] = [
        { step: 'MADE', byName: refund.madeByName, at: refund.madeAt, remarks: refund.remarks },
      ];
      if (refund.status !== 'PENDING' && refund.checkedAt)
        steps.push({
          step: refund.status === 'PAID' ? 'PAID' : 'RETURNED',
          byName: refund.checkedByName ?? '',
          at: refund.checkedAt,
          remarks:
            refund.status === 'PAID' ? [refund.payoutReference, refund.checkerRemarks].filter(Boolean).join(' · ') : refund.checkerRemarks,
        });
      return { ...refund, steps };
    }),
  };
}
