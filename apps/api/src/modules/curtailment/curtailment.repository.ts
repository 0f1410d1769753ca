import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import { type ApplicationType, QUANTUM_HOLDING_STATUSES } from '@stoa/shared/applications';
import type { CurtailmentListQuery } from '@stoa/shared/curtailment';
import { LOAD_CENTRE_ROLES } from '@stoa/shared/account';

import type { DbOrTx, Tx } from '../../platform/db/client';
import { outer } from '../../platform/db/sql';
import { scopeOf } from '../applications/applications.repository';
import { applicationDays, applications } from '../applications/applications.tables';
import { atcMargins } from '../atc/atc.tables';
import { partiesRepository } from '../registrations/registrations.parties.repository';
import type { Viewer } from '../registrations/registrations.repository';
import { registrations } from '../registrations/registrations.tables';
import { users } from '../users/users.tables';
import { curtailmentItems, curtailmentNoSeq, type CurtailmentRecord, curtailments } from './curtailment.tables';

export type { CurtailmentRecord } from './curtailment.tables';

const a = applications;
const c = curtailments;
const ci = curtailmentItems;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * The statuses whose granted schedule is curtailed (decision 0014): every status holding quantum and
 * margin — the flowing schedules (Approved / PartiallyApproved) and those still before the approvers
 * (STOAApproved / SLDCApproverIApproved), which would otherwise be approved above the new capacity.
 */
export const CURTAILED_STATUSES = QUANTUM_HOLDING_STATUSES;

export interface AffectedRow {
  applicationId: string;
  applicationNo: string;
  type: ApplicationType;
  submittedAt: Date | null;
  /** Since when the application is in its status (its schedule's v0 time when no version exists yet). */
  statusSince: Date;
  applicantUserId: string;
  createdByUserId: string;
  traderOwnerUserId: string | null;
  applicantName: string;
  sellerName: string;
  buyerName: string;
  granted: number[];
}

const isLoadCentre = (v: Viewer) => (LOAD_CENTRE_ROLES as readonly string[]).includes(v.role);

