import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Mail outbox: rows written in the same transaction as the change; a worker delivers them. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    status: text({ enum: ['PENDING', 'SENT'] })
      .notNull()
      .default('PENDING'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('mail_outbox_pending_idx').on(t.status, t.nextAttemptAt)],
);
