import { and, count, desc, eq, gt, lte, max, min } from 'drizzle-orm';

import type { DbOrTx } from '../../platform/db/client';
import { tdsConfigurations, tdsInterestRates } from './payments.tables';

export type TdsConfigRecord = typeof tdsConfigurations.$inferSelect;
export type TdsInterestRecord = typeof tdsInterestRates.$inferSelect;

const page = (q: { pageNumber: number; pageSize: number }) => ({ limit: q.pageSize, offset: (q.pageNumber - 1) * q.pageSize });

/** Every query of the TDS tables (issue 13). */
export const tdsRepository = {
  /** One user's declarations, newest effective date first, paged in SQL. */
  listConfigs: async (db: DbOrTx, userId: string, q: { pageNumber: number; pageSize: number }) => {
    const where = eq(tdsConfigurations.userId, userId);
    const { limit, offset } = page(q);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(tdsConfigurations)
        .where(where)
        .orderBy(desc(tdsConfigurations.effectiveFrom), tdsConfigurations.head, desc(tdsConfigurations.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(tdsConfigurations).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },
  /** Per head, the effective date of the user's declaration in force on `on` (the latest not after it). */
  currentFromByHead: (db: DbOrTx, userId: string, on: string) =>
    db
      .select({ head: tdsConfigurations.head, from: max(tdsConfigurations.effectiveFrom) })
      .from(tdsConfigurations)
      .where(and(eq(tdsConfigurations.userId, userId), lte(tdsConfigurations.effectiveFrom, on)))
      .groupBy(tdsConfigurations.head),
  /** The user's declarations in force on `on`, one per head. */
  inForce: async (db: DbOrTx, userId: string, on: string) =>
    db
      .selectDistinctOn([tdsConfigurations.head])
      .from(tdsConfigurations)
      .where(and(eq(tdsConfigurations.userId, userId), lte(tdsConfigurations.effectiveFrom, on)))
      .orderBy(tdsConfigurations.head, desc(tdsConfigurations.effectiveFrom)),
  /** Per head, the first of the user's declarations after `on`. */
  upcomingByHead: (db: DbOrTx, userId: string, on: string) =>
    db
      .select({ head: tdsConfigurations.head, from: min(tdsConfigurations.effectiveFrom) })
      .from(tdsConfigurations)
      .where(and(eq(tdsConfigurations.userId, userId), gt(tdsConfigurations.effectiveFrom, on)))
      .groupBy(tdsConfigurations.head),
  /** The user's declaration on `head` in force on `on` (the latest effective date not after it), if any. */
  declarationOn: async (db: DbOrTx, userId: string, head: string, on: string) =>
    (
      await db
        .select()
        .from(tdsConfigurations)
        .where(and(eq(tdsConfigurations.userId, userId), eq(tdsConfigurations.head, head), lte(tdsConfigurations.effectiveFrom, on)))
        .orderBy(desc(tdsConfigurations.effectiveFrom))
        .limit(1)
    )[0],
  anyInForce: async (db: DbOrTx, userId: string, on: string) =>
    (
      await db
        .select({ id: tdsConfigurations.id })
        .from(tdsConfigurations)
        .where(and(eq(tdsConfigurations.userId, userId), lte(tdsConfigurations.effectiveFrom, on)))
        .limit(1)
    ).length > 0,
  findConfigForUpdate: async (db: DbOrTx, id: string) =>
    (await db.select().from(tdsConfigurations).where(eq(tdsConfigurations.id, id)).limit(1).for('update'))[0],
  insertConfig: async (db: DbOrTx, v: typeof tdsConfigurations.$inferInsert) =>
    (await db.insert(tdsConfigurations).values(v).returning())[0]!,
  updateConfig: async (db: DbOrTx, id: string, v: Partial<typeof tdsConfigurations.$inferInsert>) =>
    (await db.update(tdsConfigurations).set(v).where(eq(tdsConfigurations.id, id)).returning())[0]!,

  listInterest: async (db: DbOrTx, q: { pageNumber: number; pageSize: number }) => {
    const { limit, offset } = page(q);
    const [rows, [total]] = await Promise.all([
      db.select().from(tdsInterestRates).orderBy(desc(tdsInterestRates.effectiveFrom)).limit(limit).offset(offset),
      db.select({ n: count() }).from(tdsInterestRates),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },
  /** The interest rate in force on a date: the latest effective date on or before it. */
  interestOn: async (db: DbOrTx, on: string) =>
    (
      await db
        .select()
        .from(tdsInterestRates)
        .where(lte(tdsInterestRates.effectiveFrom, on))
        .orderBy(desc(tdsInterestRates.effectiveFrom))
        .limit(1)
    )[0],
  findInterestForUpdate: async (db: DbOrTx, id: string) =>
    (await db.select().from(tdsInterestRates).where(eq(tdsInterestRates.id, id)).limit(1).for('update'))[0],
  insertInterest: async (db: DbOrTx, v: typeof tdsInterestRates.$inferInsert) =>
    (await db.insert(tdsInterestRates).values(v).returning())[0]!,
  updateInterest: async (db: DbOrTx, id: string, v: Partial<typeof tdsInterestRates.$inferInsert>) =>
    (await db.update(tdsInterestRates).set(v).where(eq(tdsInterestRates.id, id)).returning())[0]!,
};
