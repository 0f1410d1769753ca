import type { z } from 'zod';

import type { paymentListQuerySchema } from '@stoa/shared/payments';

import type { RequestUser } from '../../platform/auth';
import { assertCanSeeDue, isPayerRole } from './payments.access';
import type { PaymentsDeps } from './payments.deps';
import { mapPayment, mapPaymentDue } from './payments.mapper';
import { paymentsRepository as repo } from './payments.repository';

/**
 * Reading dues with their payments (issue 13): a payer sees its own, the SLDC roles every payer's.
 * Filtered (Paid true/false, record type, payment status) and paged in SQL.
 */

type Query = z.output<typeof paymentListQuerySchema>;

export async function listPayments(deps: Pick<PaymentsDeps, 'db'>, actor: RequestUser, q: Query) {
  const { rows, total } = await repo.listDues(deps.db, { ...q, payerUserId: isPayerRole(actor) ? actor.id : undefined });
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
  assertCanSeeDue(actor, row ? { ...row, payerUserId: row.due.payerUserId } : undefined);
  const payments = await repo.paymentsOfDues(deps.db, [dueId]);
  return { due: mapPaymentDue(row!), payments: payments.map(mapPayment) };
}
