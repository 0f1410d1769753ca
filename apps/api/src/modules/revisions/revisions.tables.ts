import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import type { RevisionStatus, ScheduleVersionSource } from '@stoa/shared/revisions';

import { applications } from '../applications/applications.tables';
import { curtailments } from '../curtailment/curtailment.tables';
import { users } from '../users/users.tables';

/** Numbers issued when a revision is requested: `REV/{yyyy}/{000123}`. */
export const revisionNoSeq = pgSequence('revision_no_seq', { startWith: 1 });

/**
 * Schedule revision requests (DOMAIN.md §3, decision 0013): a downward revision of an approved
 * application's granted schedule from `effectiveDate`/`effectiveBlock` (the request's block + the
 * lead). The charge figures (centi-MW × blocks) are fixed at approval; `scheduleVersion` is the
 * version of the schedule the approval made.
 */
export const revisions = pgTable(
  'revisions',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    revisionNo: text().notNull(),
    applicationId: uuid()
      .notNull()
      .references(() => applications.id),
    status: text().$type<RevisionStatus>().notNull(),
    /** Optimistic concurrency: bumped on every change; decisions send the version they saw. */
    version: integer().notNull().default(1),
    requestedByUserId: uuid()
      .notNull()
      .references(() => users.id),
    requestedAt: timestamp({ withTimezone: true }).notNull(),
    effectiveDate: date({ mode: 'string' }).notNull(),
    effectiveBlock: integer().notNull(),
    remarks: text(),
    decidedByUserId: uuid().references(() => users.id),
    decidedAt: timestamp({ withTimezone: true }),
    decisionRemarks: text(),
    scheduleVersion: integer(),
    reducedCentiBlocks: bigint({ mode: 'number' }).notNull().default(0),
    retainedCentiBlocks: bigint({ mode: 'number' }).notNull().default(0),
    releasedCentiBlocks: bigint({ mode: 'number' }).notNull().default(0),
    /**
     * Decision 0061: the STU transmission charge refunded on the released cut (paise), set on approval;
     * null when the application has no transmission-charge due (or the revision is not approved).
     */
    refundPaise: bigint({ mode: 'number' }),
    updatedOn: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('revisions_no_uq').on(t.revisionNo),
    // The SLDC list (newest request first, with or without a status filter) and the revisions of an application.
    index('revisions_requested_idx').on(t.requestedAt, t.id),
    index('revisions_status_requested_idx').on(t.status, t.requestedAt, t.id),
    index('revisions_application_idx').on(t.applicationId, t.requestedAt),
    check('revisions_status_ck', sql`${t.status} in ('Requested', 'Approved', 'Rejected')`),
    check('revisions_block_ck', sql`1 <= ${t.effectiveBlock} and ${t.effectiveBlock} <= 96`),
  ],
);
export type RevisionRecord = typeof revisions.$inferSelect;
export type RevisionInsert = typeof revisions.$inferInsert;

/** The rows of a revision as requested: the revised centi-MW for blocks [fromBlock, toBlock] of each date in [fromDate, toDate]. */
export const revisionRows = pgTable(
  'revision_rows',
  {
    revisionId: uuid()
      .notNull()
      .references(() => revisions.id, { onDelete: 'cascade' }),
    rowNo: integer().notNull(),
    fromDate: date({ mode: 'string' }).notNull(),
    toDate: date({ mode: 'string' }).notNull(),
    fromBlock: integer().notNull(),
    toBlock: integer().notNull(),
    revisedCenti: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.revisionId, t.rowNo] }),
    check('revision_rows_blocks_ck', sql`1 <= ${t.fromBlock} and ${t.fromBlock} <= ${t.toBlock} and ${t.toBlock} <= 96`),
    check('revision_rows_dates_ck', sql`${t.fromDate} <= ${t.toDate}`),
    check('revision_rows_revised_ck', sql`${t.revisedCenti} >= 0`),
  ],
);

/**
 * Versions of an application's granted schedule: v0 as approved (`source` 'Approval', written with
 * the first change, whichever comes first), v1… per approved revision ('Revision', `revisionId`) or
 * curtailment ('Curtailment', `curtailmentId`) in the order they were applied (decisions 0013, 0014).
 */
export const scheduleVersions = pgTable(
  'schedule_versions',
  {
    applicationId: uuid()
      .notNull()
      .references(() => applications.id),
    versionNo: integer().notNull(),
    source: text().$type<ScheduleVersionSource>().notNull().default('Revision'),
    revisionId: uuid().references(() => revisions.id),
    curtailmentId: uuid().references(() => curtailments.id),
    createdByUserId: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  // The primary key is the second guard (after the row locks) that one version is made once.
  (t) => [
    primaryKey({ columns: [t.applicationId, t.versionNo] }),
    check('schedule_versions_no_ck', sql`${t.versionNo} >= 0`),
    // The source names what made the version: nothing for v0, the revision or the curtailment otherwise.
    check(
      'schedule_versions_source_ck',
      sql`(${t.source} = 'Approval' and ${t.versionNo} = 0 and ${t.revisionId} is null and ${t.curtailmentId} is null) or (${t.source} = 'Revision' and ${t.revisionId} is not null and ${t.curtailmentId} is null) or (${t.source} = 'Curtailment' and ${t.curtailmentId} is not null and ${t.revisionId} is null)`,
    ),
  ],
);

/** The granted values of each version per day (one row per application, version and day; 96 centi-MW). */
export const scheduleVersionDays = pgTable(
  'schedule_version_days',
  {
    applicationId: uuid().notNull(),
    versionNo: integer().notNull(),
    day: date({ mode: 'string' }).notNull(),
    granted: integer().array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.versionNo, t.day] }),
    foreignKey({
      columns: [t.applicationId, t.versionNo],
      foreignColumns: [scheduleVersions.applicationId, scheduleVersions.versionNo],
      name: 'schedule_version_days_version_fk',
    }).onDelete('cascade'),
    check(
      'schedule_version_days_granted_ck',
      sql`cardinality(${t.granted}) = 96 and array_position(${t.granted}, null) is null and 0 <= all(${t.granted})`,
    ),
  ],
);

/** Every step of a revision (its history on the page; audit keeps before/after). */
export const revisionActions = pgTable(
  'revision_actions',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    revisionId: uuid()
      .notNull()
      .references(() => revisions.id),
    action: text().notNull(),
    toStatus: text().notNull(),
    actorUserId: uuid().references(() => users.id),
    actorRole: text(),
    remarks: text(),
    createdOn: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('revision_actions_revision_idx').on(t.revisionId, t.createdOn)],
);
