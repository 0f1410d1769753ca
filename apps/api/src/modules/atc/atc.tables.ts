import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import type { AtcMode } from '@stoa/shared/atc';

import { files } from '../files/files.tables';
import { users } from '../users/users.tables';

/** One saved margin file (spec 001 §2 ATC Uploads): which file, what it held, who saved it. */
export const atcUploads = pgTable(
  'atc_uploads',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    mode: text().$type<AtcMode>().notNull(),
    fileId: uuid()
      .notNull()
      .references(() => files.id),
    fileName: text().notNull(),
    rowCount: integer().notNull(),
    elementCount: integer().notNull(),
    dateFrom: date({ mode: 'string' }).notNull(),
    dateTo: date({ mode: 'string' }).notNull(),
    insertedCount: integer().notNull(),
    replacedCount: integer().notNull(),
    uploadedBy: uuid().references(() => users.id),
    uploadedOn: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('atc_uploads_mode_on_idx').on(t.mode, t.uploadedOn.desc(), t.id),
    check('atc_uploads_mode_ck', sql`${t.mode} in ('IntraState', 'InterState')`),
  ],
);
export type AtcUploadRecord = typeof atcUploads.$inferSelect;

/**
 * The available margin of one transmission element / substation on one IST business date, for
 * each of the 96 blocks in integer hundredths of a MW (ARCHITECTURE.md §4), block 1 at index 0.
 * An element is identified by `elementKey` (its name trimmed, spaces collapsed, lower case);
 * `element` keeps the spelling of the last upload. The unique index (mode, date, key) serves both
 * "the margin of element X on date D" and "the margins on date D".
 */
export const atcMargins = pgTable(
  'atc_margins',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    mode: text().$type<AtcMode>().notNull(),
    marginDate: date({ mode: 'string' }).notNull(),
    element: text().notNull(),
    elementKey: text().notNull(),
    blocks: integer().array().notNull(),
    /** The upload that last set the row (a correction by hand keeps it). */
    uploadId: uuid().references(() => atcUploads.id),
    updatedBy: uuid().references(() => users.id),
    updatedOn: timestamp({ withTimezone: true }).notNull(),
    version: integer().notNull().default(1),
  },
  (t) => [
    uniqueIndex('atc_margins_mode_date_element_uq').on(t.mode, t.marginDate, t.elementKey),
    index('atc_margins_upload_idx').on(t.uploadId),
    check('atc_margins_mode_ck', sql`${t.mode} in ('IntraState', 'InterState')`),
    check(
      'atc_margins_blocks_ck',
      sql`cardinality(${t.blocks}) = 96 and array_position(${t.blocks}, null) is null and 0 <= all(${t.blocks})`,
    ),
  ],
);
export type AtcMarginRecord = typeof atcMargins.$inferSelect;
