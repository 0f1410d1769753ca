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

import type { StandingClearanceStatus, StandingClearanceType } from '@stoa/shared/inter-state';

import { dues } from '../configuration/configuration.tables';
import { transcoDiscom } from '../reference/reference.tables';
import { registrations } from '../registrations/registrations.tables';
import { users } from '../users/users.tables';

/** Numbers of standing-clearance applications: `SCA/{yyyy}/{000123}`. */
export const standingClearanceNoSeq = pgSequence('standing_clearance_no_seq', { startWith: 1 });
/** Numbers of issued certificates: `NOC/{PX|BL}/{yyyy}/{000123}`. */
export const standingClearanceCertificateSeq = pgSequence('standing_clearance_certificate_seq', { startWith: 1 });

/**
 * A cap of a block range (decision 0077): blocks fromBlock…toBlock (1–96) may use at most these centi-MW
 * (null: the clearance's overall cap of that side).
 */
export interface StandingClearanceBlockCapRecord {
  fromBlock: number;
  toBlock: number;
  maxBuyCenti: number | null;
  maxSellCenti: number | null;
}

/**
 * A standing clearance (No-Objection Certificate) for inter-state transactions of one registered
 * entity (issue 14, decision 0060): the maximum MW it may buy and/or sell (centi-MW, null: that side
 * not cleared) over a validity period of at most 11 months. Issued clearances carry a certificate
 * number and the unguessable code the public /verify page checks. An issued clearance past its
 * `valid_to` reads Expired at once and is stored Expired by the expiry job (decision 0062).
 */
export const standingClearances = pgTable(
  'standing_clearances',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    applicationNo: text().notNull(),
    transactionType: text().$type<StandingClearanceType>().notNull(),
    registrationId: uuid()
      .notNull()
      .references(() => registrations.id),
    /** The registration's owner: the payer of the fee. */
    applicantUserId: uuid()
      .notNull()
      .references(() => users.id),
    /** Who applied (the applicant or its trader). */
    createdByUserId: uuid()
      .notNull()
      .references(() => users.id),
    maxBuyCenti: integer(),
    maxSellCenti: integer(),
    /** Optional caps per block range, within the overall caps, ranges not overlapping (decision 0077). */
    blockCaps: jsonb().$type<StandingClearanceBlockCapRecord[]>().notNull().default([]),
    validFrom: date({ mode: 'string' }).notNull(),
    validTo: date({ mode: 'string' }).notNull(),
    declaration: boolean().notNull(),
    remarks: text(),
    status: text().$type<StandingClearanceStatus>().notNull(),
    /** Optimistic concurrency: bumped on every change; actions send the version they saw. */
    version: integer().notNull().default(1),
    feeDueId: uuid().references(() => dues.id),
    certificateNo: text(),
    verificationCode: text(),
    issuedAt: timestamp({ withTimezone: true }),
    issuedByUserId: uuid().references(() => users.id),
    /** The refusal or revocation: when, by whom, why. */
    decidedAt: timestamp({ withTimezone: true }),
    decidedByUserId: uuid().references(() => users.id),
    decisionReason: text(),
    /** Issued by the deemed-issue job (no decision within the configured working days). */
    deemed: boolean().notNull().default(false),
    /** The DISCOM/TRANSCO asked to consent on Forward (operating rule standingClearanceConsentRequired), and its answer. */
    consentUtilityId: uuid().references(() => transcoDiscom.id),
    consentRole: text(),
    consentedAt: timestamp({ withTimezone: true }),
    consentedByUserId: uuid().references(() => users.id),
    createdOn: timestamp({ withTimezone: true }).notNull(),
    updatedOn: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('standing_clearances_no_uq').on(t.applicationNo),
    uniqueIndex('standing_clearances_certificate_uq').on(t.certificateNo),
    uniqueIndex('standing_clearances_code_uq').on(t.verificationCode),
    // The overlap check: the entity's clearances of a type by period.
    index('standing_clearances_registration_idx').on(t.registrationId, t.transactionType, t.validFrom),
    index('standing_clearances_applicant_idx').on(t.applicantUserId, t.createdOn),
    index('standing_clearances_created_by_idx').on(t.createdByUserId, t.createdOn),
    index('standing_clearances_status_idx').on(t.status, t.createdOn),
    index('standing_clearances_consent_idx').on(t.consentUtilityId, t.createdOn),
    check('standing_clearances_type_ck', sql`${t.transactionType} in ('PowerExchange', 'Bilateral')`),
    check(
      'standing_clearances_status_ck',
      sql`${t.status} in ('Submitted', 'ConsentPending', 'Verified', 'Issued', 'Refused', 'Revoked', 'Expired')`,
    ),
    check(
      'standing_clearances_mw_ck',
      sql`(${t.maxBuyCenti} is null or ${t.maxBuyCenti} > 0) and (${t.maxSellCenti} is null or ${t.maxSellCenti} > 0) and (${t.maxBuyCenti} is not null or ${t.maxSellCenti} is not null)`,
    ),
    check('standing_clearances_period_ck', sql`${t.validFrom} <= ${t.validTo}`),
    check(
      'standing_clearances_issued_ck',
      sql`${t.status} not in ('Issued', 'Revoked', 'Expired') or (${t.certificateNo} is not null and ${t.verificationCode} is not null and ${t.issuedAt} is not null)`,
    ),
  ],
);
export type StandingClearanceRecord = typeof standingClearances.$inferSelect;

