import { and, asc, count, desc, eq, inArray, isNotNull, lte, ne, type SQL, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../platform/db/client';
import { applications } from '../applications/applications.tables';
import { dues } from '../configuration/configuration.tables';
import { eBiddingApplications, eBiddingInvitations } from '../e-bidding/e-bidding.tables';
import { users } from '../users/users.tables';
import { type DuePayer, payableBy } from './payments.repository';
import { payments } from './payments.tables';
import { type BankStatementRecord, bankStatements, type StoredMatching } from './reconciliation.tables';

export type { BankStatementRecord, StoredMatching };

/**
 * The SQL of reconciliation (decision 0055): the totals by month and charge head (aggregated in
 * the database), the stored bank statements, the payments a statement is matched against, the
 * payer's e-bidding allocations and the rows of the payment list export.
 */

const num = (q: SQL) => sql<number>`coalesce(${q}, 0)`.mapWith(Number);
const ist = (col: SQL | typeof dues.createdAt) => sql<string>`to_char(${col} at time zone 'Asia/Kolkata', 'YYYY-MM')`;
/** The IST midnight starting a 'YYYY-MM-DD' day, as an instant. */
const istStart = (day: string) => sql`(${day}::date::timestamp at time zone 'Asia/Kolkata')`;

/** Paid and TDS of approved payments and pending amounts, per due (joined to the dues). */
const perDue = (db: DbOrTx) =>
  db
    .select({
      dueId: payments.dueId,
      paid: num(sql`sum(${payments.amountPaise}) filter (where ${payments.status} = 'APPROVED')`).as('paid'),
      tds: num(sql`sum(${payments.tdsAmountPaise}) filter (where ${payments.status} = 'APPROVED')`).as('tds'),
      pending: num(sql`sum(${payments.amountPaise}) filter (where ${payments.status} = 'PENDING')`).as('pending'),
    })
    .from(payments)
    .groupBy(payments.dueId)
    .as('per_due');

const payerName = sql<string>`coalesce(nullif(${users.entityName}, ''), ${users.firstName} || ' ' || ${users.lastName})`;

export const reconciliationRepository = {
  /** Totals and per-head figures of every due (cancelled dues count nowhere but in what was paid on them). */
  byHead: async (db: DbOrTx, asOf: string) => {
    const t = perDue(db);
    const balance = sql`greatest(0, ${dues.totalPaise} - coalesce(${t.paid}, 0) - coalesce(${t.tds}, 0))`;
    return db
      .select({
        head: dues.head,
        due: num(sql`sum(${dues.totalPaise}) filter (where ${dues.status} <> 'CANCELLED')`),
        received: num(sql`sum(${t.paid})`),
        tds: num(sql`sum(${t.tds})`),
        pendingApproval: num(sql`sum(${t.pending})`),
        outstanding: num(sql`sum(${balance}) filter (where ${dues.status} = 'DUE')`),
        overdue: num(sql`sum(${balance}) filter (where ${dues.status} = 'DUE' and ${dues.dueDate} < ${asOf})`),
      })
      .from(dues)
      .leftJoin(t, eq(t.dueId, dues.id))
      .groupBy(dues.head)
      .orderBy(asc(dues.head));
  },
  /** Dues raised per IST month since `from` (a month's first day). */
  duesByMonth: async (db: DbOrTx, from: string) =>
    db
      .select({ month: ist(dues.createdAt), amount: num(sql`sum(${dues.totalPaise})`) })
      .from(dues)
      .where(and(ne(dues.status, 'CANCELLED'), sql`${dues.createdAt} >= ${istStart(from)}`))
      .groupBy(sql`1`),
  /** Approved amounts per IST month of approval, and pending amounts per IST month of submission, since `from`. */
  paymentsByMonth: async (db: DbOrTx, from: string) =>
    db
      .select({
        month: ist(sql`case when ${payments.status} = 'APPROVED' then ${payments.checkedAt} else ${payments.madeAt} end`),
        received: num(sql`sum(${payments.amountPaise}) filter (where ${payments.status} = 'APPROVED')`),
        pending: num(sql`sum(${payments.amountPaise}) filter (where ${payments.status} = 'PENDING')`),
      })
      .from(payments)
      .where(
        and(
          inArray(payments.status, ['APPROVED', 'PENDING']),
          sql`(case when ${payments.status} = 'APPROVED' then ${payments.checkedAt} else ${payments.madeAt} end) >= ${istStart(from)}`,
        ),
      )
      .groupBy(sql`1`),

  /** The payment of each reference: the pending one first, else the approved, else the latest reverted. */
  paymentsByReference: async (db: DbOrTx, references: string[]) =>
    references.length === 0
      ? []
      : db
          .selectDistinctOn([payments.reference], {
            id: payments.id,
            reference: payments.reference,
            amount: payments.amountPaise,
            status: payments.status,
          })
          .from(payments)
          .where(inArray(payments.reference, references))
          .orderBy(
            payments.reference,
            sql`case ${payments.status} when 'PENDING' then 0 when 'APPROVED' then 1 else 2 end`,
            desc(payments.madeAt),
          ),
  /** Ids of the payments pending approval made on or before a date, oldest first. */
  pendingUpTo: async (db: DbOrTx, date: string) =>
    (
      await db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.status, 'PENDING'), lte(payments.paymentDate, date)))
        .orderBy(asc(payments.paymentDate), asc(payments.madeAt))
    ).map((r) => r.id),
  /** Payments as the statement shows them, with the payer's name and the due's description. */
  statementPayments: async (db: DbOrTx, ids: string[]) =>
    ids.length === 0
      ? []
      : db
          .select({
            id: payments.id,
            dueId: payments.dueId,
            payerName,
            description: dues.description,
            reference: payments.reference,
            paymentDate: payments.paymentDate,
            amount: payments.amountPaise,
            madeBy: payments.madeBy,
            status: payments.status,
          })
          .from(payments)
          .innerJoin(users, eq(users.id, payments.payerUserId))
          .innerJoin(dues, eq(dues.id, payments.dueId))
          .where(inArray(payments.id, ids)),

  insertStatement: async (db: DbOrTx, v: typeof bankStatements.$inferInsert) => (await db.insert(bankStatements).values(v).returning())[0]!,
  /** The last statement uploaded (or the one with `id`), with its uploader's name. */
  statement: async (db: DbOrTx, id?: string) =>
    (
      await db
        .select({ s: bankStatements, uploadedByName: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
        .from(bankStatements)
        .innerJoin(users, eq(users.id, bankStatements.uploadedBy))
        .where(id ? eq(bankStatements.id, id) : undefined)
        .orderBy(desc(bankStatements.uploadedAt), desc(bankStatements.id))
        .limit(1)
    )[0],

  /** The payer's e-bidding allocations that raised a price due (a trader's: also its applicants', decision 0071), newest first, one page. */
  allocations: async (db: DbOrTx, payer: DuePayer, q: { pageNumber: number; pageSize: number }) => {
    const where = and(payableBy(payer), isNotNull(eBiddingApplications.dueId));
    const base = () =>
      db
        .select({
          id: eBiddingApplications.id,
          invitationId: eBiddingInvitations.id,
          bidInvitationNo: eBiddingInvitations.bidInvitationNo,
          applicationId: applications.id,
          applicationNo: applications.applicationNo,
          status: eBiddingApplications.status,
          allocatedCenti: eBiddingApplications.allocatedCenti,
          applicablePriceTt: eBiddingApplications.applicablePriceTt,
          dueId: eBiddingApplications.dueId,
        })
        .from(eBiddingApplications)
        .innerJoin(eBiddingInvitations, eq(eBiddingInvitations.id, eBiddingApplications.invitationId))
        .innerJoin(applications, eq(applications.id, eBiddingApplications.applicationId))
        .innerJoin(dues, eq(dues.id, eBiddingApplications.dueId));
    const [rows, [total]] = await Promise.all([
      base()
        .where(where)
        .orderBy(desc(dues.createdAt), desc(eBiddingApplications.id))
        .limit(q.pageSize)
        .offset((q.pageNumber - 1) * q.pageSize),
      db.select({ n: count() }).from(eBiddingApplications).innerJoin(dues, eq(dues.id, eBiddingApplications.dueId)).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },
};
