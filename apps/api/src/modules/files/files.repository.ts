import { and, desc, eq } from 'drizzle-orm';

import type { DbOrTx } from '../../platform/db/client';
import { files, type FileRow } from './files.tables';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
};
