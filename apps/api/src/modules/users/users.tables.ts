import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { transcoDiscom } from '../reference/reference.tables';

/** Users of every role (spec 000 §3 User). Passwords are stored only as argon2id of the MD5. */
export const users = pgTable(
  'users',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userName: text().notNull(),
    email: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    contactNumber: text(),
    contactPersonName: text(),
    role: text().notNull(),
    entityName: text(),
    entityType: text(),
    registeredAddress: text(),
    dateOfIncorporation: date({ mode: 'string' }),
    panCardNumber: text(),
    zone: text(),
    connectedTo: text(),
    utilityId: uuid().references(() => transcoDiscom.id),
    isEnabled: boolean().notNull().default(true),
    isDefaulter: boolean().notNull().default(false),
    passwordHash: text(),
    passwordChangedAt: timestamp({ withTimezone: true }),
    failedLoginCount: integer().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
    lastLoginAt: timestamp({ withTimezone: true }),
    /** Bumped to end every session of the user at once (disable, password set). */
    sessionVersion: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_user_name_lower_uq').on(sql`lower(${t.userName})`),
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_pan_uq')
      .on(t.panCardNumber)
      .where(sql`${t.panCardNumber} is not null and ${t.role} in ('OABusinessUser','Trader')`),
    index('users_role_idx').on(t.role),
    index('users_name_idx').on(t.firstName, t.lastName, t.id),
  ],
);
export type UserRow = typeof users.$inferSelect;
