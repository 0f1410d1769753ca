import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import { FEE_HEADS } from '@stoa/shared/configuration';
import type { BankAccount, Refund, RefundableState, RefundSource, RefundStatus } from '@stoa/shared/payments';

import type { DbOrTx } from '../../platform/db/client';
import { users } from '../users/users.tables';
import { INTEREST_HEAD, INTEREST_RECORD_TYPE } from './interest.repository';
import { paymentCredits } from './payments.tables';
import { type RefundRecord, refunds } from './refunds.tables';

/**
 * Every query of refunds (decision 0054). The refundable items are a union in SQL of the over-payment
 * credits (payment_credits with their due), the curtailment refunds (curtailment_items with a refund)
 * and the refunds of approved downward revisions (revisions.refund_paise, decision 0061) — both once
 * the application's STU transmission charge is paid — and the charges paid on a rejected application
 * (decision 0064), with the refunds made from them summed per item; filtered and paged in SQL. An item
 * is its payer's: who paid the money refunded (decision 0078: a trader that paid its applicant's charge).
 */

/** The fee heads, never refunded (DOMAIN.md §6), as an SQL list. */
const FEES = sql.join(
  FEE_HEADS.map((h) => sql`${h}`),
  sql`, `,
);

/**
 * Decisions 0064, 0071 and 0078: every approved payment on the dues `dueWhere` selects (an SQL condition
 * on `d`), with its payer — who made it: the due's payer, or a trader paying for its applicant — its
 * cash (the amount less the part beyond its due, an over-payment credit refunded on its own) and the
 * TDS accepted with it: the room the due had left after all the cash (`total − Σ cash`, TDS is never
 * credited, decision 0041) taken by the payments' TDS in the order they were approved. Summed over a
 * due's payments the TDS is 0071's `least(Σ TDS, total − Σ cash)`, never below 0.
 */
const acceptedPayments = (dueWhere: SQL) => sql`
  select p.due_id, p.payer_user_id, p.amount_paise - p.excess_paise as cash,
         greatest(0, least(p.tds_amount_paise,
           greatest(0, d.total_paise - sum(p.amount_paise - p.excess_paise) over (partition by d.id))
             - coalesce(sum(p.tds_amount_paise) over (partition by d.id order by p.checked_at, p.id
                                                      rows between unbounded preceding and 1 preceding), 0))) as tds
    from dues d join payments p on p.due_id = d.id and p.status = 'APPROVED'
   where ${dueWhere}`;

/**
 * Decisions 0064, 0071 and 0078: what was paid on an application's charges — its own dues and the
 * e-bidding price dues of its allocations, fees left out — per payer: `amount` = cash + accepted TDS,
 * `tds`. `appId` is an SQL uuid expression.
 */
const paidChargesOf = (appId: SQL) => sql`
  select x.payer_user_id, sum(x.cash + x.tds) as amount, sum(x.tds) as tds
    from (${acceptedPayments(sql`d.head not in (${FEES})
             and ((d.record_type = 'Application' and d.record_id = ${appId}::text)
               or (d.record_type = 'EBiddingApplication'
                   and d.record_id in (select ea.id::text from ebidding_applications ea where ea.application_id = ${appId})))`)}) x
   group by x.payer_user_id`;

/**
 * Decision 0078: a refund of `amount` on an application's STU transmission charge (a curtailment's or
 * a revision's, 0054, 0061), shared among who paid that charge in proportion to what each paid (cash
 * and accepted TDS), in whole paise: each share rounded down, the rest to the largest payer (ties by
 * user id). Nothing when no payment is recorded (the caller falls back to the applicant).
 */
const transmissionSharesOf = (appId: SQL, amount: SQL) => sql`
  select s.payer_user_id, s.base + case when s.rn = 1 then ${amount} - sum(s.base) over () else 0 end as amount
    from (select t.payer_user_id, floor(${amount} * t.paid / sum(t.paid) over ())::bigint as base,
                 row_number() over (order by t.paid desc, t.payer_user_id) as rn
            from (select x.payer_user_id, sum(x.cash + x.tds) as paid
                    from (${acceptedPayments(sql`d.record_type = 'Application' and d.record_id = ${appId}::text
                             and d.head = 'STU_TRANSMISSION_CHARGE' and d.status = 'PAID'`)}) x
                   group by x.payer_user_id) t
           where t.paid > 0) s`;

