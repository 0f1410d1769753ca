import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { registrations } from '../registrations/registrations.tables';
import { users } from '../users/users.tables';

/** An OA applicant's chosen traders (spec 001 §2 'Trader Details'); deleting keeps the row. */
export const traderAssociations = pgTable(
  'trader_associations',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    applicantUserId: uuid()
      .notNull()
      .references(() => users.id),
    /** The trader's approved registration. */
    traderRegistrationId: uuid()
      .notNull()
      .references(() => registrations.id),
    entityName: text().notNull(),
    createdOn: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedOn: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('trader_associations_active_uq')
      .on(t.applicantUserId, t.traderRegistrationId)
      .where(sql`deleted_on IS NULL`),
    index('trader_associations_trader_idx').on(t.traderRegistrationId),
  ],
);
