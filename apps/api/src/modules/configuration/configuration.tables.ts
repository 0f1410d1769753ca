import { sql } from 'drizzle-orm';
import { bigint, date, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { users } from '../users/users.tables';

/** Fees and charges, effective-dated: one row per (head, effective date); history is never rewritten. */
export const chargeRates = pgTable(
  'charge_rates',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    head: text().notNull(),
    unit: text().notNull(),
    amount: numeric({ precision: 14, scale: 4 }).notNull(),
    gstRatePercent: numeric({ precision: 6, scale: 2 }).notNull(),
    effectiveFrom: date({ mode: 'string' }).notNull(),
    remarks: text(),
    createdBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('charge_rates_head_from_uq').on(t.head, t.effectiveFrom)],
);

export const holidays = pgTable(
  'holidays',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    date: date({ mode: 'string' }).notNull(),
    description: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('holidays_date_uq').on(t.date)],
);

export const bankDetails = pgTable(
  'bank_details',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    bankName: text().notNull(),
    accountName: text().notNull(),
    accountNumber: text().notNull(),
    ifsc: text().notNull(),
    branch: text().notNull(),
    effectiveFrom: date({ mode: 'string' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bank_details_from_uq').on(t.effectiveFrom)],
);

/** Operating rules (windows, cut-offs, consent days, bid tick), effective-dated key/values. */
export const settings = pgTable(
  'settings',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    key: text().notNull(),
    value: text().notNull(),
    effectiveFrom: date({ mode: 'string' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('settings_key_from_uq').on(t.key, t.effectiveFrom)],
);

/** The dues ledger: every fee or charge any domain raises, with the rate snapshot it used. */
export const dues = pgTable(
  'dues',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    payerUserId: uuid()
      .notNull()
      .references(() => users.id),
    head: text().notNull(),
    description: text().notNull(),
    recordType: text().notNull(),
    recordId: text().notNull(),
    rateId: uuid()
      .notNull()
      .references(() => chargeRates.id),
    quantity: numeric({ precision: 18, scale: 4 }).notNull(),
    rate: numeric({ precision: 14, scale: 4 }).notNull(),
    unit: text().notNull(),
    baseAmountPaise: bigint({ mode: 'number' }).notNull(),
    gstRatePercent: numeric({ precision: 6, scale: 2 }).notNull(),
    gstAmountPaise: bigint({ mode: 'number' }).notNull(),
    totalPaise: bigint({ mode: 'number' }).notNull(),
    dueDate: date({ mode: 'string' }).notNull(),
    status: text().notNull().default('DUE'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dues_payer_idx').on(t.payerUserId, t.createdAt), uniqueIndex('dues_record_head_uq').on(t.recordType, t.recordId, t.head)],
);