/** Every step of a standing clearance (the history on its page; audit has the full before/after). */
export const standingClearanceActions = pgTable(
  'standing_clearance_actions',
  {
    /** In the order written (several steps may share an instant). */
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    standingClearanceId: uuid()
      .notNull()
      .references(() => standingClearances.id),
    action: text().notNull(),
    fromStatus: text(),
    toStatus: text().notNull(),
    actorUserId: uuid().references(() => users.id),
    actorRole: text(),
    remarks: text(),
    createdOn: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('standing_clearance_actions_clearance_idx').on(t.standingClearanceId, t.createdOn)],
);

/**
 * The MW a clearance's holder was cleared on a day in one direction (issue 14, decision 0063): the 96
 * blocks of the power exchange's cleared volumes in centi-MW (block 1 at index 0), as the SLDC uploaded
 * them. One row per clearance, date and direction: a later upload of the same day replaces it.
 */
export const standingClearanceUtilisation = pgTable(
  'standing_clearance_utilisation',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    standingClearanceId: uuid()
      .notNull()
      .references(() => standingClearances.id),
    usageDate: date({ mode: 'string' }).notNull(),
    direction: text().$type<'Buy' | 'Sell'>().notNull(),
    blocks: integer().array().notNull(),
    /** Where the volumes came from: the power exchange's cleared volumes or the NOAR schedule (decision 0077). */
    source: text().$type<'PowerExchange' | 'Noar'>().notNull().default('PowerExchange'),
    /** The uploaded file (files module) the row came from. */
    fileId: uuid().notNull(),
    uploadedBy: uuid()
      .notNull()
      .references(() => users.id),
    uploadedOn: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('standing_clearance_utilisation_uq').on(t.standingClearanceId, t.usageDate, t.direction),
    check('standing_clearance_utilisation_direction_ck', sql`${t.direction} in ('Buy', 'Sell')`),
    check('standing_clearance_utilisation_source_ck', sql`${t.source} in ('PowerExchange', 'Noar')`),
    check(
      'standing_clearance_utilisation_blocks_ck',
      sql`cardinality(${t.blocks}) = 96 and array_position(${t.blocks}, null) is null and 0 <= all(${t.blocks})`,
    ),
  ],
);

/**
 * A clearance's day found over its cap by an upload (decision 0077): written once, when the applicant,
 * its trader and the SLDC were notified, so a re-upload of the same day does not notify again.
 */
export const standingClearanceCapAlerts = pgTable(
  'standing_clearance_cap_alerts',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    standingClearanceId: uuid()
      .notNull()
      .references(() => standingClearances.id),
    usageDate: date({ mode: 'string' }).notNull(),
    notifiedOn: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('standing_clearance_cap_alerts_uq').on(t.standingClearanceId, t.usageDate)],
);
