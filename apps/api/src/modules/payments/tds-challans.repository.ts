import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../platform/db/client';
import { dues } from '../configuration/configuration.tables';
import { files } from '../files/files.tables';
import { users } from '../users/users.tables';
import { payments } from './payments.tables';
import { tdsChallans } from './tds-challans.tables';

export type TdsChallanRecord = typeof tdsChallans.$inferSelect;
export type ChallanWithNames = { challan: TdsChallanRecord; payerName: string; fileName: string | null };

/** The payer's display name: the entity's name, else the person's. */
const payerName = sql<string>`coalesce(nullif(${users.entityName}, ''), ${users.firstName} || ' ' || ${users.lastName})`;
const challanColumns = { challan: tdsChallans, payerName, fileName: files.originalName };

export interface MonthFilter {
  pageNumber: number;
  pageSize: number;
  payerUserId?: string;
  month?: string;
  status?: string;
}

export interface MonthRow {
  payerUserId: string;
  payerName: string;
  month: string;
  deducted: number;
  deposited: number;
  pending: number;
  interest: number;
  status: string;
}

/**
 * Per payer and month: the TDS of approved payments (by the month of the payment's date) against the
 * challans (approved, pending; the interest of those not reverted), and the month's status — one
 * statement, so the list filters and pages in SQL (decision 0053).
 */
function months(f: Omit<MonthFilter, 'pageNumber' | 'pageSize'>) {
  const payerOnly = (col: SQL) => (f.payerUserId ? sql`and ${col} = ${f.payerUserId}` : sql``);
  const where: SQL[] = [sql`true`];
  if (f.month) where.push(sql`s.month = ${f.month}`);
  if (f.status) where.push(sql`s.status = ${f.status}`);
  return sql`
    with ded as (
      select p.payer_user_id, to_char(p.payment_date, 'YYYY-MM') as month, sum(p.tds_amount_paise) as deducted
      from ${payments} p
      where p.status = 'APPROVED' and p.tds_amount_paise > 0 ${payerOnly(sql`p.payer_user_id`)}
      group by 1, 2
    ), ch as (
      select c.payer_user_id, c.month,
        coalesce(sum(c.amount_paise) filter (where c.status = 'APPROVED'), 0) as deposited,
        coalesce(sum(c.amount_paise) filter (where c.status = 'PENDING'), 0) as pending,
        count(*) filter (where c.status = 'PENDING') as pending_count,
        coalesce(sum(c.interest_paise) filter (where c.status <> 'REVERTED'), 0) as interest
      from ${tdsChallans} c
      where true ${payerOnly(sql`c.payer_user_id`)}
      group by 1, 2
    ), m as (
      select coalesce(ded.payer_user_id, ch.payer_user_id) as payer_user_id, coalesce(ded.month, ch.month) as month,
        coalesce(ded.deducted, 0) as deducted, coalesce(ch.deposited, 0) as deposited, coalesce(ch.pending, 0) as pending,
        coalesce(ch.pending_count, 0) as pending_count, coalesce(ch.interest, 0) as interest
      from ded full outer join ch on ch.payer_user_id = ded.payer_user_id and ch.month = ded.month
    ), s as (
      select m.*, case
        when m.pending_count > 0 then 'PENDING_APPROVAL'
        when m.deposited = 0 then 'NOT_DEPOSITED'
        when m.deposited < m.deducted then 'SHORT'
        when m.deposited = m.deducted then 'RECONCILED'
        else 'EXCESS' end as status
      from m
    )
    select s.payer_user_id, s.month, s.deducted, s.deposited, s.pending, s.interest, s.status,
      coalesce(nullif(u.entity_name, ''), u.first_name || ' ' || u.last_name) as payer_name
    from s join ${users} u on u.id = s.payer_user_id
    where ${sql.join(where, sql` and `)}`;
}

type Raw = Record<string, unknown>;
const rowsOf = (res: unknown) => (res as { rows: Raw[] }).rows;

