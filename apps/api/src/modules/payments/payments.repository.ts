import { and, count, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../platform/db/client';
import { dues } from '../configuration/configuration.tables';
import { files } from '../files/files.tables';
import { users } from '../users/users.tables';
import { paymentCredits, paymentReceipts, payments } from './payments.tables';

export type PaymentRecord = typeof payments.$inferSelect;
export type DueRecord = typeof dues.$inferSelect;

/** Paid, TDS, pending and credit per due, from the payments (one aggregate, joined to the dues). */
const totals = (db: DbOrTx) =>
  db
    .select({
      dueId: payments.dueId,
      paid: sql<number>`coalesce(sum(${payments.amountPaise}) filter (where ${payments.status} = 'APPROVED'), 0)`
        .mapWith(Number)
        .as('paid'),
      tds: sql<number>`coalesce(sum(${payments.tdsAmountPaise}) filter (where ${payments.status} = 'APPROVED'), 0)`
        .mapWith(Number)
        .as('tds'),
      credit: sql<number>`coalesce(sum(${payments.excessPaise}) filter (where ${payments.status} = 'APPROVED'), 0)`
        .mapWith(Number)
        .as('credit'),
      pending: sql<number>`coalesce(sum(${payments.amountPaise}) filter (where ${payments.status} = 'PENDING'), 0)`
        .mapWith(Number)
        .as('pending'),
      pendingCount: sql<number>`count(*) filter (where ${payments.status} = 'PENDING')`.mapWith(Number).as('pending_count'),
    })
    .from(payments)
    .groupBy(payments.dueId)
    .as('totals');

/** The payer's display name: the entity's name, else the person's. */
const payerName = sql<string>`coalesce(nullif(${users.entityName}, ''), ${users.firstName} || ' ' || ${users.lastName})`;

/**
 * Decision 0071: a trader acts for an application it filed or whose trader registration it owns (the
 * applications' record scope, applications.repository scopeOf). `appId` is an SQL text expression.
 */
const traderActsFor = (traderId: string, appId: SQL) => sql`exists (
  select 1 from applications ta where ta.id::text = ${appId}
     and (ta.created_by_user_id = ${traderId}
          or exists (select 1 from registrations tr where tr.id = ta.trader_registration_id and tr.owner_user_id = ${traderId})))`;
/** A charge of an application the trader acts for: the application's own dues, or its allocations' price dues. */
const traderCharge = (traderId: string, recordType: SQL, recordId: SQL) => sql`(
  (${recordType} = 'Application' and ${traderActsFor(traderId, recordId)})
  or (${recordType} = 'EBiddingApplication' and exists (
        select 1 from ebidding_applications tea
         where tea.id::text = ${recordId} and ${traderActsFor(traderId, sql`tea.application_id::text`)})))`;

/** Who lists, reads and pays dues (payments.access). */
export interface DuePayer {
  id: string;
  role: string;
}
/**
 * The dues a payer may read and pay, as a condition on `dues`: its own; for a trader also the dues of
 * the applications it acts for (the applicant's fee and charges, their e-bidding price dues, and the
 * late-payment interest raised on those), decision 0071.
 */
export function payableBy(payer: DuePayer): SQL {
  if (payer.role !== 'Trader') return eq(dues.payerUserId, payer.id);
  return sql`(${dues.payerUserId} = ${payer.id}
    or ${traderCharge(payer.id, sql`${dues.recordType}`, sql`${dues.recordId}`)}
    or (${dues.recordType} = 'Due' and exists (
          select 1 from dues pd where pd.id::text = ${dues.recordId} and ${traderCharge(payer.id, sql`pd.record_type`, sql`pd.record_id`)})))`;
}

export interface DueListFilter {
  pageNumber: number;
  pageSize: number;
  /** The payer whose dues are listed (payableBy); none: every payer's (the SLDC roles). */
  payer?: DuePayer;
  paid?: 'true' | 'false';
  recordType?: string;
  status?: string;
  /** Only dues unpaid (Due) whose due date is before this IST date ('YYYY-MM-DD'): overdue (decision 0084). */
  overdueBefore?: string;
}

function dueRowsQuery(db: DbOrTx) {
  const t = totals(db);
  return db
    .select({
      due: dues,
      payerName,
      paid: sql<number>`coalesce(${t.paid}, 0)`.mapWith(Number),
      tds: sql<number>`coalesce(${t.tds}, 0)`.mapWith(Number),
      credit: sql<number>`coalesce(${t.credit}, 0)`.mapWith(Number),
      pending: sql<number>`coalesce(${t.pending}, 0)`.mapWith(Number),
      pendingCount: sql<number>`coalesce(${t.pendingCount}, 0)`.mapWith(Number),
    })
    .from(dues)
    .innerJoin(users, eq(users.id, dues.payerUserId))
    .leftJoin(t, eq(t.dueId, dues.id));
}
export type DueWithTotals = Awaited<ReturnType<ReturnType<typeof dueRowsQuery>['execute']>>[number];

const paymentColumns = { payment: payments, payerName, proofFileName: files.originalName, receiptNo: paymentReceipts.receiptNo };
export type PaymentWithNames = { payment: PaymentRecord; payerName: string; proofFileName: string | null; receiptNo: string | null };

/** Every query of payments and of the dues they settle (the ledger's rows are read and settled here, decision 0041). */
export const paymentsRepository = {
  /** Dues with their totals, filtered and paged in SQL, newest first. */
  listDues: async (db: DbOrTx, f: DueListFilter) => {
    const conditions: SQL[] = [];
    if (f.payer) conditions.push(payableBy(f.payer));
    if (f.paid === 'true') conditions.push(eq(dues.status, 'PAID'));
    if (f.paid === 'false') conditions.push(eq(dues.status, 'DUE'));
    if (f.recordType) conditions.push(eq(dues.recordType, f.recordType));
    if (f.overdueBefore) conditions.push(eq(dues.status, 'DUE'), lt(dues.dueDate, f.overdueBefore));
    if (f.status)
      conditions.push(sql`exists (select 1 from ${payments} where ${payments.dueId} = ${dues.id} and ${payments.status} = ${f.status})`);
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [total]] = await Promise.all([
      dueRowsQuery(db)
        .where(where)
        .orderBy(desc(dues.createdAt), desc(dues.id))
        .limit(f.pageSize)
        .offset((f.pageNumber - 1) * f.pageSize),
      db.select({ n: count() }).from(dues).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },
  findDueWithTotals: async (db: DbOrTx, id: string) => (await dueRowsQuery(db).where(eq(dues.id, id)).limit(1))[0],
  /** Some dues with their totals (any order). */
  duesWithTotals: async (db: DbOrTx, ids: string[]) => (ids.length === 0 ? [] : dueRowsQuery(db).where(inArray(dues.id, ids))),
  /** Decision 0071: whether the payer may read and pay the due (payableBy). */
  mayPay: async (db: DbOrTx, payer: DuePayer, dueId: string) =>
    (
      await db
        .select({ id: dues.id })
        .from(dues)
        .where(and(eq(dues.id, dueId), payableBy(payer)))
        .limit(1)
    ).length > 0,
  findDue: async (db: DbOrTx, id: string) => (await db.select().from(dues).where(eq(dues.id, id)).limit(1))[0],
  findDueForUpdate: async (db: DbOrTx, id: string) => (await db.select().from(dues).where(eq(dues.id, id)).limit(1).for('update'))[0],
  setDueStatus: async (db: DbOrTx, id: string, status: 'DUE' | 'PAID') => {
    await db.update(dues).set({ status }).where(eq(dues.id, id));
  },
  /** Approved amount and TDS of a due (inside the transaction that holds the due's lock). */
  approvedTotals: async (db: DbOrTx, dueId: string) => {
    const [r] = await db
      .select({
        paid: sql<number>`coalesce(sum(${payments.amountPaise}), 0)`.mapWith(Number),
        tds: sql<number>`coalesce(sum(${payments.tdsAmountPaise}), 0)`.mapWith(Number),
      })
      .from(payments)
      .where(and(eq(payments.dueId, dueId), eq(payments.status, 'APPROVED')));
    return { paid: r?.paid ?? 0, tds: r?.tds ?? 0 };
  },
  /** TDS claimed on a due by its payments not reverted (pending or approved): what a new claim's maximum is reduced by. */
  claimedTds: async (db: DbOrTx, dueId: string) => {
    const [r] = await db
      .select({ tds: sql<number>`coalesce(sum(${payments.tdsAmountPaise}), 0)`.mapWith(Number) })
      .from(payments)
      .where(and(eq(payments.dueId, dueId), sql`${payments.status} <> 'REVERTED'`));
    return r?.tds ?? 0;
  },

  /** The payments of some dues with the payer's and the proof's names, newest first. */
  paymentsOfDues: async (db: DbOrTx, dueIds: string[]): Promise<PaymentWithNames[]> =>
    dueIds.length === 0
      ? []
      : db
          .select(paymentColumns)
          .from(payments)
          .innerJoin(users, eq(users.id, payments.payerUserId))
          .leftJoin(files, eq(files.id, payments.proofFileId))
          .leftJoin(paymentReceipts, eq(paymentReceipts.paymentId, payments.id))
          .where(inArray(payments.dueId, dueIds))
          .orderBy(desc(payments.madeAt), desc(payments.id)),
  findPaymentWithNames: async (db: DbOrTx, id: string): Promise<PaymentWithNames | undefined> =>
    (
      await db
        .select(paymentColumns)
        .from(payments)
        .innerJoin(users, eq(users.id, payments.payerUserId))
        .leftJoin(files, eq(files.id, payments.proofFileId))
        .leftJoin(paymentReceipts, eq(paymentReceipts.paymentId, payments.id))
        .where(eq(payments.id, id))
        .limit(1)
    )[0],
  /** The due of a payment (never changes: read without a lock to lock the due before the payment). */
  dueIdOfPayment: async (db: DbOrTx, id: string) =>
    (await db.select({ dueId: payments.dueId }).from(payments).where(eq(payments.id, id)).limit(1))[0]?.dueId,
  findPaymentForUpdate: async (db: DbOrTx, id: string) =>
    (await db.select().from(payments).where(eq(payments.id, id)).limit(1).for('update'))[0],
  /** Another payment with the reference that is pending or approved (the partial unique index backs this up). */
  liveWithReference: async (db: DbOrTx, reference: string, exceptId?: string) =>
    (
      await db
        .select({ id: payments.id, status: payments.status })
        .from(payments)
        .where(
          and(
            eq(payments.reference, reference),
            sql`${payments.status} <> 'REVERTED'`,
            exceptId ? sql`${payments.id} <> ${exceptId}` : undefined,
          ),
        )
        .limit(1)
    )[0],
  insertPayment: async (db: DbOrTx, v: typeof payments.$inferInsert) => (await db.insert(payments).values(v).returning())[0]!,
  updatePayment: async (db: DbOrTx, id: string, v: Partial<typeof payments.$inferInsert>) =>
    (await db.update(payments).set(v).where(eq(payments.id, id)).returning())[0]!,
  insertCredit: async (db: DbOrTx, v: typeof paymentCredits.$inferInsert) => (await db.insert(paymentCredits).values(v).returning())[0]!,
  /** The payer of a payment (the proof file's read check). */
  payerOfPayment: async (db: DbOrTx, id: string) =>
    (await db.select({ payerUserId: payments.payerUserId }).from(payments).where(eq(payments.id, id)).limit(1))[0]?.payerUserId,
};
