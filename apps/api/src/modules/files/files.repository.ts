import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';

import type { DbOrTx, Tx } from '../../platform/db/client';
import { files, type FileRow } from './files.tables';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type { FileRow };

export const filesRepository = {
  async insert(db: DbOrTx, values: typeof files.$inferInsert): Promise<FileRow> {
    const [row] = await db.insert(files).values(values).returning();
    return row!;
  },
  async findById(db: DbOrTx, id: string): Promise<FileRow | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
    return row;
  },
  /** Stored files by id (name, uploader, owning record); ids that are not UUIDs are skipped. */
  async findManyByIds(db: DbOrTx, ids: string[]) {
    const valid = ids.filter((id) => UUID.test(id));
    if (valid.length === 0) return [];
    return db
      .select({
        id: files.id,
        originalName: files.originalName,
        uploadedBy: files.uploadedBy,
        ownerType: files.ownerType,
        ownerId: files.ownerId,
      })
      .from(files)
      .where(inArray(files.id, valid));
  },
  async findByIdForUpdate(db: DbOrTx, id: string): Promise<FileRow | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1).for('update');
    return row;
  },
  async setOwner(db: DbOrTx, id: string, ownerType: string | null, ownerId: string | null): Promise<FileRow> {
    const [row] = await db.update(files).set({ ownerType, ownerId }).where(eq(files.id, id)).returning();
    return row!;
  },
  /** Files linked to one record, newest first. */
  async findByOwner(db: DbOrTx, ownerType: string, ownerId: string): Promise<FileRow[]> {
    return db
      .select()
      .from(files)
      .where(and(eq(files.ownerType, ownerType), eq(files.ownerId, ownerId)))
      .orderBy(desc(files.createdAt), desc(files.id));
  },
  /** Bytes of a user's files not yet attached to any record (the upload quota). */
  async unattachedBytes(db: DbOrTx, uploadedBy: string): Promise<number> {
    const [r] = await db
      .select({ n: sql<string>`coalesce(sum(${files.sizeBytes}), 0)` })
      .from(files)
      .where(and(eq(files.uploadedBy, uploadedBy), isNull(files.ownerType)));
    return Number(r?.n ?? 0);
  },
  /** Uploaded files never attached to a record and created before `before` (the cleanup job). */
  async findUnattachedBefore(db: DbOrTx, before: Date, limit: number): Promise<FileRow[]> {
    return db
      .select()
      .from(files)
      .where(and(isNull(files.ownerType), lt(files.createdAt, before)))
      .orderBy(files.createdAt)
      .limit(limit);
  },
  /**
   * Serialises one user's uploads for the rest of the transaction, so parallel uploads cannot pass
   * the quota together.
   */
  async lockUploadsOf(tx: Tx, userId: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('stoa.files.quota'), hashtext(${userId}))`);
  },
  /** Deletes the row only while it is still unattached; true when it was deleted. */
  async deleteUnattached(db: DbOrTx, id: string): Promise<boolean> {
    const rows = await db
      .delete(files)
      .where(and(eq(files.id, id), isNull(files.ownerType)))
      .returning({ id: files.id });
    return rows.length > 0;
  },
};
