import { and, asc, count, desc, eq, gte, lte, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../platform/db/client';
import { bankDetails, chargeRates, dues, holidays, settings } from './configuration.tables';

export type ChargeRateRecord = typeof chargeRates.$inferSelect;
export type DueRecord = typeof dues.$inferSelect;
export type BankDetailRecord = typeof bankDetails.$inferSelect;

export const configurationRepository = {
  listCharges: (db: DbOrTx) => db.select().from(chargeRates).orderBy(asc(chargeRates.head), desc(chargeRates.effectiveFrom)),
  findCharge: async (db: DbOrTx, id: string) =>
    (await db.select().from(chargeRates).where(eq(chargeRates.id, id)).limit(1).for('update'))[0],
  insertCharge: async (db: DbOrTx, v: typeof chargeRates.$inferInsert) => (await db.insert(chargeRates).values(v).returning())[0]!,
  updateCharge: async (db: DbOrTx, id: string, v: Partial<typeof chargeRates.$inferInsert>) =>
    (await db.update(chargeRates).set(v).where(eq(chargeRates.id, id)).returning())[0]!,
  deleteCharge: (db: DbOrTx, id: string) => db.delete(chargeRates).where(eq(chargeRates.id, id)),
  /** The value of a head in force on a date: the latest effective date on or before it. */
  rateOn: async (db: DbOrTx, head: string, on: string) =>
    (
      await db
        .select()
        .from(chargeRates)
        .where(and(eq(chargeRates.head, head), lte(chargeRates.effectiveFrom, on)))
        .orderBy(desc(chargeRates.effectiveFrom))
        .limit(1)
    )[0],

  listSettings: (db: DbOrTx) => db.select().from(settings).orderBy(asc(settings.key), desc(settings.effectiveFrom)),
  findSetting: async (db: DbOrTx, id: string) => (await db.select().from(settings).where(eq(settings.id, id)).limit(1).for('update'))[0],
  insertSetting: async (db: DbOrTx, v: typeof settings.$inferInsert) => (await db.insert(settings).values(v).returning())[0]!,
  deleteSetting: (db: DbOrTx, id: string) => db.delete(settings).where(eq(settings.id, id)),
  settingOn: async (db: DbOrTx, key: string, on: string) =>
    (
      await db
        .select()
        .from(settings)
        .where(and(eq(settings.key, key), lte(settings.effectiveFrom, on)))
        .orderBy(desc(settings.effectiveFrom))
        .limit(1)
    )[0],

  listHolidays: (db: DbOrTx, year?: number) =>
    db
      .select()
      .from(holidays)
      .where(year ? and(gte(holidays.date, `${year}-01-01`), lte(holidays.date, `${year}-12-31`)) : undefined)
      .orderBy(asc(holidays.date)),
  holidaysBetween: (db: DbOrTx, from: string, to: string) =>
    db
      .select({ date: holidays.date })
      .from(holidays)
      .where(and(gte(holidays.date, from), lte(holidays.date, to))),
  findHoliday: async (db: DbOrTx, id: string) => (await db.select().from(holidays).where(eq(holidays.id, id)).limit(1).for('update'))[0],
  insertHoliday: async (db: DbOrTx, v: typeof holidays.$inferInsert) => (await db.insert(holidays).values(v).returning())[0]!,
  updateHoliday: async (db: DbOrTx, id: string, v: Partial<typeof holidays.$inferInsert>) =>
    (await db.update(holidays).set(v).where(eq(holidays.id, id)).returning())[0]!,
  deleteHoliday: (db: DbOrTx, id: string) => db.delete(holidays).where(eq(holidays.id, id)),

  listBankDetails: (db: DbOrTx) => db.select().from(bankDetails).orderBy(desc(bankDetails.effectiveFrom)),
  findBankDetail: async (db: DbOrTx, id: string) =>
    (await db.select().from(bankDetails).where(eq(bankDetails.id, id)).limit(1).for('update'))[0],
  insertBankDetail: async (db: DbOrTx, v: typeof bankDetails.$inferInsert) => (await db.insert(bankDetails).values(v).returning())[0]!,
  updateBankDetail: async (db: DbOrTx, id: string, v: Partial<typeof bankDetails.$inferInsert>) =>
    (await db.update(bankDetails).set(v).where(eq(bankDetails.id, id)).returning())[0]!,
  deleteBankDetail: (db: DbOrTx, id: string) => db.delete(bankDetails).where(eq(bankDetails.id, id)),

  /** The due a record was raised for one head (one per record and head, `dues_record_head_uq`). */
  dueOf: async (db: DbOrTx, recordType: string, recordId: string, head: string) =>
    (
      await db
        .select()
        .from(dues)
        .where(and(eq(dues.recordType, recordType), eq(dues.recordId, recordId), eq(dues.head, head)))
        .limit(1)
    )[0],
  insertDue: async (db: DbOrTx, v: typeof dues.$inferInsert) => (await db.insert(dues).values(v).returning())[0]!,
  findDues: async (db: DbOrTx, payerUserId: string, q: { pageNumber: number; pageSize: number; status?: string }) => {
    const where = and(eq(dues.payerUserId, payerUserId), q.status ? eq(dues.status, q.status) : sql`true`);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(dues)
        .where(where)
        .orderBy(desc(dues.createdAt), desc(dues.id))
        .limit(q.pageSize)
        .offset((q.pageNumber - 1) * q.pageSize),
      db.select({ n: count() }).from(dues).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },
};
