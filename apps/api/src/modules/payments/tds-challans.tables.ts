import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { dues } from '../configuration/configuration.tables';
import { files } from '../files/files.tables';
import { users } from '../users/users.tables';

/**
 * TDS challans (issue 13, decision 0053): the payer's deposit of a month's TDS with the government,
 * uploaded with its challan (maker) and approved or reverted by the SLDC business user (checker). A
 * challan is identified by BSR code, date and challan serial number (its CIN): unique among challans
 * not reverted. A late challan's interest is raised as a due on approval (interestDueId), once.
 */
export const tdsChallans = pgTable(
  'tds_challans',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    payerUserId: uuid()
      .notNull()
      .references(() => users.id),
    /** The month the TDS was deducted, YYYY-MM. */
    month: text().notNull(),
    challanNo: text().notNull(),
    bsrCode: text().notNull(),
    challanDate: date({ mode: 'string' }).notNull(),
    amountPaise: bigint({ mode: 'number' }).notNull(),
    lateMonths: integer().notNull().default(0),
    interestPaise: bigint({ mode: 'number' }).notNull().default(0),
    interestDueId: uuid().references(() => dues.id),
    fileId: uuid().references(() => files.id),
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
    index('tds_challans_payer_month_idx').on(t.payerUserId, t.month),
    index('tds_challans_status_idx').on(t.status, t.madeAt),
    uniqueIndex('tds_challans_cin_live_uq')
      .on(t.bsrCode, t.challanDate, t.challanNo)
      .where(sql`${t.status} <> 'REVERTED'`),
  ],
);
