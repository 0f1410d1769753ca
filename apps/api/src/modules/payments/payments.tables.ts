import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { dues } from '../configuration/configuration.tables';
import { files } from '../files/files.tables';
import { users } from '../users/users.tables';

/**
 * The OA applicant's TDS declarations (issue 13, decision 0040): on which charge head it deducts TDS,
 * under which section, from which date; one per (user, head, effective date). The rate is the section's,
 * copied when declared, in basis points (1 % = 100).
 */
export const tdsConfigurations = pgTable(
  'tds_configurations',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    head: text().notNull(),
    section: text().notNull(),
    rateBasisPoints: integer().notNull(),
    effectiveFrom: date({ mode: 'string' }).notNull(),
    remarks: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tds_configurations_user_head_from_uq').on(t.userId, t.head, t.effectiveFrom)],
);

/** Interest per month (or part) on TDS deposited late, effective-dated, set by the Admin; basis points. */
export const tdsInterestRates = pgTable(
  'tds_interest_rates',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    rateBasisPoints: integer().notNull(),
    effectiveFrom: date({ mode: 'string' }).notNull(),
    remarks: text(),
    createdBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tds_interest_rates_from_uq').on(t.effectiveFrom)],
);

/**
 * Payments against dues (issue 13): made by the payer (maker), approved or reverted by the SLDC
 * business user (checker). A UTR / DD number is unique among payments not reverted (the partial
 * index), so it can be neither submitted twice while pending nor approved twice.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    dueId: uuid()
      .notNull()
      .references(() => dues.id),
    payerUserId: uuid()
      .notNull()
      .references(() => users.id),
    mode: text().notNull(),
    reference: text().notNull(),
    paymentDate: date({ mode: 'string' }).notNull(),
    bankName: text().notNull(),
    amountPaise: bigint({ mode: 'number' }).notNull(),
    tdsSection: text(),
    tdsAmountPaise: bigint({ mode: 'number' }).notNull().default(0),
    /** The part of the amount beyond the due's balance when approved (a refundable credit, decision 0041). */
    excessPaise: bigint({ mode: 'number' }).notNull().default(0),
    proofFileId: uuid().references(() => files.id),
    status: text().notNull().default('PENDING'),
    madeBy: uuid()
      .notNull()
      .references(() => users.id),
    madeAt: timestamp({ withTimezone: true }).notNull(),
    checkedBy: uuid().references(() => users.id),
    checkedAt: timestamp({ withTimezone: true }),
    remarks: text(),
  },
  (t) => [
    index('payments_due_idx').on(t.dueId, t.madeAt),
    index('payments_status_idx').on(t.status, t.madeAt),
    uniqueIndex('payments_reference_live_uq')
      .on(t.reference)
      .where(sql`${t.status} <> 'REVERTED'`),
  ],
);

/**
 * Refundable credits (decision 0041): money approved beyond a due's total, per payer, never lost.
 * AVAILABLE until the refunds slice pays it out or applies it.
 */
export const paymentCredits = pgTable(
  'payment_credits',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    payerUserId: uuid()
      .notNull()
      .references(() => users.id),
    paymentId: uuid()
      .notNull()
      .references(() => payments.id),
    dueId: uuid()
      .notNull()
      .references(() => dues.id),
    amountPaise: bigint({ mode: 'number' }).notNull(),
    status: text().notNull().default('AVAILABLE'),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('payment_credits_payment_uq').on(t.paymentId), index('payment_credits_payer_idx').on(t.payerUserId, t.status)],
);

/**
 * The receipt of an approved payment (decision 0049): its number, sequential per financial year
 * (`RCPT/2026-27/00001`), and the unguessable code the public /verify page checks. Written in the
 * approval's transaction, so an approved payment always has exactly one.
 */
export const paymentReceipts = pgTable(
  'payment_receipts',
  {
    paymentId: uuid()
      .primaryKey()
      .references(() => payments.id),
    financialYear: text().notNull(),
    serial: integer().notNull(),
    receiptNo: text().notNull(),
    verificationCode: text().notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('payment_receipts_no_uq').on(t.receiptNo),
    uniqueIndex('payment_receipts_fy_serial_uq').on(t.financialYear, t.serial),
    uniqueIndex('payment_receipts_code_uq').on(t.verificationCode),
  ],
);

/**
 * The last receipt serial of each financial year. Incremented by an upsert inside the approval's
 * transaction: the row lock serialises concurrent approvals, and a rolled-back approval gives its
 * number back, so the numbers have no gaps (decision 0049).
 */
export const paymentReceiptCounters = pgTable('payment_receipt_counters', {
  financialYear: text().primaryKey(),
  lastSerial: integer().notNull(),
});
