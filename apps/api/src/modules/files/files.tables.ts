import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { users } from '../users/users.tables';

/**
 * Uploaded files (spec 000 §7 Files). The bytes live in the file storage under `storedName`, a
 * generated name; the client's name is kept only as a sanitised display name. `ownerType` /
 * `ownerId` link the file to the record it belongs to (set by the owning domain after upload).
 */
export const files = pgTable(
  'files',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    originalName: text().notNull(),
    storedName: text().notNull(),
    kind: text().notNull(),
    extension: text().notNull(),
    mime: text().notNull(),
    sizeBytes: bigint({ mode: 'number' }).notNull(),
    sha256: text().notNull(),
    /** Null for files the system produces itself. */
    uploadedBy: uuid().references(() => users.id),
    formName: text(),
    ownerType: text(),
    ownerId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('files_stored_name_uq').on(t.storedName),
    index('files_owner_idx').on(t.ownerType, t.ownerId),
    index('files_uploaded_by_idx').on(t.uploadedBy, t.createdAt),
  ],
);
export type FileRow = typeof files.$inferSelect;
