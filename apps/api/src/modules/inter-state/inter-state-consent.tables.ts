import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import type { InterStateConsentDirection, InterStateConsentScheduleRow, InterStateConsentStatus } from '@stoa/shared/inter-state';

import { registrations } from '../registrations/registrations.tables';
import { users } from '../users/users.tables';

/** Numbers of consent applications: `ISC/{yyyy}/{000123}`; of consents: `CON/{yyyy}/{000045}`. */
export const interStateConsentNoSeq = pgSequence('inter_state_consent_no_seq', { startWith: 1 });
export const interStateConsentCertificateSeq = pgSequence('inter_state_consent_certificate_seq', { startWith: 1 });

/**
 * An application for the SLDC's consent (concurrence) to a bilateral inter-state STOA transaction of
 * one registered entity (issue 14, decision 0068): the counterparty, the direction, the connection
 * point whose inter-state ATC margin it uses (`element`, `element_key` as the ATC uploads key it), the
 * schedule rows as applied for. The per-day blocks requested and consented are in
 * inter_state_consent_days.
 */
export const interStateConsents = pgTable(
  'inter_state_consents',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    applicationNo: text().notNull(),
    registrationId: uuid()
      .notNull()
      .references(() => registrations.id),
    applicantUserId: uuid()
      .notNull()
      .references(() => users.id),
    createdByUserId: uuid()
      .notNull()
      .references(() => users.id),
    direction: text().$type<InterStateConsentDirection>().notNull(),
    counterpartyState: text().notNull(),
    counterpartyEntity: text().notNull(),
    traderName: text(),
    element: text().notNull(),
    elementKey: text().notNull(),
    fromDate: date({ mode: 'string' }).notNull(),
    toDate: date({ mode: 'string' }).notNull(),
    schedule: jsonb().$type<InterStateConsentScheduleRow[]>().notNull(),
    proposedReductions: jsonb().$type<InterStateConsentScheduleRow[]>().notNull().default([]),
    remarks: text(),
    status: text().$type<InterStateConsentStatus>().notNull(),
    version: integer().notNull().default(1),
    submittedAt: timestamp({ withTimezone: true }),
    certificateNo: text(),
    verificationCode: text(),
    deemed: boolean().notNull().default(false),
    decidedAt: timestamp({ withTimezone: true }),
    decidedByUserId: uuid().references(() => users.id),
    decisionReason: text(),
    /** The revocation by an SLDC approver (decision 0077): when, by whom, why; status Revoked. */
    revokedAt: timestamp({ withTimezone: true }),
    revokedByUserId: uuid().references(() => users.id),
    revocationReason: text(),
    createdOn: timestamp({ withTimezone: true }).notNull(),
    updatedOn: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('inter_state_consents_no_uq').on(t.applicationNo),
    uniqueIndex('inter_state_consents_certificate_uq').on(t.certificateNo),
    uniqueIndex('inter_state_consents_code_uq').on(t.verificationCode),
    index('inter_state_consents_applicant_idx').on(t.applicantUserId, t.createdOn),
    index('inter_state_consents_created_by_idx').on(t.createdByUserId, t.createdOn),
    index('inter_state_consents_status_idx').on(t.status, t.createdOn),
    check('inter_state_consents_direction_ck', sql`${t.direction} in ('Sale', 'Purchase')`),
    check(
      'inter_state_consents_status_ck',
      sql`${t.status} in ('Draft', 'Submitted', 'Verified', 'Consented', 'PartiallyConsented', 'Refused', 'Revoked')`,
    ),
    check('inter_state_consents_period_ck', sql`${t.fromDate} <= ${t.toDate}`),
    check(
      'inter_state_consents_consented_ck',
      sql`${t.status} not in ('Consented', 'PartiallyConsented', 'Revoked') or (${t.certificateNo} is not null and ${t.verificationCode} is not null)`,
    ),
    check(
      'inter_state_consents_revoked_ck',
      sql`${t.status} <> 'Revoked' or (${t.revokedAt} is not null and ${t.revokedByUserId} is not null and ${t.revocationReason} is not null)`,
    ),
  ],
);
export type InterStateConsentRecord = typeof interStateConsents.$inferSelect;

/**
 * One day of a consent application: the 96 blocks requested and, once consented, granted (centi-MW,
 * block 1 at index 0). The granted blocks of every consent on a connection point and day are what
 * consent has taken of that day's inter-state margin (the index serves that sum).
 */
export const interStateConsentDays = pgTable(
  'inter_state_consent_days',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    consentId: uuid()
      .notNull()
      .references(() => interStateConsents.id),
    day: date({ mode: 'string' }).notNull(),
    elementKey: text().notNull(),
    requested: integer().array().notNull(),
    granted: integer().array(),
  },
  (t) => [
    uniqueIndex('inter_state_consent_days_uq').on(t.consentId, t.day),
    index('inter_state_consent_days_element_idx').on(t.elementKey, t.day),
    check('inter_state_consent_days_requested_ck', sql`cardinality(${t.requested}) = 96 and 0 <= all(${t.requested})`),
    check('inter_state_consent_days_granted_ck', sql`${t.granted} is null or (cardinality(${t.granted}) = 96 and 0 <= all(${t.granted}))`),
  ],
);

/** Every step of a consent application (its history; audit has the full before/after). */
export const interStateConsentActions = pgTable(
  'inter_state_consent_actions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    consentId: uuid()
      .notNull()
      .references(() => interStateConsents.id),
    action: text().notNull(),
    fromStatus: text(),
    toStatus: text().notNull(),
    actorUserId: uuid().references(() => users.id),
    actorRole: text(),
    remarks: text(),
    createdOn: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('inter_state_consent_actions_consent_idx').on(t.consentId, t.createdOn)],
);
