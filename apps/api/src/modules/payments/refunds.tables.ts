import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { users } from '../users/users.tables';

/**
 * Refunds (issue 13, decision 0054): one row per refund proposed by the SLDC business user (maker)
 * from a refundable item — an over-payment credit (`sourceId` = payment_credits.id) or a curtailment
 * refund (`sourceId` = curtailments.id, `recordId` = the application) or a revision refund (decision
 * 0061: `sourceId` = revisions.id, `recordId` = the application) or the charges paid on a rejected
 * application (decision 0064: `sourceId` = `recordId` = the application) — to the payer's registered bank
 * account (copied here when proposed). PENDING → PAID (an approver, with the payout reference and
 * date) | RETURNED (an approver, with remarks; the amount is refundable again).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    sourceType: text().$type<'OverPayment' | 'Curtailment' | 'Revision' | 'Rejection'>().notNull(),
    sourceId: uuid().notNull(),
    recordType: text().notNull(),
    recordId: text().notNull(),
    payerUserId: uuid()
      .notNull()
      .references(() => users.id),
    description: text().notNull(),
    amountPaise: bigint({ mode: 'number' }).notNull(),
    accountHolderName: text().notNull(),
    bankName: text().notNull(),
    accountNumber: text().notNull(),
    ifsc: text().notNull(),
    remarks: text().notNull(),
    status: text().$type<'PENDING' | 'PAID' | 'RETURNED'>().notNull().default('PENDING'),
    madeBy: uuid()
      .notNull()
      .references(() => users.id),
    madeAt: timestamp({ withTimezone: true }).notNull(),
    checkedBy: uuid().references(() => users.id),
    checkedAt: timestamp({ withTimezone: true }),
    checkerRemarks: text(),
    payoutReference: text(),
    payoutDate: date({ mode: 'string' }),
  },
  (t) => [
    index('refunds_source_idx').on(t.sourceType, t.sourceId, t.recordId),
    index('refunds_record_idx').on(t.recordId, t.madeAt),
    index('refunds_status_idx').on(t.status, t.madeAt),
    check('refunds_amount_ck', sql`${t.amountPaise} > 0`),
    check('refunds_status_ck', sql`${t.status} in ('PENDING', 'PAID', 'RETURNED')`),
  ],
);
export type RefundRecord = typeof refunds.$inferSelect;
