import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';

import { ATC_BLOCKS_PER_DAY, type AtcMode, atcElementKey } from '@stoa/shared/atc';

import type { DbOrTx } from '../../platform/db/client';
import { registrationsRepository } from '../registrations/registrations.repository';
import { users } from '../users/users.tables';
import type { MarginRow } from './atc.parser';
import { atcMargins, type AtcMarginRecord, atcUploads, type AtcUploadRecord } from './atc.tables';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const isUuid = (id: string) => /^[0-9a-f-]{36}$/i.test(id);
const userName = sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;

/** Rows of one upserting statement (96 integers and 8 other values each). */
const UPSERT_BATCH = 500;

const toBlocks = (values: number[]): Int32Array => {
  const blocks = Int32Array.from(values);
  if (blocks.length !== ATC_BLOCKS_PER_DAY) throw new Error(`a margin row has ${blocks.length} blocks`);
  return blocks;
};

/**
 * The keys among `keys` of elements the portal knows: a margin was uploaded for it before (either
 * mode), or it is the injection or drawal substation of a registration past Draft.
 */
export async function knownElementKeys(db: DbOrTx, keys: string[]): Promise<Set<string>> {
  const known = new Set<string>();
  // Batches keep each statement well under the bind-parameter limit.
  for (let i = 0; i < keys.length; i += 2000) {
    const batch = keys.slice(i, i + 2000);
    const margins = await db.selectDistinct({ key: atcMargins.elementKey }).from(atcMargins).where(inArray(atcMargins.elementKey, batch));
    const substations = await registrationsRepository.substationKeys(db, batch);
    for (const row of margins) known.add(row.key);
    for (const key of substations) known.add(key);
  }
  return known;
}

export type MarginWithUser = AtcMarginRecord & { updatedByName: string | null };
export type UploadWithUser = AtcUploadRecord & { uploadedByName: string | null };

/**
 * The margins of every element of one mode on one IST business date, by element name as last
 * uploaded, each an Int32Array of the 96 blocks in centi-MW (block 1 at index 0). For the
 * allocation (DOMAIN.md §3 Processing): one indexed read of the day.
 */
export async function marginsOn(db: DbOrTx, mode: AtcMode, date: string): Promise<Map<string, Int32Array>> {
  const rows = await db
    .select({ element: atcMargins.element, blocks: atcMargins.blocks })
    .from(atcMargins)
    .where(and(eq(atcMargins.mode, mode), eq(atcMargins.marginDate, date)))
    .orderBy(asc(atcMargins.elementKey));
  return new Map(rows.map((r) => [r.element, toBlocks(r.blocks)]));
}

/**
 * The margin of one element on one date (the element matched without regard to case or extra
 * spaces, as uploads match it), or null when none was uploaded.
 */
export async function marginFor(db: DbOrTx, mode: AtcMode, date: string, element: string): Promise<Int32Array | null> {
  const [row] = await db
    .select({ blocks: atcMargins.blocks })
    .from(atcMargins)
    .where(and(eq(atcMargins.mode, mode), eq(atcMargins.marginDate, date), eq(atcMargins.elementKey, atcElementKey(element))))
    .limit(1);
  return row ? toBlocks(row.blocks) : null;
}

