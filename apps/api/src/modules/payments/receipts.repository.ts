import { eq, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../platform/db/client';
import { dues } from '../configuration/configuration.tables';
import { users } from '../users/users.tables';
import { paymentReceiptCounters, paymentReceipts, payments } from './payments.tables';

export type ReceiptRecord = typeof paymentReceipts.$inferSelect;

/** The payer's display name: the entity's name, else the person's (as in payments.repository.ts). */
const payerName = sql<string>`coalesce(nullif(${users.entityName}, ''), ${users.firstName} || ' ' || ${users.lastName})`;

/** The SQL of payment receipts (decision 0049). */
export const receiptsRepository = {
  /**
   * The next serial of a financial year: one upsert, whose row lock holds concurrent approvals until
   * this transaction ends; a rollback gives the number back.
   */
  nextSerial: async (tx: DbOrTx, financialYear: string) => {
    const [row] = await tx
      .insert(paymentReceiptCounters)
      .values({ financialYear, lastSerial: 1 })
      .onConflictDoUpdate({
        target: paymentReceiptCounters.financialYear,
        set: { lastSerial: sql`${paymentReceiptCounters.lastSerial} + 1` },
      })
      .returning({ serial: paymentReceiptCounters.lastSerial });
    return row!.serial;
  },
  insert: async (tx: DbOrTx, v: typeof paymentReceipts.$inferInsert) => (await tx.insert(paymentReceipts).values(v).returning())[0]!,
  /** A payment with its receipt (if any), payer's name and due, for the PDF. */
  forPayment: async (db: DbOrTx, paymentId: string) =>
    (
      await db
        .select({ payment: payments, receipt: paymentReceipts, payerName, due: dues })
        .from(payments)
        .innerJoin(users, eq(users.id, payments.payerUserId))
        .innerJoin(dues, eq(dues.id, payments.dueId))
        .leftJoin(paymentReceipts, eq(paymentReceipts.paymentId, payments.id))
        .where(eq(payments.id, paymentId))
        .limit(1)
    )[0],
  /** What the public check answers, by code (approved payments only carry a receipt). */
  byCode: async (db: DbOrTx, code: string) =>
    (
      await db
        .select({
          receiptNo: paymentReceipts.receiptNo,
          payerName,
          amount: payments.amountPaise,
          paymentDate: payments.paymentDate,
          approvedAt: payments.checkedAt,
          status: payments.status,
        })
        .from(paymentReceipts)
        .innerJoin(payments, eq(payments.id, paymentReceipts.paymentId))
        .innerJoin(users, eq(users.id, payments.payerUserId))
        .where(eq(paymentReceipts.verificationCode, code))
        .limit(1)
    )[0],
};