export const curtailmentRepository = {
  /** The intra-state ATC elements with a margin row on a date, by name. */
  async elementsOn(db: DbOrTx, date: string) {
    return db
      .select({ element: atcMargins.element })
      .from(atcMargins)
      .where(and(eq(atcMargins.mode, 'IntraState'), eq(atcMargins.marginDate, date)))
      .orderBy(asc(atcMargins.elementKey));
  },

  /** The margin row of an element on a date; with `lock`, FOR UPDATE. */
  async marginRow(db: DbOrTx, date: string, elementKey: string, lock = false) {
    const q = db
      .select()
      .from(atcMargins)
      .where(and(eq(atcMargins.mode, 'IntraState'), eq(atcMargins.marginDate, date), eq(atcMargins.elementKey, elementKey)))
      .limit(1);
    return (lock ? await q.for('update') : await q)[0];
  },

  async updateMargin(tx: Tx, id: string, blocks: number[], userId: string, now: Date) {
    await tx
      .update(atcMargins)
      .set({ blocks, updatedBy: userId, updatedOn: now, version: sql`${atcMargins.version} + 1` })
      .where(eq(atcMargins.id, id));
  },

  /**
   * The quantum-holding schedules (CURTAILED_STATUSES, intra-state) of `day` whose path uses the
   * element (seller's injection or buyer's drawal substation, decision 0011, as the registrations
   * know them), in application id order; with `lock`, the application and its day row are locked
   * FOR UPDATE. (Applications are locked first, in id order: applicationsRepository.lockByIds, the
   * order revision approvals use, so the two cannot deadlock.)
   */
  async affected(db: DbOrTx, elementKey: string, day: string, lock = false): Promise<AffectedRow[]> {
    const { injecting, drawing } = await partiesRepository.idsOnElement(db, elementKey);
    if (injecting.length === 0 && drawing.length === 0) return [];
    const onPath = or(
      injecting.length > 0 ? inArray(a.sellerRegistrationId, injecting) : undefined,
      drawing.length > 0 ? inArray(a.buyerRegistrationId, drawing) : undefined,
    )!;
    const seller = alias(registrations, 'seller');
    const buyer = alias(registrations, 'buyer');
    const trader = alias(registrations, 'trader');
    const q = db
      .select({
        applicationId: a.id,
        applicationNo: a.applicationNo,
        type: a.type,
        submittedAt: a.submittedAt,
        statusSince: a.statusSince,
        applicantUserId: a.applicantUserId,
        createdByUserId: a.createdByUserId,
        traderOwnerUserId: trader.ownerUserId,
        applicantName: sql<string>`coalesce(${users.entityName}, ${users.firstName} || ' ' || ${users.lastName})`,
        sellerName: seller.entityName,
        buyerName: buyer.entityName,
        granted: applicationDays.granted,
      })
      .from(applicationDays)
      .innerJoin(a, eq(a.id, applicationDays.applicationId))
      .innerJoin(users, eq(users.id, a.applicantUserId))
      .innerJoin(seller, eq(seller.id, a.sellerRegistrationId))
      .innerJoin(buyer, eq(buyer.id, a.buyerRegistrationId))
      .leftJoin(trader, eq(trader.id, a.traderRegistrationId))
      .where(
        and(
          eq(applicationDays.day, day),
          isNotNull(applicationDays.granted),
          inArray(a.status, [...CURTAILED_STATUSES]),
          eq(a.mode, 'IntraState'),
          onPath,
        ),
      )
      .orderBy(asc(a.id));
    const rows = lock ? await q.for('update', { of: [a, applicationDays] }) : await q;
    return rows.map((r) => ({ ...r, granted: r.granted! }));
  },

  async nextNo(tx: Tx): Promise<number> {
    const res = (await tx.execute(sql`select nextval(${curtailmentNoSeq.seqName ?? 'curtailment_no_seq'})::int as n`)) as unknown as {
      rows: { n: number }[];
    };
    return Number(res.rows[0]!.n);
  },

  async insert(tx: Tx, values: typeof curtailments.$inferInsert): Promise<CurtailmentRecord> {
    const [row] = await tx.insert(c).values(values).returning();
    return row!;
  },

  async insertItems(tx: Tx, values: (typeof curtailmentItems.$inferInsert)[]) {
    for (let i = 0; i < values.length; i += 200) await tx.insert(ci).values(values.slice(i, i + 200));
  },

  /**
   * One page of the curtailments in the viewer's scope, newest date first. The SLDC roles see
   * every curtailment with its totals; an applicant or trader those with an item of an application
   * in its scope, totals over those items only.
   */
  async list(db: DbOrTx, v: Viewer, q: CurtailmentListQuery) {
    const conds: SQL[] = [];
    if (q.fromDate) conds.push(gte(c.curtailmentDate, q.fromDate));
    if (q.toDate) conds.push(lte(c.curtailmentDate, q.toDate));
    if (q.element) conds.push(ilike(c.element, likePattern(q.element)));
    if (q.cause) conds.push(eq(c.cause, q.cause));
    if (q.applicationNo) {
      conds.push(
        sql`exists (select 1 from curtailment_items ci2 join ${a} on ${a.id} = ci2.application_id where ci2.curtailment_id = ${outer(c.id)} and ${a.applicationNo} ilike ${likePattern(q.applicationNo)} and ${scopeOf(v)})`,
      );
    }
    const offset = (q.pageNumber - 1) * q.pageSize;
    const order = [desc(c.curtailmentDate), desc(c.createdOn), desc(c.id)];
    if (isLoadCentre(v)) {
      const where = conds.length ? and(...conds) : undefined;
      const rows = await db
        .select({
          curtailment: c,
          applicationCount: sql<number>`(select count(*)::int from curtailment_items ci where ci.curtailment_id = ${c}.id)`,
          curtailedCentiBlocks: c.curtailedCentiBlocks,
          refundPaise: c.refundPaise,
        })
        .from(c)
        .where(where)
        .orderBy(...order)
        .limit(q.pageSize)
        .offset(offset);
      const [total] = await db.select({ n: count() }).from(c).where(where);
      return { rows, total: Number(total?.n ?? 0) };
    }
    const agg = db
      .select({
        curtailmentId: ci.curtailmentId,
        applicationCount: sql<number>`count(*)::int`.as('agg_application_count'),
        curtailedCentiBlocks: sql<number>`sum(${ci.curtailedCentiBlocks})::int`.as('agg_centi_blocks'),
        refundPaise: sql<number | null>`sum(${ci.refundPaise})::bigint`.mapWith(Number).as('agg_refund_paise'),
      })
      .from(ci)
      .innerJoin(a, eq(a.id, ci.applicationId))
      .where(scopeOf(v))
      .groupBy(ci.curtailmentId)
      .as('agg');
    const where = conds.length ? and(...conds) : undefined;
    const rows = await db
      .select({
        curtailment: c,
        applicationCount: agg.applicationCount,
        curtailedCentiBlocks: agg.curtailedCentiBlocks,
        refundPaise: agg.refundPaise,
      })
      .from(c)
      .innerJoin(agg, eq(agg.curtailmentId, c.id))
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset(offset);
    const [total] = await db.select({ n: count() }).from(c).innerJoin(agg, eq(agg.curtailmentId, c.id)).where(where);
    return { rows, total: Number(total?.n ?? 0) };
  },

  async findById(db: DbOrTx, id: string) {
    if (!UUID.test(id)) return undefined;
    const [row] = await db
      .select({ curtailment: c, createdByName: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
      .from(c)
      .innerJoin(users, eq(users.id, c.createdBy))
      .where(eq(c.id, id))
      .limit(1);
    return row;
  },

  /** The items of a curtailment whose application the viewer may see, by application number. */
  async items(db: DbOrTx, v: Viewer, curtailmentId: string) {
    const seller = alias(registrations, 'seller');
    const buyer = alias(registrations, 'buyer');
    return db
      .select({
        item: ci,
        applicationNo: a.applicationNo,
        type: a.type,
        applicantName: sql<string>`coalesce(${users.entityName}, ${users.firstName} || ' ' || ${users.lastName})`,
        sellerName: seller.entityName,
        buyerName: buyer.entityName,
      })
      .from(ci)
      .innerJoin(a, eq(a.id, ci.applicationId))
      .innerJoin(users, eq(users.id, a.applicantUserId))
      .innerJoin(seller, eq(seller.id, a.sellerRegistrationId))
      .innerJoin(buyer, eq(buyer.id, a.buyerRegistrationId))
      .where(and(eq(ci.curtailmentId, curtailmentId), scopeOf(v)))
      .orderBy(asc(a.applicationNo));
  },
};