export const atcRepository = {
  marginsOn,
  marginFor,

  async insertUpload(db: DbOrTx, values: typeof atcUploads.$inferInsert): Promise<AtcUploadRecord> {
    const [row] = await db.insert(atcUploads).values(values).returning();
    return row!;
  },

  async setUploadCounts(db: DbOrTx, id: string, counts: { insertedCount: number; replacedCount: number }) {
    await db.update(atcUploads).set(counts).where(eq(atcUploads.id, id));
  },

  /**
   * Inserts or replaces the margins of every row (by mode, date and element key), in batches, in
   * (date, element) order so that concurrent uploads lock rows in one order. Answers how many
   * rows were new and how many replaced an earlier margin (whose version then increases).
   */
  async upsertMargins(
    db: DbOrTx,
    mode: AtcMode,
    rows: readonly MarginRow[],
    by: { uploadId: string; userId: string; now: Date },
  ): Promise<{ inserted: number; replaced: number }> {
    const sorted = [...rows].sort((a, b) => (a.date === b.date ? (a.elementKey < b.elementKey ? -1 : 1) : a.date < b.date ? -1 : 1));
    let inserted = 0;
    let replaced = 0;
    for (let i = 0; i < sorted.length; i += UPSERT_BATCH) {
      const batch = sorted.slice(i, i + UPSERT_BATCH);
      const result = await db
        .insert(atcMargins)
        .values(
          batch.map((r) => ({
            mode,
            marginDate: r.date,
            element: r.element,
            elementKey: r.elementKey,
            blocks: Array.from(r.blocks),
            uploadId: by.uploadId,
            updatedBy: by.userId,
            updatedOn: by.now,
            version: 1,
          })),
        )
        .onConflictDoUpdate({
          target: [atcMargins.mode, atcMargins.marginDate, atcMargins.elementKey],
          set: {
            element: sql`excluded.element`,
            blocks: sql`excluded.blocks`,
            uploadId: sql`excluded.upload_id`,
            updatedBy: sql`excluded.updated_by`,
            updatedOn: sql`excluded.updated_on`,
            version: sql`${atcMargins.version} + 1`,
          },
        })
        // xmax is 0 for a freshly inserted row version and set for one written by the update branch.
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      for (const r of result) {
        if (r.inserted) inserted++;
        else replaced++;
      }
    }
    return { inserted, replaced };
  },

  async findMargins(db: DbOrTx, mode: AtcMode, q: { date: string; element?: string; pageNumber: number; pageSize: number }) {
    const conds: SQL[] = [eq(atcMargins.mode, mode), eq(atcMargins.marginDate, q.date)];
    if (q.element) conds.push(ilike(atcMargins.element, `%${escapeLike(q.element)}%`));
    const where = and(...conds);
    const [rows, [total]] = await Promise.all([
      db
        .select({ margin: atcMargins, updatedByName: userName })
        .from(atcMargins)
        .leftJoin(users, eq(users.id, atcMargins.updatedBy))
        .where(where)
        .orderBy(asc(atcMargins.elementKey))
        .limit(q.pageSize)
        .offset((q.pageNumber - 1) * q.pageSize),
      db.select({ n: count() }).from(atcMargins).where(where),
    ]);
    return { rows: rows.map((r): MarginWithUser => ({ ...r.margin, updatedByName: r.updatedByName })), total: total?.n ?? 0 };
  },

  async findMarginForUpdate(db: DbOrTx, id: string): Promise<AtcMarginRecord | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await db.select().from(atcMargins).where(eq(atcMargins.id, id)).limit(1).for('update');
    return row;
  },

  async findMargin(db: DbOrTx, id: string): Promise<MarginWithUser | undefined> {
    const [row] = await db
      .select({ margin: atcMargins, updatedByName: userName })
      .from(atcMargins)
      .leftJoin(users, eq(users.id, atcMargins.updatedBy))
      .where(eq(atcMargins.id, id))
      .limit(1);
    return row ? { ...row.margin, updatedByName: row.updatedByName } : undefined;
  },

  async updateBlocks(db: DbOrTx, id: string, values: { blocks: number[]; version: number; updatedBy: string; updatedOn: Date }) {
    await db.update(atcMargins).set(values).where(eq(atcMargins.id, id));
  },

  async findUploads(db: DbOrTx, mode: AtcMode, q: { pageNumber: number; pageSize: number }) {
    const where = eq(atcUploads.mode, mode);
    const [rows, [total]] = await Promise.all([
      db
        .select({ upload: atcUploads, uploadedByName: userName })
        .from(atcUploads)
        .leftJoin(users, eq(users.id, atcUploads.uploadedBy))
        .where(where)
        .orderBy(desc(atcUploads.uploadedOn), desc(atcUploads.id))
        .limit(q.pageSize)
        .offset((q.pageNumber - 1) * q.pageSize),
      db.select({ n: count() }).from(atcUploads).where(where),
    ]);
    return { rows: rows.map((r): UploadWithUser => ({ ...r.upload, uploadedByName: r.uploadedByName })), total: total?.n ?? 0 };
  },
};
