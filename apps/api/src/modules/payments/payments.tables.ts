import { sql } from 'drizzle-orm';
import { date, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
