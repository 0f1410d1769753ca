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
 * (decision 0064), with the refunds made from them summed per item; filtered and paged in SQL.
 */

/** The fee heads, never refunded (DOMAIN.md §6), as an SQL list. */
const FEES = sql.join(
  FEE_HEADS.map((h) => sql`${h}`),
  sql`, `,
);

/**
 * Decisions 0064 and 0071: what was paid on an application's charges — its own dues and the e-bidding
 * price dues of its allocations, fees left out — per due: the cash (approved payments less the part
 * of each beyond its due, an over-payment credit refunded on its own) and the TDS accepted with those
 * payments, at most what the due had left after the cash (TDS is never credited, decision 0041).
 * One row: `amount` = cash + TDS, `tds`. `appId` is an SQL uuid expression.
 */
const paidChargesOf = (appId: SQL) => sql`
  select coalesce(sum(x.cash + x.tds), 0) as amount, coalesce(sum(x.tds), 0) as tds
    from (select sum(p.amount_paise - p.excess_paise) as cash,
                 greatest(0, least(sum(p.tds_amount_paise), d.total_paise - sum(p.amount_paise - p.excess_paise))) as tds
            from dues d join payments p on p.due_id = d.id and p.status = 'APPROVED'
           where d.head not in (${FEES})
             and ((d.record_type = 'Application' and d.record_id = ${appId}::text)
               or (d.record_type = 'EBiddingApplication'
                   and d.record_id in (select ea.id::text from ebidding_applications ea where ea.application_id = ${appId})))
           group by d.id, d.total_paise) x`;

/** The refundable items, one row per (source type, source id, record id). */
const ITEMS = sql`
  select 'OverPayment'::text as source_type, c.id as source_id, d.record_type, d.record_id, c.payer_user_id,
         d.description, c.amount_paise as amount, c.created_at
    from payment_credits c join dues d on d.id = c.due_id
  union all
  select 'Curtailment'::text, i.curtailment_id, 'Application'::text, i.application_id::text, a.applicant_user_id,
         'Curtailment ' || cu.curtailment_no || ' of ' || to_char(cu.curtailment_date, 'DD/MM/YYYY') || ', application ' || a.application_no,
         i.refund_paise, cu.created_on
    from curtailment_items i
    join curtailments cu on cu.id = i.curtailment_id
    join applications a on a.id = i.application_id
   where i.refund_paise > 0
     and exists (select 1 from dues t where t.record_type = 'Application' and t.record_id = i.application_id::text
                 and t.head = 'STU_TRANSMISSION_CHARGE' and t.status = 'PAID')
  union all
  select 'Revision'::text, r.id, 'Application'::text, r.application_id::text, a.applicant_user_id,
         'Revision ' || r.revision_no || ', application ' || a.application_no,
         r.refund_paise, r.decided_at
    from revisions r
    join applications a on a.id = r.application_id
   where r.status = 'Approved' and r.refund_paise > 0
     and exists (select 1 from dues t where t.record_type = 'Application' and t.record_id = r.application_id::text
                 and t.head = 'STU_TRANSMISSION_CHARGE' and t.status = 'PAID')
  union all
  select 'Rejection'::text, a.id, 'Application'::text, a.id::text, a.applicant_user_id,
         'Charges paid on rejected application ' || a.application_no || case when paid.tds > 0 then ' (TDS accepted on them included)' else '' end,
         paid.amount, a.status_since
    from applications a
    cross join lateral (${paidChargesOf(sql`a.id`)}) paid
   where a.status in ('Rejected', 'NoSTOARejected') and paid.amount > 0`;

const SUMS = sql`
  select source_type, source_id, record_id,
         coalesce(sum(amount_paise) filter (where status = 'PAID'), 0) as refunded,
         coalesce(sum(amount_paise) filter (where status = 'PENDING'), 0) as pending
    from refunds group by source_type, source_id, record_id`;

const PAYER_NAME = sql`coalesce(nullif(u.entity_name, ''), u.first_name || ' ' || u.last_name)`;

export interface ItemFilter {
  payerUserId?: string;
  sourceType?: RefundSource;
  state?: RefundableState;
  key?: { sourceType: RefundSource; sourceId: string; recordId: string };
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
  return sql.join(c, sql` and `);
}

const FROM = sql`from (${ITEMS}) items left join (${SUMS}) s
  on s.source_type = items.source_type and s.source_id = items.source_id and s.record_id = items.record_id
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

  /** Decisions 0064, 0071: the charges paid on an application (cash and accepted TDS, fees left out), and the TDS part. */
  paidChargesOf: async (db: DbOrTx, applicationId: string): Promise<{ amount: number; tds: number }> => {
    const res = (await db.execute(
      sql`select amount::text as n, tds::text as t from (${paidChargesOf(sql`${applicationId}::uuid`)}) x`,
    )) as unknown as { rows: Raw[] };
    return { amount: Number(res.rows[0]?.n ?? 0), tds: Number(res.rows[0]?.t ?? 0) };
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
