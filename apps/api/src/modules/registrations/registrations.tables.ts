import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgSequence, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { files } from '../files/files.tables';
import { transcoDiscom } from '../reference/reference.tables';
import { users } from '../users/users.tables';

/** Numbers issued at final approval (registration number suffix). */
export const registrationNoSeq = pgSequence('registration_no_seq', { startWith: 1 });

/**
 * Registrations and renewals of every entity type (spec 001 §3; DOMAIN.md §2). The form values are
 * kept as JSON normalized by the entity type's form definition; the columns the lists filter, sort
 * and scope on are copied out of them.
 */
export const registrations = pgTable(
  'registrations',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    entityType: text().notNull(),
    ownerUserId: uuid()
      .notNull()
      .references(() => users.id),
    status: text().notNull(),
    /** Optimistic concurrency: bumped on every change; actions send the version they saw. */
    version: integer().notNull().default(1),
    registrationNo: text(),
    entityName: text().notNull(),
    issuingAuthority: text(),
    tradingLicenceNo: text(),
    discomId: uuid().references(() => transcoDiscom.id),
    transcoId: uuid().references(() => transcoDiscom.id),
    data: jsonb().notNull().$type<Record<string, unknown>>(),
    isRenewal: boolean().notNull().default(false),
    previousRegistrationId: uuid(),
    submittedOn: timestamp({ withTimezone: true }),
    /** When the record entered its current status (deemed consent counts working days from it). */
    statusSince: timestamp({ withTimezone: true }).notNull().defaultNow(),
    validFrom: date({ mode: 'string' }),
    expiredOn: date({ mode: 'string' }),
    createdOn: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedOn: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('registrations_owner_idx').on(t.ownerUserId, t.updatedOn),
    index('registrations_status_idx').on(t.status, t.updatedOn),
    index('registrations_type_idx').on(t.entityType, t.updatedOn),
    index('registrations_discom_idx').on(t.discomId, t.updatedOn),
    index('registrations_transco_idx').on(t.transcoId, t.updatedOn),
    index('registrations_previous_idx').on(t.previousRegistrationId),
    index('registrations_expiry_idx')
      .on(t.expiredOn)
      .where(sql`status = 'Approved'`),
  ],
);

/** Every workflow step of a registration (history shown on the form; audit has the full before/after). */
export const registrationActions = pgTable(
  'registration_actions',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    registrationId: uuid()
      .notNull()
      .references(() => registrations.id),
    action: text().notNull(),
    fromStatus: text(),
    toStatus: text().notNull(),
    /** Null when the system acted (deemed consent, expiry). */
    actorUserId: uuid().references(() => users.id),
    actorRole: text(),
    remarks: text(),
    createdOn: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('registration_actions_registration_idx').on(t.registrationId, t.createdOn)],
);

/** The SLDC's verdict on each document of a registration (spec 000 §3 file entries: isValid, comments). */
export const registrationFileChecks = pgTable(
  'registration_file_checks',
  {
    registrationId: uuid()
      .notNull()
      .references(() => registrations.id),
    fieldName: text().notNull(),
    fileId: uuid()
      .notNull()
      .references(() => files.id),
    isValid: boolean().notNull(),
    comments: text(),
    checkedBy: uuid().references(() => users.id),
    checkedOn: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.registrationId, t.fieldName] })],
);