/** Every query of TDS challans and of the TDS deducted they are matched with (decision 0053). */
export const tdsChallansRepository = {
  listMonths: async (db: DbOrTx, f: MonthFilter) => {
    const base = months(f);
    const [rows, counted] = await Promise.all([
      db.execute(
        sql`${base} order by s.month desc, payer_name, s.payer_user_id limit ${f.pageSize} offset ${(f.pageNumber - 1) * f.pageSize}`,
      ),
      db.execute(sql`select count(*) as n from (${base}) x`),
    ]);
    return {
      rows: rowsOf(rows).map((r): MonthRow => ({
        payerUserId: String(r.payer_user_id),
        payerName: String(r.payer_name),
        month: String(r.month),
        deducted: Number(r.deducted),
        deposited: Number(r.deposited),
        pending: Number(r.pending),
        interest: Number(r.interest),
        status: String(r.status),
      })),
      total: Number(rowsOf(counted)[0]?.n ?? 0),
    };
  },
  /** The challans of some payers' months, newest first. */
  challansOf: async (db: DbOrTx, keys: { payerUserId: string; month: string }[]): Promise<ChallanWithNames[]> =>
    keys.length === 0
      ? []
      : db
          .select(challanColumns)
          .from(tdsChallans)
          .innerJoin(users, eq(users.id, tdsChallans.payerUserId))
          .leftJoin(files, eq(files.id, tdsChallans.fileId))
          .where(
            and(
              inArray(tdsChallans.payerUserId, [...new Set(keys.map((k) => k.payerUserId))]),
              inArray(tdsChallans.month, [...new Set(keys.map((k) => k.month))]),
            ),
          )
          .orderBy(desc(tdsChallans.madeAt), desc(tdsChallans.id)),
  findWithNames: async (db: DbOrTx, id: string): Promise<ChallanWithNames | undefined> =>
    (
      await db
        .select(challanColumns)
        .from(tdsChallans)
        .innerJoin(users, eq(users.id, tdsChallans.payerUserId))
        .leftJoin(files, eq(files.id, tdsChallans.fileId))
        .where(eq(tdsChallans.id, id))
        .limit(1)
    )[0],
  findForUpdate: async (db: DbOrTx, id: string) =>
    (await db.select().from(tdsChallans).where(eq(tdsChallans.id, id)).limit(1).for('update'))[0],
  /** A challan not reverted with the same BSR code, date and number (the partial unique index backs this up). */
  liveWithCin: async (db: DbOrTx, v: { bsrCode: string; challanDate: string; challanNo: string }) =>
    (
      await db
        .select({ id: tdsChallans.id })
        .from(tdsChallans)
        .where(
          and(
            eq(tdsChallans.bsrCode, v.bsrCode),
            eq(tdsChallans.challanDate, v.challanDate),
            eq(tdsChallans.challanNo, v.challanNo),
            sql`${tdsChallans.status} <> 'REVERTED'`,
          ),
        )
        .limit(1)
    )[0],
  /** TDS of the payer's approved payments dated in the month, and of its approved challans other than `exceptId`. */
  monthTotals: async (db: DbOrTx, payerUserId: string, month: string, exceptId?: string) => {
    const [d] = await db
      .select({ n: sql<number>`coalesce(sum(${payments.tdsAmountPaise}), 0)`.mapWith(Number) })
      .from(payments)
      .where(
        and(
          eq(payments.payerUserId, payerUserId),
          eq(payments.status, 'APPROVED'),
          sql`to_char(${payments.paymentDate}, 'YYYY-MM') = ${month}`,
        ),
      );
    const [c] = await db
      .select({ n: sql<number>`coalesce(sum(${tdsChallans.amountPaise}), 0)`.mapWith(Number) })
      .from(tdsChallans)
      .where(
        and(
          eq(tdsChallans.payerUserId, payerUserId),
          eq(tdsChallans.month, month),
          eq(tdsChallans.status, 'APPROVED'),
          exceptId ? sql`${tdsChallans.id} <> ${exceptId}` : undefined,
        ),
      );
    return { deducted: d?.n ?? 0, deposited: c?.n ?? 0 };
  },
  insert: async (db: DbOrTx, v: typeof tdsChallans.$inferInsert) => (await db.insert(tdsChallans).values(v).returning())[0]!,
  update: async (db: DbOrTx, id: string, v: Partial<typeof tdsChallans.$inferInsert>) =>
    (await db.update(tdsChallans).set(v).where(eq(tdsChallans.id, id)).returning())[0]!,
  /** The payer of a challan (the challan file's read check). */
  payerOf: async (db: DbOrTx, id: string) =>
    (await db.select({ payerUserId: tdsChallans.payerUserId }).from(tdsChallans).where(eq(tdsChallans.id, id)).limit(1))[0]?.payerUserId,
  /** The payments with TDS against the dues of one record (an application's, a registration's, …), oldest first. */
  tdsLinesOfRecord: async (db: DbOrTx, recordId: string, payerUserId?: string) =>
    db
      .select({ payment: payments, due: { head: dues.head, description: dues.description }, payerName })
      .from(payments)
      .innerJoin(dues, eq(dues.id, payments.dueId))
      .innerJoin(users, eq(users.id, payments.payerUserId))
      .where(
        and(
          eq(dues.recordId, recordId),
          sql`${payments.tdsAmountPaise} > 0`,
          payerUserId ? eq(payments.payerUserId, payerUserId) : undefined,
        ),
      )
      .orderBy(payments.paymentDate, payments.madeAt),
};