/** The refundable items, one row per (source type, source id, record id). */
const ITEMS = sql`
  select 'OverPayment'::text as source_type, c.id as source_id, d.record_type, d.record_id, c.payer_user_id,
         d.description, c.amount_paise as amount, c.created_at
    from payment_credits c join dues d on d.id = c.due_id
  union all
  select 'Curtailment'::text, i.curtailment_id, 'Application'::text, i.application_id::text,
         coalesce(sh.payer_user_id, a.applicant_user_id),
         'Curtailment ' || cu.curtailment_no || ' of ' || to_char(cu.curtailment_date, 'DD/MM/YYYY') || ', application ' || a.application_no,
         coalesce(sh.amount, i.refund_paise), cu.created_on
    from curtailment_items i
    join curtailments cu on cu.id = i.curtailment_id
    join applications a on a.id = i.application_id
    left join lateral (${transmissionSharesOf(sql`i.application_id`, sql`i.refund_paise`)}) sh on true
   where i.refund_paise > 0
     and exists (select 1 from dues t where t.record_type = 'Application' and t.record_id = i.application_id::text
                 and t.head = 'STU_TRANSMISSION_CHARGE' and t.status = 'PAID')
  union all
  select 'Revision'::text, r.id, 'Application'::text, r.application_id::text, coalesce(sh.payer_user_id, a.applicant_user_id),
         'Revision ' || r.revision_no || ', application ' || a.application_no,
         coalesce(sh.amount, r.refund_paise), r.decided_at
    from revisions r
    join applications a on a.id = r.application_id
    left join lateral (${transmissionSharesOf(sql`r.application_id`, sql`r.refund_paise`)}) sh on true
   where r.status = 'Approved' and r.refund_paise > 0
     and exists (select 1 from dues t where t.record_type = 'Application' and t.record_id = r.application_id::text
                 and t.head = 'STU_TRANSMISSION_CHARGE' and t.status = 'PAID')
  union all
  select 'Rejection'::text, a.id, 'Application'::text, a.id::text, paid.payer_user_id,
         'Charges paid on rejected application ' || a.application_no || case when paid.tds > 0 then ' (TDS accepted on them included)' else '' end,
         paid.amount, a.status_since
    from applications a
    cross join lateral (${paidChargesOf(sql`a.id`)}) paid
   where a.status in ('Rejected', 'NoSTOARejected') and paid.amount > 0`;

/** Refunds made per item; an item is also its payer's (decision 0078: a charge paid by two payers is two items). */
const SUMS = sql`
  select source_type, source_id, record_id, payer_user_id,
         coalesce(sum(amount_paise) filter (where status = 'PAID'), 0) as refunded,
         coalesce(sum(amount_paise) filter (where status = 'PENDING'), 0) as pending
    from refunds group by source_type, source_id, record_id, payer_user_id`;

const PAYER_NAME = sql`coalesce(nullif(u.entity_name, ''), u.first_name || ' ' || u.last_name)`;

export interface ItemFilter {
  payerUserId?: string;
  sourceType?: RefundSource;
  state?: RefundableState;
  key?: { sourceType: RefundSource; sourceId: string; recordId: string; payerUserId?: string };
}
export interface ItemRow {
  sourceType: RefundSource;
  sourceId: string;
  recordType: string;
  recordId: string;
  payerUserId: string;
  payerName: string;
  description: string;
  createdAt: string;
  amount: number;
  refunded: number;
  pending: number;
}

function whereOf(f: ItemFilter): SQL {
  const c: SQL[] = [sql`true`];
  if (f.payerUserId) c.push(sql`items.payer_user_id = ${f.payerUserId}`);
  if (f.sourceType) c.push(sql`items.source_type = ${f.sourceType}`);
  if (f.state === 'REFUNDABLE') c.push(sql`items.amount - coalesce(s.refunded, 0) - coalesce(s.pending, 0) > 0`);
  if (f.state === 'PENDING') c.push(sql`coalesce(s.pending, 0) > 0`);
  if (f.state === 'REFUNDED') c.push(sql`coalesce(s.refunded, 0) >= items.amount`);
  if (f.key)
    c.push(
      sql`items.source_type = ${f.key.sourceType} and items.source_id::text = ${f.key.sourceId} and items.record_id = ${f.key.recordId}`,
    );
  if (f.key?.payerUserId) c.push(sql`items.payer_user_id::text = ${f.key.payerUserId}`);
  return sql.join(c, sql` and `);
}

