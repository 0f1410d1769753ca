import { and, asc, count, desc, eq, gte, ilike, inArray, lte, max, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import { REVISABLE_APPLICATION_STATUSES, type RevisionListQuery, type ScheduleVersionSource } from '@stoa/shared/revisions';

import type { DbOrTx, Tx } from '../../platform/db/client';
import { scopeOf } from '../applications/applications.repository';
import { applications } from '../applications/applications.tables';
import { curtailments } from '../curtailment/curtailment.tables';
import type { Viewer } from '../registrations/registrations.repository';
import { registrations } from '../registrations/registrations.tables';
import { users } from '../users/users.tables';
import {
  type RevisionInsert,
  type RevisionRecord,
  revisionActions,
  revisionNoSeq,
  revisionRows,
  revisions,
  scheduleVersionDays,
  scheduleVersions,
} from './revisions.tables';

export type { RevisionRecord } from './revisions.tables';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const r = revisions;
const a = applications;
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface RevisionRowValues {
  fromDate: string;
  toDate: string;
  fromBlock: number;
  toBlock: number;
  revisedCenti: number;
}

export const revisionsRepository = {
  async nextRevisionNo(tx: Tx): Promise<number> {
    const res = (await tx.execute(sql`select nextval(${revisionNoSeq.seqName ?? 'revision_no_seq'})::int as n`)) as unknown as {
      rows: { n: number }[];
    };
    return Number(res.rows[0]!.n);
  },

  async insert(tx: Tx, values: RevisionInsert, rows: RevisionRowValues[]): Promise<RevisionRecord> {
    const [row] = await tx.insert(r).values(values).returning();
    await tx.insert(revisionRows).values(rows.map((x, i) => ({ revisionId: row!.id, rowNo: i + 1, ...x })));
    return row!;
  },

  async update(tx: Tx, id: string, values: Partial<RevisionInsert>): Promise<RevisionRecord> {
    const [row] = await tx.update(r).set(values).where(eq(r.id, id)).returning();
    return row!;
  },

  /**
   * The revision if the viewer may see its application (the applications' record scope); with
   * `lock`, the revision row is locked FOR UPDATE for the transaction.
   */
  async findVisible(db: DbOrTx, v: Viewer, id: string, opts: { lock?: boolean } = {}): Promise<RevisionRecord | undefined> {
    if (!UUID.test(id)) return undefined;
    const q = db
      .select({ revision: r })
      .from(r)
      .innerJoin(a, eq(a.id, r.applicationId))
      .where(and(eq(r.id, id), scopeOf(v)))
      .limit(1);
    const [row] = opts.lock ? await q.for('update', { of: r }) : await q;
    return row?.revision;
  },

  async rows(db: DbOrTx, revisionId: string) {
    return db.select().from(revisionRows).where(eq(revisionRows.revisionId, revisionId)).orderBy(asc(revisionRows.rowNo));
  },

  async insertAction(tx: Tx, values: typeof revisionActions.$inferInsert): Promise<void> {
    await tx.insert(revisionActions).values(values);
  },

  async history(db: DbOrTx, revisionId: string) {
    return db
      .select({
        action: revisionActions.action,
        toStatus: revisionActions.toStatus,
        actorRole: revisionActions.actorRole,
        remarks: revisionActions.remarks,
        createdOn: revisionActions.createdOn,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(revisionActions)
      .leftJoin(users, eq(users.id, revisionActions.actorUserId))
      .where(eq(revisionActions.revisionId, revisionId))
      .orderBy(asc(revisionActions.createdOn), asc(revisionActions.id));
  },

  // ---- schedule versions ----

  async latestVersionNo(db: DbOrTx, applicationId: string): Promise<number | null> {
    const [row] = await db
      .select({ n: max(scheduleVersions.versionNo) })
      .from(scheduleVersions)
      .where(eq(scheduleVersions.applicationId, applicationId));
    return row?.n ?? null;
  },

  async insertVersion(tx: Tx, values: typeof scheduleVersions.$inferInsert, days: ReadonlyMap<string, ArrayLike<number>>): Promise<void> {
    await tx.insert(scheduleVersions).values(values);
    const rows = [...days].map(([day, granted]) => ({
      applicationId: values.applicationId,
      versionNo: values.versionNo,
      day,
      granted: Array.from(granted),
    }));
    for (let i = 0; i < rows.length; i += 100) await tx.insert(scheduleVersionDays).values(rows.slice(i, i + 100));
  },

  /** Every version of an application's schedule with its days, oldest first. */
  async versions(db: DbOrTx, applicationId: string) {
    const [heads, days] = await Promise.all([
      db
        .select({
          versionNo: scheduleVersions.versionNo,
          source: scheduleVersions.source,
          revisionId: scheduleVersions.revisionId,
          createdAt: scheduleVersions.createdAt,
          revisionNo: r.revisionNo,
          curtailmentId: scheduleVersions.curtailmentId,
          curtailmentNo: curtailments.curtailmentNo,
        })
        .from(scheduleVersions)
        .leftJoin(r, eq(r.id, scheduleVersions.revisionId))
        .leftJoin(curtailments, eq(curtailments.id, scheduleVersions.curtailmentId))
        .where(eq(scheduleVersions.applicationId, applicationId))
        .orderBy(asc(scheduleVersions.versionNo)),
      db
        .select()
        .from(scheduleVersionDays)
        .where(eq(scheduleVersionDays.applicationId, applicationId))
        .orderBy(asc(scheduleVersionDays.versionNo), asc(scheduleVersionDays.day)),
    ]);
    return heads.map((h) => ({
      ...h,
      days: days.filter((d) => d.versionNo === h.versionNo).map((d) => ({ day: d.day, granted: d.granted })),
    }));
  },

  // ---- lists ----

  /**
   * One page of revisions in the viewer's scope (the applications' record scope), newest request
   * first (index revisions_[status_]requested_idx), filtered in SQL.
   */
  async list(db: DbOrTx, v: Viewer, q: RevisionListQuery) {
    const seller = alias(registrations, 'seller');
    const buyer = alias(registrations, 'buyer');
    const requester = alias(users, 'requester');
    const conds: (SQL | undefined)[] = [scopeOf(v)];
    if (q.status) conds.push(eq(r.status, q.status));
    if (q.revisionNo) conds.push(ilike(r.revisionNo, likePattern(q.revisionNo)));
    if (q.applicationNo) conds.push(ilike(a.applicationNo, likePattern(q.applicationNo)));
    if (q.fromDate) conds.push(gte(r.effectiveDate, q.fromDate));
    if (q.toDate) conds.push(lte(r.effectiveDate, q.toDate));
    const where = and(...conds);
    const rowsQuery = db
      .select({
        id: r.id,
        revisionNo: r.revisionNo,
        status: r.status,
        applicationId: a.id,
        applicationNo: a.applicationNo,
        type: a.type,
        requestedAt: r.requestedAt,
        effectiveDate: r.effectiveDate,
        effectiveBlock: r.effectiveBlock,
        scheduleVersion: r.scheduleVersion,
        reducedCentiBlocks: r.reducedCentiBlocks,
        decidedAt: r.decidedAt,
        sellerName: seller.entityName,
        buyerName: buyer.entityName,
        requesterFirstName: requester.firstName,
        requesterLastName: requester.lastName,
        requesterEntityName: requester.entityName,
      })
      .from(r)
      .innerJoin(a, eq(a.id, r.applicationId))
      .innerJoin(seller, eq(seller.id, a.sellerRegistrationId))
      .innerJoin(buyer, eq(buyer.id, a.buyerRegistrationId))
      .innerJoin(requester, eq(requester.id, r.requestedByUserId))
      .where(where)
      .orderBy(desc(r.requestedAt), desc(r.id))
      .limit(q.pageSize)
      .offset((q.pageNumber - 1) * q.pageSize);
    const countQuery = db.select({ n: count() }).from(r).innerJoin(a, eq(a.id, r.applicationId)).where(where);
    const [rows, [total]] = await Promise.all([rowsQuery, countQuery]);
    return { rows, total: Number(total?.n ?? 0) };
  },

  /** The viewer's approved applications whose schedule reaches `today` or later, newest change first. */
  async revisable(db: DbOrTx, v: Viewer, today: string, q: { pageNumber: number; pageSize: number; applicationNo?: string }) {
    const seller = alias(registrations, 'seller');
    const buyer = alias(registrations, 'buyer');
    const where = and(
      scopeOf(v),
      inArray(a.status, [...REVISABLE_APPLICATION_STATUSES]),
      gte(a.toDate, today),
      q.applicationNo ? or(ilike(a.applicationNo, likePattern(q.applicationNo))) : undefined,
    );
    const rowsQuery = db
      .select({
        id: a.id,
        applicationNo: a.applicationNo,
        type: a.type,
        status: a.status,
        fromDate: a.fromDate,
        toDate: a.toDate,
        sellerName: seller.entityName,
        buyerName: buyer.entityName,
      })
      .from(a)
      .innerJoin(seller, eq(seller.id, a.sellerRegistrationId))
      .innerJoin(buyer, eq(buyer.id, a.buyerRegistrationId))
      .where(where)
      .orderBy(desc(a.updatedOn), desc(a.id))
      .limit(q.pageSize)
      .offset((q.pageNumber - 1) * q.pageSize);
    const [rows, [total]] = await Promise.all([rowsQuery, db.select({ n: count() }).from(a).where(where)]);
    return { rows, total: Number(total?.n ?? 0) };
  },
};

/** What `recordScheduleVersion` writes. */
export interface ScheduleVersionChange {
  applicationId: string;
  /** When the schedule was approved (granted): v0's time if v0 is written now. */
  approvedAt: Date;
  /** The granted values of every day before the change (stored as v0 when no version exists yet). */
  before: ReadonlyMap<string, ArrayLike<number>>;
  /** The granted values of every day after the change (the new version). */
  after: ReadonlyMap<string, ArrayLike<number>>;
  source: Exclude<ScheduleVersionSource, 'Approval'>;
  revisionId?: string | null;
  curtailmentId?: string | null;
  createdByUserId: string;
  createdAt: Date;
}

/**
 * Records a change of an application's granted schedule as its next version (decisions 0013,
 * 0014): the schedule before the change becomes v0 ('Approval') if no version exists yet —
 * whichever change comes first, a revision or a curtailment — and the schedule after it the next
 * number, with its source. The caller holds the application's row lock (FOR UPDATE), so changes of
 * one application are numbered in the order they apply; the primary key is the last guard.
 * Returns the version before the change and the one made.
 */
export async function recordScheduleVersion(tx: Tx, change: ScheduleVersionChange): Promise<{ previous: number; versionNo: number }> {
  const latest = await revisionsRepository.latestVersionNo(tx, change.applicationId);
  if (latest === null) {
    await revisionsRepository.insertVersion(
      tx,
      {
        applicationId: change.applicationId,
        versionNo: 0,
        source: 'Approval',
        revisionId: null,
        curtailmentId: null,
        createdByUserId: null,
        createdAt: change.approvedAt,
      },
      change.before,
    );
  }
  const versionNo = (latest ?? 0) + 1;
  await revisionsRepository.insertVersion(
    tx,
    {
      applicationId: change.applicationId,
      versionNo,
      source: change.source,
      revisionId: change.source === 'Revision' ? (change.revisionId ?? null) : null,
      curtailmentId: change.source === 'Curtailment' ? (change.curtailmentId ?? null) : null,
      createdByUserId: change.createdByUserId,
      createdAt: change.createdAt,
    },
    change.after,
  );
  return { previous: latest ?? 0, versionNo };
}
