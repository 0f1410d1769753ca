import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import type { InterStateRegistrationStatus, InterStateRegistrationValues } from '@stoa/shared/inter-state';
import type { UtilityType } from '@stoa/shared/account';

import { transcoDiscom } from '../reference/reference.tables';
import { registrations } from '../registrations/registrations.tables';
import { users } from '../users/users.tables';

/** Numbers issued at approval: `ISR/{yyyy}/{00001}` (decision 0076). */
export const interStateRegistrationNoSeq = pgSequence('inter_state_registration_no_seq', { startWith: 1 });

/**
 * The inter-state participation of an entity registered with the SLDC (issue 14, decision 0076): the
 * approved registration it extends, the utility it is embedded in (whose user consents), the form values
 * (NOAR registration, region, quantum, meters, confirmations, document ids) as JSON validated by the
 * shared contract. One open record per registration (not rejected).
 */
export const interStateRegistrations = pgTable(
  'inter_state_registrations',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    registrationId: uuid()
      .notNull()
      .references(() => registrations.id),
    ownerUserId: uuid()
      .notNull()
      .references(() => users.id),
    utilityType: text().$type<UtilityType>().notNull(),
    utilityId: uuid().references(() => transcoDiscom.id),
    status: text().$type<InterStateRegistrationStatus>().notNull(),
    /** Optimistic concurrency: bumped on every change; actions send the version they saw. */
    version: integer().notNull().default(1),
    entityName: text().notNull(),
    interStateRegistrationNo: text(),
    noarRegistrationNo: text(),
    data: jsonb().$type<InterStateRegistrationValues>().notNull(),
    submittedOn: timestamp({ withTimezone: true }),
    /** When the record entered its current status (deemed consent counts working days from it). */
    statusSince: timestamp({ withTimezone: true }).notNull().defaultNow(),
    approvedOn: timestamp({ withTimezone: true }),
    createdOn: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedOn: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inter_state_registrations_owner_idx').on(t.ownerUserId, t.updatedOn),
    index('inter_state_registrations_status_idx').on(t.status, t.updatedOn),
    index('inter_state_registrations_utility_idx').on(t.utilityId, t.updatedOn),
    // One open inter-state registration per registration: a second one is refused (the rejected ones stay).
    uniqueIndex('inter_state_registrations_open_uq')
      .on(t.registrationId)
      .where(sql`status not in ('SLDCRejected', 'DISCOMRejected', 'TRANSCORejected', 'Rejected')`),
  ],
);

/** Every workflow step (the history; audit has the full before/after). */
export const interStateRegistrationActions = pgTable(
  'inter_state_registration_actions',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    interStateRegistrationId: uuid()
      .notNull()
      .references(() => interStateRegistrations.id),
    action: text().notNull(),
    fromStatus: text(),
    toStatus: text().notNull(),
    /** Null when the system acted (deemed consent). */
    actorUserId: uuid().references(() => users.id),
    actorRole: text(),
    remarks: text(),
    createdOn: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inter_state_registration_actions_record_idx').on(t.interStateRegistrationId, t.createdOn)],
);

/** The values as each submission sent them (the comparison download compares the last two). */
export const interStateRegistrationVersions = pgTable(
  'inter_state_registration_versions',
  {
    interStateRegistrationId: uuid()
      .notNull()
      .references(() => interStateRegistrations.id),
    /** 1 for the first submission, then 2, 3 … */
    submission: integer().notNull(),
    utilityType: text().$type<UtilityType>().notNull(),
    utilityId: uuid().references(() => transcoDiscom.id),
    data: jsonb().$type<InterStateRegistrationValues>().notNull(),
    submittedBy: uuid()
      .notNull()
      .references(() => users.id),
    submittedOn: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('inter_state_registration_versions_pk').on(t.interStateRegistrationId, t.submission)],
);
