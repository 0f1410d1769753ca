import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import type {
  ApplicationMode,
  ApplicationStatus,
  ApplicationType,
  ProcessingOutcome,
  ProcessingRunStatus,
} from '@stoa/shared/applications';

import { dues } from '../configuration/configuration.tables';
import { registrations } from '../registrations/registrations.tables';
import { users } from '../users/users.tables';

/** Numbers issued when an application is made: `STOA/{type code}/{yyyy}/{000123}`. */
export const applicationNoSeq = pgSequence('application_no_seq', { startWith: 1 });

/**
 * STOA applications (DOMAIN.md §3): one transaction (seller → buyer) of one type within one
 * calendar month. `applicantUserId` is the OA applicant the application is for (it approves a
 * trader's request and pays the fee); `createdByUserId` who filed it (the applicant or a trader);
 * `traderRegistrationId` the trader's approved registration, when a trader is involved.
 * `submittedAt` is the last time it reached the SLDC (the FCFS order of processing).
 */
export const applications = pgTable(
  'applications',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    applicationNo: text().notNull(),
    type: text().$type<ApplicationType>().notNull(),
    mode: text().$type<ApplicationMode>().notNull().default('IntraState'),
    status: text().$type<ApplicationStatus>().notNull(),
    /** Optimistic concurrency: bumped on every change; actions send the version they saw. */
    version: integer().notNull().default(1),
    applicantUserId: uuid()
      .notNull()
      .references(() => users.id),
    createdByUserId: uuid()
      .notNull()
      .references(() => users.id),
    traderRegistrationId: uuid().references(() => registrations.id),
    sellerRegistrationId: uuid()
      .notNull()
      .references(() => registrations.id),
    buyerRegistrationId: uuid()
      .notNull()
      .references(() => registrations.id),
    /** Calendar month of the schedule, YYYY-MM. */
    month: text().notNull(),
    /** First and last scheduled date (IST). */
    fromDate: date({ mode: 'string' }).notNull(),
    toDate: date({ mode: 'string' }).notNull(),
    submittedAt: timestamp({ withTimezone: true }),
    statusSince: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The application fee due raised when it first reached the SLDC. */
    feeDueId: uuid().references(() => dues.id),
    remarks: text(),
    createdOn: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedOn: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('applications_no_uq').on(t.applicationNo),
    // SLDC lists per type, newest submission first (scanned backward), with or without a status filter.
    index('applications_type_submitted_idx').on(t.type, t.submittedAt, t.id),
    index('applications_type_status_submitted_idx').on(t.type, t.status, t.submittedAt, t.id),
    // The applicant's and the trader's own lists.
    index('applications_applicant_idx').on(t.applicantUserId, t.updatedOn, t.id),
    index('applications_created_by_idx').on(t.createdByUserId, t.updatedOn, t.id),
    index('applications_trader_idx').on(t.traderRegistrationId, t.updatedOn),
    // Remaining quantum: what a seller / buyer already holds.
    index('applications_seller_idx').on(t.sellerRegistrationId, t.status),
    index('applications_buyer_idx').on(t.buyerRegistrationId, t.status),
    check('applications_type_ck', sql`${t.type} in ('Advance', 'DayAhead', 'FCFS', 'ContingencyDayAhead', 'ContingencySameDay')`),
    check('applications_mode_ck', sql`${t.mode} in ('IntraState', 'InterState')`),
    check('applications_month_ck', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('applications_dates_ck', sql`${t.fromDate} <= ${t.toDate}`),
  ],
);
export type ApplicationRecord = typeof applications.$inferSelect;
export type ApplicationInsert = typeof applications.$inferInsert;

/**
 * The schedule rows as the applicant entered them (spec 001 §3): dates, the first and last block
 * (1…96; the To time is the end of `toBlock`) and the requirement in hundredths of a MW.
 */
