import type { z } from 'zod';

import { istDate } from '@stoa/shared/common';

import type { paymentListQuerySchema } from '@stoa/shared/payments';

import type { RequestUser } from '../../platform/auth';
import { assertCanSeeDue, isPayerRole } from './payments.access';
import type { PaymentsDeps } from './payments.deps';
import { mapPayment, mapPaymentDue } from './payments.mapper';
import { paymentsRepository as repo } from './payments.repository';

/**
 * Reading dues with their payments (issue 13): a payer sees its own (a trader also those of the
 * applications it acts for, decision 0071), the SLDC roles every payer's.
 * Filtered (Paid true/false, record type, payment status) and paged in SQL.
 */

type Query = z.output<typeof paymentListQuerySchema>;

export async function listPayments(deps: Pick<PaymentsDeps, 'db' | 'clock'>, actor: RequestUser, q: Query) {
  const { overdue, ...filter } = q;
  // Overdue (decision 0084): unpaid past the due date, as the reconciliation totals and the defaulter rule judge it.
  const overdueBefore = overdue === 'true' ? istDate(deps.clock.now()) : undefined;
  const { rows, total } = await repo.listDues(deps.db, { ...filter, overdueBefore, payer: isPayerRole(actor) ? actor : undefined });
  const payments = await repo.paymentsOfDues(
    deps.db,
    rows.map((r) => r.due.id),
  );
  return {
    paymentList: rows.map((r) => ({
      ...mapPaymentDue(r),
      payments: payments.filter((p) => p.payment.dueId === r.due.id).map(mapPayment),
    })),
    dataCount: total,
  };
}

export async function paymentDetails(deps: Pick<PaymentsDeps, 'db'>, actor: RequestUser, dueId: string) {
  const row = await repo.findDueWithTotals(deps.db, dueId);
  await assertCanSeeDue(deps.db, actor, row?.due);
  const payments = await repo.paymentsOfDues(deps.db, [dueId]);
  return { due: mapPaymentDue(row!), payments: payments.map(mapPayment) };
}