const FROM = sql`from (${ITEMS}) items left join (${SUMS}) s
  on s.source_type = items.source_type and s.source_id = items.source_id and s.record_id = items.record_id
     and s.payer_user_id = items.payer_user_id
  join users u on u.id = items.payer_user_id`;

type Raw = Record<string, unknown>;
const toItem = (r: Raw): ItemRow => ({
  sourceType: r.source_type as RefundSource,
  sourceId: String(r.source_id),
  recordType: String(r.record_type),
  recordId: String(r.record_id),
  payerUserId: String(r.payer_user_id),
  payerName: String(r.payer_name),
  description: String(r.description),
  createdAt: new Date(r.created_at as string).toISOString(),
  amount: Number(r.amount),
  refunded: Number(r.refunded),
  pending: Number(r.pending),
});

const maker = alias(users, 'maker');
const checker = alias(users, 'checker');
const payer = alias(users, 'payer');
const refundColumns = {
  refund: refunds,
  payerName: sql<string>`coalesce(nullif(${payer.entityName}, ''), ${payer.firstName} || ' ' || ${payer.lastName})`,
  madeByName: sql<string>`${maker.firstName} || ' ' || ${maker.lastName}`,
  checkedByName: sql<string | null>`case when ${checker.id} is null then null else ${checker.firstName} || ' ' || ${checker.lastName} end`,
};
export type RefundWithNames = { refund: RefundRecord; payerName: string; madeByName: string; checkedByName: string | null };

const refundsWithNames = (db: DbOrTx) =>
  db
    .select(refundColumns)
    .from(refunds)
    .innerJoin(payer, eq(payer.id, refunds.payerUserId))
    .innerJoin(maker, eq(maker.id, refunds.madeBy))
    .leftJoin(checker, eq(checker.id, refunds.checkedBy));

export const mapRefund = (r: RefundWithNames): Refund => ({
  id: r.refund.id,
  sourceType: r.refund.sourceType,
  sourceId: r.refund.sourceId,
  recordType: r.refund.recordType,
  recordId: r.refund.recordId,
  payerUserId: r.refund.payerUserId,
  payerName: r.payerName,
  description: r.refund.description,
  amount: r.refund.amountPaise,
  bankAccount: {
    accountHolderName: r.refund.accountHolderName,
    bankName: r.refund.bankName,
    accountNumber: r.refund.accountNumber,
    ifsc: r.refund.ifsc,
  },
  remarks: r.refund.remarks,
  status: r.refund.status as RefundStatus,
  madeBy: r.refund.madeBy,
  madeByName: r.madeByName,
  madeAt: r.refund.madeAt.toISOString(),
  checkedBy: r.refund.checkedBy,
  checkedByName: r.checkedByName,
  checkedAt: r.refund.checkedAt?.toISOString() ?? null,
  checkerRemarks: r.refund.checkerRemarks,
  payoutReference: r.refund.payoutReference,
  payoutDate: r.refund.payoutDate,
});