export const applicationSchedules = pgTable(
  'application_schedules',
  {
    applicationId: uuid()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    rowNo: integer().notNull(),
    fromDate: date({ mode: 'string' }).notNull(),
    toDate: date({ mode: 'string' }).notNull(),
    fromBlock: integer().notNull(),
    toBlock: integer().notNull(),
    requirementCenti: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.rowNo] }),
    check('application_schedules_blocks_ck', sql`1 <= ${t.fromBlock} and ${t.fromBlock} <= ${t.toBlock} and ${t.toBlock} <= 96`),
    check('application_schedules_dates_ck', sql`${t.fromDate} <= ${t.toDate}`),
    check('application_schedules_requirement_ck', sql`${t.requirementCenti} > 0`),
  ],
);

/**
 * One row per application and day (ARCHITECTURE.md §4, §11): the 96 requested values in
 * hundredths of a MW (block 1 at index 1 in SQL, 0 in JS) and, once processed, the 96 granted.
 * Processing reads one row per application-day, never 96.
 */
export const applicationDays = pgTable(
  'application_days',
  {
    applicationId: uuid()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    requested: integer().array().notNull(),
    granted: integer().array(),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.day] }),
    index('application_days_day_idx').on(t.day),
    check(
      'application_days_requested_ck',
      sql`cardinality(${t.requested}) = 96 and array_position(${t.requested}, null) is null and 0 <= all(${t.requested})`,
    ),
    check(
      'application_days_granted_ck',
      sql`${t.granted} is null or (cardinality(${t.granted}) = 96 and array_position(${t.granted}, null) is null and 0 <= all(${t.granted}))`,
    ),
  ],
);

/** Every workflow step of an application (history on the form; audit keeps before/after). */
export const applicationActions = pgTable(
  'application_actions',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    applicationId: uuid()
      .notNull()
      .references(() => applications.id),
    action: text().notNull(),
    fromStatus: text(),
    toStatus: text().notNull(),
    actorUserId: uuid().references(() => users.id),
    actorRole: text(),
    remarks: text(),
    createdOn: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('application_actions_application_idx').on(t.applicationId, t.createdOn)],
);

/**
 * One processing of a batch (decision 0011): the applications of a type pending STOA check whose
 * schedule starts on `processingDate` (Advance: whose month starts on it). Unique per (type, date):
 * of two runs started together exactly one is recorded, the other answers 409. The run and its
 * effects are one transaction, so a failed run leaves nothing behind.
 */
export const processingRuns = pgTable(
  'processing_runs',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    type: text().$type<ApplicationType>().notNull(),
    processingDate: date({ mode: 'string' }).notNull(),
    status: text().$type<ProcessingRunStatus>().notNull(),
    startedBy: uuid()
      .notNull()
      .references(() => users.id),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    finishedAt: timestamp({ withTimezone: true }).notNull(),
    applicationCount: integer().notNull().default(0),
    approvedCount: integer().notNull().default(0),
    partiallyApprovedCount: integer().notNull().default(0),
    rejectedCount: integer().notNull().default(0),
    congestedBlockCount: integer().notNull().default(0),
    /** Summary of the run (congested elements, the days processed). */
    result: jsonb().$type<{ congestedElements: string[]; days: string[] }>().notNull(),
  },
  (t) => [
    uniqueIndex('processing_runs_type_date_uq').on(t.type, t.processingDate),
    index('processing_runs_date_idx').on(t.processingDate),
    check('processing_runs_status_ck', sql`${t.status} in ('Completed', 'Congested')`),
  ],
);
export type ProcessingRunRecord = typeof processingRuns.$inferSelect;

/** The applications of a run with what processing decided for each. */
export const processingRunItems = pgTable(
  'processing_run_items',
  {
    runId: uuid()
      .notNull()
      .references(() => processingRuns.id, { onDelete: 'cascade' }),
    applicationId: uuid()
      .notNull()
      .references(() => applications.id),
    outcome: text().$type<ProcessingOutcome>().notNull(),
    /** Position in submission order within the run (1 = earliest). */
    position: integer().notNull(),
    requestedCentiBlocks: integer().notNull(),
    grantedCentiBlocks: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.applicationId] }), index('processing_run_items_application_idx').on(t.applicationId)],
);
