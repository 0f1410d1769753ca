import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNotNull, lte, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import {
  APPLICATION_LIST_COUNT_CAP,
  type ApplicationListQuery,
  type ApplicationType,
  type AppliedApplicationsQuery,
  BLOCKS_PER_DAY,
  NOT_YET_SUBMITTED_STATUSES,
  QUANTUM_HOLDING_STATUSES,
} from '@stoa/shared/applications';

import type { DbOrTx, Tx } from '../../platform/db/client';
import { outer } from '../../platform/db/sql';
import { dues } from '../configuration/configuration.tables';
import type { Viewer } from '../registrations/registrations.repository';
import { registrations } from '../registrations/registrations.tables';
import { users } from '../users/users.tables';
import {
  applicationActions,
  applicationDays,
  applicationNoSeq,
  type ApplicationInsert,
  type ApplicationRecord,
  applications,
  applicationSchedules,
} from './applications.tables';
import { processingRepository } from './processing.repository';

export type { ApplicationInsert, ApplicationRecord } from './applications.tables';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const a = applications;
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const LOAD_CENTRE = ['SLDCBusinessUser', 'SLDCApproverI', 'SLDCApproverII'];

/**
 * Record-level scope (ARCHITECTURE.md §5): an OA applicant sees the applications made for it; a
 * trader those it filed or whose trader it is; the load-centre roles every application that has
 * reached the SLDC (not those still pending the applicant's approval).
 */
export function scopeOf(v: Viewer): SQL {
  if (v.role === 'OABusinessUser') return eq(a.applicantUserId, v.id);
  if (v.role === 'Trader') {
    return or(
      eq(a.createdByUserId, v.id),
      sql`exists (select 1 from ${registrations} tr where tr.id = ${outer(a.traderRegistrationId)} and tr.owner_user_id = ${v.id})`,
    )!;
  }
  if (LOAD_CENTRE.includes(v.role)) return notInArray(a.status, [...NOT_YET_SUBMITTED_STATUSES]);
  return sql`false`;
}

/**
 * What the viewer may read: its scope (scopeOf) and, for an OA applicant, the applications that
 * name one of its registrations as seller or buyer though another applicant filed them (the
 * counterparty; read only, decision 0021) once they reached the SLDC.
 */
export function readScopeOf(v: Viewer): SQL {
  if (v.role !== 'OABusinessUser') return scopeOf(v);
  return or(
    scopeOf(v),
    and(
      notInArray(a.status, [...NOT_YET_SUBMITTED_STATUSES]),
      sql`exists (select 1 from ${registrations} pr where pr.id in (${a.sellerRegistrationId}, ${a.buyerRegistrationId}) and pr.owner_user_id = ${v.id})`,
    ),
  )!;
}

/**
 * Writes the granted values of one day of an application: processing, the pro-rata allocation,
 * revisions, curtailments and e-bidding grants (decision 0015).
 */
export async function setGrantedOnDay(tx: Tx, applicationId: string, day: string, granted: ArrayLike<number>): Promise<void> {
  await tx
    .update(applicationDays)
    .set({ granted: Array.from(granted) })
    .where(and(eq(applicationDays.applicationId, applicationId), eq(applicationDays.day, day)));
}

export type ListScope = { kind: 'sldc'; type: ApplicationType } | { kind: 'own' };

