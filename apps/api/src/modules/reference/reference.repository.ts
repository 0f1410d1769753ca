import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';

import type { DbOrTx } from '../../platform/db/client';
import { transcoDiscom } from './reference.tables';

export type UtilityRecord = typeof transcoDiscom.$inferSelect;
export type UtilityInsert = typeof transcoDiscom.$inferInsert;
export type UtilityType = UtilityRecord['type'];

/** What the forms and lists show of a utility. */
export interface UtilitySummary {
  id: string;
  name: string;
  type: UtilityType;
  zone: string;
}

const UUID = /^[0-9a-f-]{36}$/i;
const t = transcoDiscom;
const summaryColumns = { id: t.id, name: t.name, type: t.type, zone: t.zone };

/** SQL of the reference data: the TRANSCO/DISCOM utilities and their zones. */
export const referenceRepository = {
  /** Utilities by type, ids and activity, TRANSCOs first, by name. `ids: []` answers none. */
  async utilities(db: DbOrTx, opts: { type?: UtilityType; ids?: string[]; activeOnly?: boolean } = {}): Promise<UtilitySummary[]> {
    const conds: SQL[] = [];
    if (opts.type) conds.push(eq(t.type, opts.type));
    if (opts.activeOnly) conds.push(eq(t.isActive, true));
    if (opts.ids) {
      if (opts.ids.length === 0) return [];
      conds.push(inArray(t.id, opts.ids));
    }
    return db
      .select(summaryColumns)
      .from(t)
      .where(and(...conds))
      .orderBy(asc(t.type), asc(t.name));
  },

  /** One utility by id (active or not); undefined for an id that is not a UUID. */
  async findUtility(db: DbOrTx, id: string): Promise<UtilityRecord | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await db.select().from(t).where(eq(t.id, id)).limit(1);
    return row;
  },

  async findUtilityForUpdate(db: DbOrTx, id: string): Promise<UtilityRecord | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await db.select().from(t).where(eq(t.id, id)).limit(1).for('update');
    return row;
  },

  async insertUtility(db: DbOrTx, values: UtilityInsert): Promise<UtilityRecord> {
    const [row] = await db.insert(t).values(values).returning();
    return row!;
  },

  async updateUtility(db: DbOrTx, id: string, values: Partial<UtilityInsert>): Promise<UtilityRecord> {
    const [row] = await db.update(t).set(values).where(eq(t.id, id)).returning();
    return row!;
  },
};
