import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { files } from '../files/files.tables';

/** The current user manual of each role / OA entity type (earlier files stay stored as history). */
export const userManuals = pgTable('user_manuals', {
  target: text().primaryKey(),
  fileId: uuid()
    .notNull()
    .references(() => files.id),
  updatedBy: uuid(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Payment modes applicants may use (Demand Draft, Bank Deposit, NEFT) with their instructions. */
export const paymentDetails = pgTable('payment_details', {
  mode: text().primaryKey(),
  isEnabled: boolean().notNull().default(true),
  instructions: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
