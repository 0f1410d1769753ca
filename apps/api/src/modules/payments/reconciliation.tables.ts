import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { files } from '../files/files.tables';
import { users } from '../users/users.tables';

/** What a stored statement keeps of its matching (the payments' statuses are read afresh when shown). */
export interface StoredMatching {
  matched: { row: number; date: string; utr: string; amount: number; narration: string | null; paymentId: string }[];
  unmatchedLines: {
    row: number;
    date: string;
    utr: string;
    amount: number;
    narration: string | null;
    reason: string;
    paymentId: string | null;
  }[];
  unmatchedPaymentIds: string[];
}

/**
 * Bank statements uploaded on Payment Reconciliation (issue 13, decision 0055): the file, its
 * figures and the matching of its credits to the payments pending approval when it was uploaded.
 * The page shows the last one; earlier ones stay for the record.
 */
export const bankStatements = pgTable(
  'bank_statements',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    fileId: uuid()
      .notNull()
      .references(() => files.id),
    fileName: text().notNull(),
    lineCount: integer().notNull(),
    creditTotalPaise: bigint({ mode: 'number' }).notNull(),
    dateFrom: date({ mode: 'string' }).notNull(),
    dateTo: date({ mode: 'string' }).notNull(),
    matchedCount: integer().notNull(),
    unmatchedLineCount: integer().notNull(),
    unmatchedPaymentCount: integer().notNull(),
    matching: jsonb().$type<StoredMatching>().notNull(),
    uploadedBy: uuid()
      .notNull()
      .references(() => users.id),
    uploadedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('bank_statements_uploaded_idx').on(t.uploadedAt)],
);
export type BankStatementRecord = typeof bankStatements.$inferSelect;