export const applicationsRepository = {
  /** Re-exported for e-bidding's grants (decision 0015): processing runs live in processing.repository.ts. */
  refreshRun: processingRepository.refreshRun,
  settleRunItems: processingRepository.settleRunItems,

  async insert(tx: Tx, values: ApplicationInsert): Promise<ApplicationRecord> {
    const [row] = await tx.insert(a).values(values).returning();
    return row!;
  },

  async update(tx: Tx, id: string, values: Partial<ApplicationInsert>): Promise<ApplicationRecord> {
    const [row] = await tx.update(a).set(values).where(eq(a.id, id)).returning();
    return row!;
  },

  async findById(db: DbOrTx, id: string): Promise<ApplicationRecord | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await db.select().from(a).where(eq(a.id, id)).limit(1);
    return row;
  },

  /** The application if the viewer may see it; with `lock`, locked FOR UPDATE for the transaction. */
  async findVisible(db: DbOrTx, v: Viewer, id: string, opts: { lock?: boolean } = {}): Promise<ApplicationRecord | undefined> {
    if (!UUID.test(id)) return undefined;
    const q = db
      .select()
      .from(a)
      .where(and(eq(a.id, id), scopeOf(v)))
      .limit(1);
    const [row] = opts.lock ? await q.for('update', { of: a }) : await q;
    return row;
  },

  /** An application the viewer may read (readScopeOf): its own scope, or as the counterparty. */
  async findReadable(db: DbOrTx, v: Viewer, id: string): Promise<ApplicationRecord | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await db
      .select()
      .from(a)
      .where(and(eq(a.id, id), readScopeOf(v)))
      .limit(1);
    return row;
  },

  async nextApplicationNo(tx: Tx): Promise<number> {
    const res = (await tx.execute(sql`select nextval(${applicationNoSeq.seqName ?? 'application_no_seq'})::int as n`)) as unknown as {
      rows: { n: number }[];
    };
    return Number(res.rows[0]!.n);
  },

  /** Replaces the schedule rows and the per-day requests (granted values start empty). */
  async replaceSchedule(
    tx: Tx,
    applicationId: string,
    rows: { fromDate: string; toDate: string; fromBlock: number; toBlock: number; requirementCenti: number }[],
    days: Map<string, Int32Array>,
  ): Promise<void> {
    await tx.delete(applicationSchedules).where(eq(applicationSchedules.applicationId, applicationId));
    await tx.delete(applicationDays).where(eq(applicationDays.applicationId, applicationId));
    if (rows.length > 0) await tx.insert(applicationSchedules).values(rows.map((r, i) => ({ applicationId, rowNo: i + 1, ...r })));
    const dayRows = [...days].map(([day, requested]) => ({ applicationId, day, requested: Array.from(requested), granted: null }));
    // Chunks keep the statement's parameter count bounded (a month is at most 31 rows).
    for (let i = 0; i < dayRows.length; i += 100) await tx.insert(applicationDays).values(dayRows.slice(i, i + 100));
  },

  async schedules(db: DbOrTx, applicationId: string) {
    return db
      .select()
      .from(applicationSchedules)
      .where(eq(applicationSchedules.applicationId, applicationId))
      .orderBy(asc(applicationSchedules.rowNo));
  },

  /** The status of the application's fee due (DUE, PAID, …), null when none was raised. */
  async feeStatus(db: DbOrTx, feeDueId: string | null): Promise<string | null> {
    if (!feeDueId) return null;
    const [row] = await db.select({ status: dues.status }).from(dues).where(eq(dues.id, feeDueId)).limit(1);
    return row?.status ?? null;
  },

  async days(db: DbOrTx, applicationId: string) {
    return db.select().from(applicationDays).where(eq(applicationDays.applicationId, applicationId)).orderBy(asc(applicationDays.day));
  },

  /** The day rows of the applications, by application then day. */
  async daysOfMany(db: DbOrTx, applicationIds: string[]) {
    if (applicationIds.length === 0) return [];
    return db
      .select()
      .from(applicationDays)
      .where(inArray(applicationDays.applicationId, applicationIds))
      .orderBy(asc(applicationDays.applicationId), asc(applicationDays.day));
  },

  /** Writes the granted values of one application-day (see setGrantedOnDay). */
  setGranted: setGrantedOnDay,

  /** Counts a change made outside the workflow (a curtailment): the version goes up by one in SQL. */
  async bumpVersion(tx: Tx, applicationId: string, now: Date): Promise<void> {
    await tx
      .update(a)
      .set({ version: sql`${a.version} + 1`, updatedOn: now })
      .where(eq(a.id, applicationId));
  },

  /** Locks application rows FOR UPDATE in id order. */
  async lockByIds(db: DbOrTx, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await db.select({ id: a.id }).from(a).where(inArray(a.id, ids)).orderBy(asc(a.id)).for('update');
  },

  /**
   * What a registration already holds per date in [fromDate, toDate] as seller (or buyer): the sum
   * of the granted values of the applications in a holding status, one Int32Array(96) per date.
   */
  async heldByDay(
    db: DbOrTx,
    side: 'seller' | 'buyer',
    registrationId: string,
    fromDate: string,
    toDate: string,
    excludeApplicationId?: string,
  ): Promise<Map<string, Int32Array>> {
    const column = side === 'seller' ? a.sellerRegistrationId : a.buyerRegistrationId;
    const conds: SQL[] = [
      eq(column, registrationId),
      inArray(a.status, [...QUANTUM_HOLDING_STATUSES]),
      gte(applicationDays.day, fromDate),
      lte(applicationDays.day, toDate),
      sql`${applicationDays.granted} is not null`,
    ];
    if (excludeApplicationId) conds.push(ne(a.id, excludeApplicationId));
    const rows = await db
      .select({ day: applicationDays.day, granted: applicationDays.granted })
      .from(applicationDays)
      .innerJoin(a, eq(a.id, applicationDays.applicationId))
      .where(and(...conds));
    const out = new Map<string, Int32Array>();
    for (const r of rows) {
      let sum = out.get(r.day);
      if (!sum) {
        sum = new Int32Array(BLOCKS_PER_DAY);
        out.set(r.day, sum);
      }
      const g = r.granted!;
      for (let b = 0; b < BLOCKS_PER_DAY; b++) sum[b] = sum[b]! + (g[b] ?? 0);
    }
    return out;
  },

  async insertAction(tx: Tx, values: typeof applicationActions.$inferInsert): Promise<void> {
    await tx.insert(applicationActions).values(values);
  },

  async history(db: DbOrTx, applicationId: string) {
    return db
      .select({
        action: applicationActions.action,
        fromStatus: applicationActions.fromStatus,
        toStatus: applicationActions.toStatus,
        actorRole: applicationActions.actorRole,
        remarks: applicationActions.remarks,
        createdOn: applicationActions.createdOn,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(applicationActions)
      .leftJoin(users, eq(users.id, applicationActions.actorUserId))
      .where(eq(applicationActions.applicationId, applicationId))
      .orderBy(asc(applicationActions.createdOn), asc(applicationActions.id));
  },

  // ---- people ----

  /** Users by id with their display name (the entity name, else first and last name). */
  async usersByIds(db: DbOrTx, ids: string[]) {
    const valid = [...new Set(ids.filter((id) => UUID.test(id)))];
    if (valid.length === 0) return new Map<string, { id: string; role: string; name: string }>();
    const rows = await db
      .select({ id: users.id, role: users.role, firstName: users.firstName, lastName: users.lastName, entityName: users.entityName })
      .from(users)
      .where(inArray(users.id, valid));
    return new Map(rows.map((u) => [u.id, { id: u.id, role: u.role, name: u.entityName || `${u.firstName} ${u.lastName}`.trim() }]));
  },

  // ---- lists ----

  /**
   * One page of applications, filtered and ordered in SQL: the SLDC lists per type by the latest
   * submission (index applications_type[_status]_submitted_idx), the own lists by the latest change.
   */
  async list(
    db: DbOrTx,
    v: Viewer,
    scope: ListScope,
    q: ApplicationListQuery | AppliedApplicationsQuery,
    opts: { updatedSince?: Date; orderBy?: 'submitted' | 'updated'; countCap?: number } = {},
  ) {
    const seller = alias(registrations, 'seller');
    const buyer = alias(registrations, 'buyer');
    const trader = alias(registrations, 'trader');
    const applicant = alias(users, 'applicant');
    // The own lists include the applications naming the caller as seller or buyer (read only).
    const conds: (SQL | undefined)[] = [scope.kind === 'own' ? readScopeOf(v) : scopeOf(v)];
    // The SLDC lists what reached it: a submission time (a trader's request its applicant rejected
    // never did). It also lets the newest-first order start at the index's non-null end instead of
    // walking every unsubmitted row first (DESC puts NULLs first; issue 16).
    if (scope.kind === 'sldc') conds.push(eq(a.type, scope.type), isNotNull(a.submittedAt));
    if ('applicationType' in q && q.applicationType) conds.push(eq(a.type, q.applicationType));
    if (q.status) conds.push(eq(a.status, q.status));
    if ('statuses' in q && q.statuses && q.statuses.length > 0) conds.push(inArray(a.status, q.statuses));
    if (q.applicationNo) conds.push(ilike(a.applicationNo, likePattern(q.applicationNo)));
    if (q.month) conds.push(eq(a.month, q.month));
    if (q.fromDate) conds.push(gte(a.toDate, q.fromDate));
    if (q.toDate) conds.push(lte(a.fromDate, q.toDate));
    const byName = q.entityName
      ? or(ilike(seller.entityName, likePattern(q.entityName)), ilike(buyer.entityName, likePattern(q.entityName)))
      : undefined;
    if (byName) conds.push(byName);
    if (opts.updatedSince) conds.push(gt(a.updatedOn, opts.updatedSince));
    const where = and(...conds);
    const order =
      (opts.orderBy ?? (scope.kind === 'sldc' ? 'submitted' : 'updated')) === 'submitted'
        ? [desc(a.submittedAt), desc(a.id)]
        : [desc(a.updatedOn), desc(a.id)];
    const rowsQuery = db
      .select({
        id: a.id,
        applicationNo: a.applicationNo,
        type: a.type,
        mode: a.mode,
        status: a.status,
        month: a.month,
        fromDate: a.fromDate,
        toDate: a.toDate,
        submittedAt: a.submittedAt,
        updatedOn: a.updatedOn,
        sellerName: seller.entityName,
        buyerName: buyer.entityName,
        traderName: trader.entityName,
        applicantFirstName: applicant.firstName,
        applicantLastName: applicant.lastName,
        applicantEntityName: applicant.entityName,
        feeStatus: dues.status,
      })
      .from(a)
      .innerJoin(seller, eq(seller.id, a.sellerRegistrationId))
      .innerJoin(buyer, eq(buyer.id, a.buyerRegistrationId))
      .innerJoin(applicant, eq(applicant.id, a.applicantUserId))
      .leftJoin(trader, eq(trader.id, a.traderRegistrationId))
      .leftJoin(dues, eq(dues.id, a.feeDueId))
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset((q.pageNumber - 1) * q.pageSize);
    // The count joins the parties only when the name filter needs them, and stops after the cap
    // (decision 0012): counting the matches of a broad filter over a large table costs a scan of
    // all of them, while a page needs only its rows; beyond the cap the lists say "more than".
    const cap = opts.countCap ?? APPLICATION_LIST_COUNT_CAP;
    const matching = byName
      ? db
          .select({ one: sql`1`.as('one') })
          .from(a)
          .innerJoin(seller, eq(seller.id, a.sellerRegistrationId))
          .innerJoin(buyer, eq(buyer.id, a.buyerRegistrationId))
          .where(where)
      : db
          .select({ one: sql`1`.as('one') })
          .from(a)
          .where(where);
    const countQuery = db.select({ n: count() }).from(matching.limit(cap + 1).as('capped'));
    const [rows, [total]] = await Promise.all([rowsQuery, countQuery]);
    const n = Number(total?.n ?? 0);
    return { rows, total: Math.min(n, cap), capped: n > cap };
  },
};
