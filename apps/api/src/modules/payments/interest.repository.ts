import { and, asc, eq, ne, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../platform/db/client';
import { dues } from '../configuration/configuration.tables';
import { payments } from './payments.tables';

export const INTEREST_HEAD = 'LATE_PAYMENT_INTEREST';
/** The record type of an interest due: the due it is charged on. */
export const INTEREST_RECORD_TYPE = 'Due';

/** The queries of the late-payment interest (late-interest.ts, decision 0051). */
export const interestRepository = {
  /**
   * Settled dues (not interest itself) with an approved payment dated after the due date and no
   * interest raised on them yet, oldest first, at most `limit`.
   */
  async settledLateWithoutInterest(db: DbOrTx, limit: number) {
    const interest = sql`select 1 from ${dues} i where i.record_type = ${INTEREST_RECORD_TYPE} and i.record_id = ${dues.id}::text and i.head = ${INTEREST_HEAD}`;
    const late = sql`select 1 from ${payments} p where p.due_id = ${dues.id} and p.status = 'APPROVED' and p.payment_date > ${dues.dueDate}`;
    return db
      .select({
        id: dues.id,
        payerUserId: dues.payerUserId,
        description: dues.description,
        dueDate: dues.dueDate,
        totalPaise: dues.totalPaise,
      })
      .from(dues)
      .where(and(eq(dues.status, 'PAID'), ne(dues.head, INTEREST_HEAD), sql`exists (${late})`, sql`not exists (${interest})`))
      .orderBy(asc(dues.dueDate))
      .limit(limit);
  },

  /** The approved payments of a due in the order they were paid. */
  async approvedPaymentsOf(db: DbOrTx, dueId: string) {
    return db
      .select({ amountPaise: payments.amountPaise, tdsAmountPaise: payments.tdsAmountPaise, paymentDate: payments.paymentDate })
      .from(payments)
      .where(and(eq(payments.dueId, dueId), eq(payments.status, 'APPROVED')))
      .orderBy(asc(payments.paymentDate), asc(payments.checkedAt));
  },

  /** Whether the due is (still) settled, with its row locked for the raise. */
  async lockSettled(db: DbOrTx, dueId: string) {
    const [row] = await db
      .select({ id: dues.id })
      .from(dues)
      .where(and(eq(dues.id, dueId), eq(dues.status, 'PAID')))
      .for('update');
    return row !== undefined;
  },
};