export const refundsRepository = {
  /** What the SLDC still owes payers: every refundable item less what was paid out (pending refunds included). */
  outstandingTotal: async (db: DbOrTx): Promise<number> => {
    const r = await db.execute(sql`select coalesce(sum(items.amount - coalesce(s.refunded, 0)), 0)::text as n ${FROM}`);
    return Number((r as unknown as { rows: Raw[] }).rows[0]?.n ?? 0);
  },
  /** Refundable items with their refunded and pending sums, filtered and paged in SQL, newest first. */
  listItems: async (db: DbOrTx, f: ItemFilter, page: { pageNumber: number; pageSize: number }) => {
    const where = whereOf(f);
    const [rows, total] = await Promise.all([
      db.execute(sql`select items.source_type, items.source_id, items.record_type, items.record_id, items.payer_user_id,
          items.description, items.created_at, items.amount::text as amount, coalesce(s.refunded, 0)::text as refunded,
          coalesce(s.pending, 0)::text as pending, ${PAYER_NAME} as payer_name ${FROM} where ${where}
          order by items.created_at desc, items.source_id desc, items.record_id
          limit ${page.pageSize} offset ${(page.pageNumber - 1) * page.pageSize}`),
      db.execute(sql`select count(*)::int as n ${FROM} where ${where}`),
    ]);
    return {
      rows: (rows as unknown as { rows: Raw[] }).rows.map(toItem),
      total: Number((total as unknown as { rows: Raw[] }).rows[0]?.n ?? 0),
    };
  },

  /** Locks a refundable item's source row (credit, curtailment item or revision) so makers of the same item queue. */
  lockSource: async (db: DbOrTx, key: { sourceType: RefundSource; sourceId: string; recordId: string }) => {
    const query = {
      OverPayment: sql`select 1 from payment_credits where id::text = ${key.sourceId} for update`,
      Curtailment: sql`select 1 from curtailment_items where curtailment_id::text = ${key.sourceId} and application_id::text = ${key.recordId} for update`,
      Revision: sql`select 1 from revisions where id::text = ${key.sourceId} and application_id::text = ${key.recordId} for update`,
      Rejection: sql`select 1 from applications where id::text = ${key.sourceId} and id::text = ${key.recordId} for update`,
    }[key.sourceType];
    const res = await db.execute(query);
    return (res as unknown as { rows: Raw[] }).rows.length > 0;
  },

  /**
   * Decisions 0064, 0071, 0078: the charges paid on an application (cash and accepted TDS, fees left
   * out) per payer who paid them, largest first, with the TDS part.
   */
  paidChargesOf: async (db: DbOrTx, applicationId: string): Promise<{ payerUserId: string; amount: number; tds: number }[]> => {
    const res = (await db.execute(
      sql`select payer_user_id, amount::text as n, tds::text as t from (${paidChargesOf(sql`${applicationId}::uuid`)}) x
           where amount > 0 order by amount desc, payer_user_id`,
    )) as unknown as { rows: Raw[] };
    return res.rows.map((r) => ({ payerUserId: String(r.payer_user_id), amount: Number(r.n), tds: Number(r.t) }));
  },
  /** Decision 0064: an application's dues and its allocations' e-bidding price dues, locked in id order. */
  applicationDuesForUpdate: async (db: DbOrTx, applicationId: string) => {
    const res = (await db.execute(sql`
      select d.id, d.head, d.status, d.description, d.total_paise from dues d
       where (d.record_type = 'Application' and d.record_id = ${applicationId})
          or (d.record_type = 'EBiddingApplication'
              and d.record_id in (select ea.id::text from ebidding_applications ea where ea.application_id::text = ${applicationId}))
       order by d.id for update`)) as unknown as { rows: Raw[] };
    return res.rows.map((r) => ({
      id: String(r.id),
      head: String(r.head),
      status: String(r.status),
      description: String(r.description),
      totalPaise: Number(r.total_paise),
    }));
  },
  /**
   * Decision 0071: the payments still pending with a TDS claim on some dues, locked in id order (after
   * the dues: every path that locks both locks the due first).
   */
  pendingTdsClaimsForUpdate: async (db: DbOrTx, dueIds: string[]) => {
    if (dueIds.length === 0) return [];
    const res = (await db.execute(sql`
      select p.id, p.due_id, p.payer_user_id, p.reference, p.amount_paise, p.tds_section, p.tds_amount_paise from payments p
       where p.due_id in (${sql.join(
         dueIds.map((id) => sql`${id}::uuid`),
         sql`, `,
       )}) and p.status = 'PENDING' and p.tds_amount_paise > 0
       order by p.id for update`)) as unknown as { rows: Raw[] };
    return res.rows.map((r) => ({
      id: String(r.id),
      dueId: String(r.due_id),
      payerUserId: String(r.payer_user_id),
      reference: String(r.reference),
      amountPaise: Number(r.amount_paise),
      tdsSection: r.tds_section === null ? null : String(r.tds_section),
      tdsAmountPaise: Number(r.tds_amount_paise),
    }));
  },
  /** Decision 0071: a pending payment's TDS claim withdrawn (the cash stays pending for the SLDC to approve or revert). */
  dropTdsClaim: async (db: DbOrTx, paymentId: string) => {
    await db.execute(
      sql`update payments set tds_amount_paise = 0, tds_section = null where id = ${paymentId}::uuid and status = 'PENDING'`,
    );
  },
  /** Decision 0071: the unpaid late-payment interest dues (record 'Due') charged on some dues, locked in id order. */
  unpaidInterestOnForUpdate: async (db: DbOrTx, dueIds: string[]) => {
    if (dueIds.length === 0) return [];
    const res = (await db.execute(sql`
      select d.id from dues d
       where d.record_type = ${INTEREST_RECORD_TYPE} and d.head = ${INTEREST_HEAD} and d.status = 'DUE'
         and d.record_id in (${sql.join(
           dueIds.map((id) => sql`${id}`),
           sql`, `,
         )})
       order by d.id for update`)) as unknown as { rows: Raw[] };
    return res.rows.map((r) => String(r.id));
  },
  cancelDue: async (db: DbOrTx, dueId: string) => {
    await db.execute(sql`update dues set status = 'CANCELLED' where id = ${dueId} and status = 'DUE'`);
  },

  /** The latest approved registration's bank step of each payer (the registered bank account). */
  bankAccounts: async (db: DbOrTx, payerIds: string[]): Promise<Map<string, BankAccount>> => {
    if (payerIds.length === 0) return new Map();
    const res = (await db.execute(sql`
      select distinct on (owner_user_id) owner_user_id, data->>'accountHolderName' as holder, data->>'bankName' as bank,
             data->>'accountNumber' as account, data->>'ifsc' as ifsc
        from registrations
       where status = 'Approved' and owner_user_id in ${payerIds} and coalesce(data->>'accountNumber', '') <> ''
       order by owner_user_id, updated_on desc`)) as unknown as { rows: Raw[] };
    return new Map(
      res.rows.map((r) => [
        String(r.owner_user_id),
        {
          accountHolderName: String(r.holder ?? ''),
          bankName: String(r.bank ?? ''),
          accountNumber: String(r.account),
          ifsc: String(r.ifsc ?? ''),
        },
      ]),
    );
  },

  refundsOfItems: async (db: DbOrTx, sourceIds: string[]) =>
    sourceIds.length === 0
      ? []
      : refundsWithNames(db).where(inArray(refunds.sourceId, sourceIds)).orderBy(asc(refunds.madeAt), asc(refunds.id)),
  findWithNames: async (db: DbOrTx, id: string) => (await refundsWithNames(db).where(eq(refunds.id, id)).limit(1))[0],
  findForUpdate: async (db: DbOrTx, id: string) => (await db.select().from(refunds).where(eq(refunds.id, id)).limit(1).for('update'))[0],
  historyOf: async (db: DbOrTx, recordId: string, payerUserId?: string) =>
    refundsWithNames(db)
      .where(and(eq(refunds.recordId, recordId), payerUserId ? eq(refunds.payerUserId, payerUserId) : undefined))
      .orderBy(asc(refunds.madeAt), asc(refunds.id)),
  insert: async (db: DbOrTx, v: typeof refunds.$inferInsert) => (await db.insert(refunds).values(v).returning())[0]!,
  update: async (db: DbOrTx, id: string, v: Partial<typeof refunds.$inferInsert>) => {
    await db.update(refunds).set(v).where(eq(refunds.id, id));
  },
  /** Paid-out sum of a credit's refunds, and the credit, to mark it REFUNDED when all of it is paid out. */
  markCreditIfRefunded: async (db: DbOrTx, creditId: string) => {
    const [c] = await db.select().from(paymentCredits).where(eq(paymentCredits.id, creditId)).limit(1);
    if (!c) return false;
    const [s] = await db
      .select({ paid: sql<number>`coalesce(sum(${refunds.amountPaise}), 0)`.mapWith(Number) })
      .from(refunds)
      .where(and(eq(refunds.sourceId, creditId), eq(refunds.sourceType, 'OverPayment'), eq(refunds.status, 'PAID')));
    if ((s?.paid ?? 0) < c.amountPaise || c.status === 'REFUNDED') return false;
    await db.update(paymentCredits).set({ status: 'REFUNDED' }).where(eq(paymentCredits.id, creditId));
    return true;
  },
};
