import { and, asc, count, desc, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';

import { INVITATION_CLOSING_WITHIN_HOURS, type InvitationListQuery } from '@stoa/shared/e-bidding';

import type { DbOrTx, Tx } from '../../platform/db/client';
import { applications } from '../applications/applications.tables';
import { applicantColumns, bidderScope, UUID } from './e-bidding.repository';
import {
  eBiddingApplications,
  eBiddingInvitationNoSeq,
  eBiddingInvitations,
  eBiddingProposals,
  type InvitationRecord,
  type InvitedApplicationRecord,
} from './e-bidding.tables';

/** The invitations (Form ST2) and the applications they name (`ebidding_applications`, "invited"). */

const i = eBiddingInvitations;
const ea = eBiddingApplications;
const p = eBiddingProposals;
const a = applications;

export type InvitationFilters = Omit<InvitationListQuery, 'pageNumber' | 'pageSize'>;

/**
 * Database-clock flags of an invitation: every deadline decision is taken on `now()` of the
 * database (the deadline rule itself: `e-bidding.deadline.ts`).
 */
export const clockFlags = {
  deadlinePassed: sql<boolean>`coalesce(${i.deadlineAt} <= now(), false)`.as('deadline_passed'),
  openingReached: sql<boolean>`coalesce(${i.bidOpeningAt} <= now(), false)`.as('opening_reached'),
  congestionStarted:
    sql<boolean>`coalesce((${i.congestionFromDate}::text || ' ' || ${i.congestionFromTime} || ':00+05:30')::timestamptz <= now(), false)`.as(
      'congestion_started',
    ),
};

/** An invitation with its database-clock flags. */
export interface FlaggedInvitation {
  inv: InvitationRecord;
  deadlinePassed: boolean;
  openingReached: boolean;
  congestionStarted: boolean;
}

export const invitationColumns = { inv: i, ...clockFlags };

export function listFilters(q: InvitationFilters): SQL[] {
  const conds: SQL[] = [];
  if (q.monthOfInvitation) conds.push(sql`to_char(${i.dateOfInvitation}, 'YYYY-MM') = ${q.monthOfInvitation}`);
  if (q.lastDateOfSubmission) conds.push(eq(i.lastDateOfSubmission, q.lastDateOfSubmission));
  if (q.invitationNo) conds.push(ilike(i.bidInvitationNo, `%${q.invitationNo.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (q.status) conds.push(eq(i.status, q.status === 'None' ? 'Draft' : q.status));
  // Decision 0084: the deadline windows of the dashboard's figures, on the database clock as every deadline rule.
  if (q.deadline === 'Closing')
    conds.push(
      inArray(i.status, ['Initiated', 'Submitted']),
      sql`${i.deadlineAt} > now()`,
      sql`${i.deadlineAt} <= now() + make_interval(hours => ${INVITATION_CLOSING_WITHIN_HOURS})`,
    );
  if (q.deadline === 'ReadyToProcess')
    conds.push(
      eq(i.status, 'Submitted'),
      sql`${i.deadlineAt} <= now()`,
      sql`${i.bidOpeningAt} <= now()`,
      sql`not coalesce((${i.congestionFromDate}::text || ' ' || ${i.congestionFromTime} || ':00+05:30')::timestamptz <= now(), false)`,
    );
  return conds;
}

/** The columns of an invitation row written by Save and Submit (Form ST2). */
export type InvitationValues = Omit<typeof i.$inferInsert, 'id' | 'bidInvitationNo' | 'createdBy' | 'createdOn' | 'version'>;

async function invitedOf(dbx: DbOrTx, invitationIds: string[]) {
  if (invitationIds.length === 0) return [];
  const { applicant, seller, buyer, columns } = applicantColumns();
  return dbx
    .select({ ea, ...columns })
    .from(ea)
    .innerJoin(a, eq(a.id, ea.applicationId))
    .innerJoin(applicant, eq(applicant.id, a.applicantUserId))
    .innerJoin(seller, eq(seller.id, a.sellerRegistrationId))
    .innerJoin(buyer, eq(buyer.id, a.buyerRegistrationId))
    .where(inArray(ea.invitationId, invitationIds))
    .orderBy(asc(ea.invitationId), asc(ea.position));
}

/** An invited application with what the forms show of its applicant. */
export type InvitedRow = Awaited<ReturnType<typeof invitedOf>>[number];

export const invitationsRepository = {
  async nextInvitationNo(tx: Tx, year: string): Promise<string> {
    const res = (await tx.execute(
      sql`select nextval(${eBiddingInvitationNoSeq.seqName ?? 'ebidding_invitation_no_seq'})::int as n`,
    )) as unknown as { rows: { n: number }[] };
    return `EB/${year}/${String(res.rows[0]!.n).padStart(6, '0')}`;
  },

  /** The invitation with the database-clock flags; `lock` takes it FOR UPDATE (serialises proposals, processing and the jobs). */
  async invitation(dbx: DbOrTx, id: string, opts: { lock?: boolean } = {}): Promise<FlaggedInvitation | undefined> {
    if (!UUID.test(id)) return undefined;
    const q = dbx.select(invitationColumns).from(i).where(eq(i.id, id)).limit(1);
    const [row] = opts.lock ? await q.for('update', { of: i }) : await q;
    return row;
  },

  /** The invited applications of invitations with what the forms show of each (position order). */
  invited: invitedOf,

  /** The applications of an invitation the user bids for (one query). */
  async bidderApplicationIds(dbx: DbOrTx, userId: string, invitationId: string): Promise<Set<string>> {
    const rows = await dbx
      .select({ id: a.id })
      .from(ea)
      .innerJoin(a, eq(a.id, ea.applicationId))
      .where(and(eq(ea.invitationId, invitationId), bidderScope(userId)));
    return new Set(rows.map((r) => r.id));
  },

  /** Live invitations (Initiated, Submitted) other than `exceptId` naming any of `ids`. */
  async liveInvitationsOf(dbx: DbOrTx, ids: string[], exceptId: string | null) {
    if (ids.length === 0) return [];
    const conds: SQL[] = [inArray(ea.applicationId, ids), inArray(i.status, ['Initiated', 'Submitted'])];
    if (exceptId) conds.push(ne(i.id, exceptId));
    return dbx
      .select({ applicationId: ea.applicationId, bidInvitationNo: i.bidInvitationNo })
      .from(ea)
      .innerJoin(i, eq(i.id, ea.invitationId))
      .where(and(...conds));
  },

  /** Staff list: every invitation with the filters, newest invitation date first. */
  async listAll(dbx: DbOrTx, q: InvitationListQuery) {
    const where = and(...listFilters(q));
    const [rows, [total]] = await Promise.all([
      dbx
        .select(invitationColumns)
        .from(i)
        .where(where)
        .orderBy(desc(i.dateOfInvitation), desc(i.createdOn), desc(i.id))
        .limit(q.pageSize)
        .offset((q.pageNumber - 1) * q.pageSize),
      dbx.select({ n: count() }).from(i).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },

  /** All invitations matching the filters (downloads), capped. */
  async allMatching(dbx: DbOrTx, q: InvitationFilters, cap: number) {
    return dbx
      .select(invitationColumns)
      .from(i)
      .where(and(...listFilters(q)))
      .orderBy(desc(i.dateOfInvitation), desc(i.createdOn), desc(i.id))
      .limit(cap);
  },

  /** Bidder list: one row per invited application of the bidder in a sent invitation. */
  async listOwn(dbx: DbOrTx, userId: string, q: InvitationFilters, page: { limit: number; offset: number }) {
    const where = and(ne(i.status, 'Draft'), bidderScope(userId), ...listFilters(q));
    const base = () =>
      dbx
        .select({
          ...invitationColumns,
          ea,
          applicationNo: a.applicationNo,
          proposalId: p.id,
          proposalStatus: p.status,
          quotedPriceTt: p.quotedPriceTt,
          submittedAt: p.submittedAt,
        })
        .from(ea)
        .innerJoin(i, eq(i.id, ea.invitationId))
        .innerJoin(a, eq(a.id, ea.applicationId))
        .leftJoin(p, eq(p.eBiddingApplicationId, ea.id));
    const [rows, [total]] = await Promise.all([
      base().where(where).orderBy(desc(i.dateOfInvitation), desc(i.createdOn), asc(ea.position)).limit(page.limit).offset(page.offset),
      dbx.select({ n: count() }).from(ea).innerJoin(i, eq(i.id, ea.invitationId)).innerJoin(a, eq(a.id, ea.applicationId)).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },

  /** Σ applied centi-MW per invitation. */
  async appliedTotals(dbx: DbOrTx, invitationIds: string[]): Promise<Map<string, number>> {
    if (invitationIds.length === 0) return new Map();
    const rows = await dbx
      .select({ id: ea.invitationId, total: sql<string>`sum(${ea.appliedCenti})` })
      .from(ea)
      .where(inArray(ea.invitationId, invitationIds))
      .groupBy(ea.invitationId);
    return new Map(rows.map((r) => [r.id, Number(r.total ?? 0)]));
  },

  /** Sent invitations past their deadline and not yet closed (database clock), oldest first. */
  async dueForClosing(dbx: DbOrTx, limit: number) {
    return dbx
      .select({ id: i.id })
      .from(i)
      .where(and(inArray(i.status, ['Initiated', 'Submitted']), sql`${i.deadlineAt} <= now()`, sql`${i.closedAt} is null`))
      .orderBy(asc(i.deadlineAt))
      .limit(limit);
  },

  /** Sent invitations whose deadline falls within `hours` from now and that had no reminder yet. */
  async dueForReminder(dbx: DbOrTx, hours: number, limit: number) {
    return dbx
      .select({ id: i.id })
      .from(i)
      .where(
        and(
          inArray(i.status, ['Initiated', 'Submitted']),
          sql`${i.reminderSentAt} is null`,
          sql`${i.deadlineAt} > now()`,
          sql`${i.deadlineAt} <= now() + make_interval(hours => ${hours})`,
        ),
      )
      .orderBy(asc(i.deadlineAt))
      .limit(limit);
  },

  /** The latest processed e-bidding of an application (details and payments). */
  async processedFor(dbx: DbOrTx, applicationId: string) {
    if (!UUID.test(applicationId)) return undefined;
    const [row] = await dbx
      .select({ ea, inv: i, proposal: p })
      .from(ea)
      .innerJoin(i, eq(i.id, ea.invitationId))
      .leftJoin(p, eq(p.eBiddingApplicationId, ea.id))
      .where(and(eq(ea.applicationId, applicationId), eq(i.status, 'Completed')))
      .orderBy(desc(i.processedAt))
      .limit(1);
    return row;
  },

  // ---- writes --------------------------------------------------------------------------------------

  /** A new invitation (first Save or a direct Submit). */
  async insert(
    tx: Tx,
    values: InvitationValues & { bidInvitationNo: string; createdBy: string; createdOn: Date },
  ): Promise<InvitationRecord> {
    const [row] = await tx.insert(i).values(values).returning();
    return row!;
  },

  /** A draft saved again or submitted. */
  async update(tx: Tx, id: string, values: InvitationValues & { version: number }): Promise<InvitationRecord> {
    const [row] = await tx.update(i).set(values).where(eq(i.id, id)).returning();
    return row!;
  },

  /** The applications the invitation names, replaced by `rows` (position order). */
  async replaceInvited(
    tx: Tx,
    invitationId: string,
    rows: { applicationId: string; appliedCenti: number }[],
    opts: { existing: boolean },
  ): Promise<void> {
    if (opts.existing) await tx.delete(ea).where(eq(ea.invitationId, invitationId));
    if (rows.length > 0)
      await tx
        .insert(ea)
        .values(rows.map((r, k) => ({ invitationId, applicationId: r.applicationId, position: k + 1, appliedCenti: r.appliedCenti })));
  },

  /** One invited application of an invitation, by its id and its application's. */
  async invitedApplication(
    dbx: DbOrTx,
    invitationId: string,
    eBiddingApplicationId: string,
    applicationId: string,
  ): Promise<InvitedApplicationRecord | undefined> {
    const [row] = await dbx
      .select()
      .from(ea)
      .where(and(eq(ea.id, eBiddingApplicationId), eq(ea.invitationId, invitationId), eq(ea.applicationId, applicationId)))
      .limit(1);
    return row;
  },

  /** The first submitted proposal makes an Initiated invitation Submitted. */
  async markSubmitted(tx: Tx, id: string, version: number, at: Date): Promise<void> {
    await tx.update(i).set({ status: 'Submitted', version, updatedOn: at }).where(eq(i.id, id));
  },

  /** What processing decided for an invited application. */
  async setInvitedResult(
    tx: Tx,
    id: string,
    values: Pick<InvitedApplicationRecord, 'status' | 'allocatedCenti' | 'applicablePriceTt' | 'dueId'>,
  ): Promise<void> {
    await tx.update(ea).set(values).where(eq(ea.id, id));
  },

  /** An invited application without a submitted proposal at the deadline is deemed withdrawn. */
  async withdrawInvited(tx: Tx, id: string): Promise<void> {
    await tx.update(ea).set({ status: 'Withdrawn' }).where(eq(ea.id, id));
  },

  async markCompleted(tx: Tx, id: string, processedBy: string, at: Date): Promise<void> {
    await tx
      .update(i)
      .set({ status: 'Completed', processedBy, processedAt: at, version: sql`${i.version} + 1`, updatedOn: at })
      .where(eq(i.id, id));
  },

  /** Closed at the deadline: Expired without a submitted proposal, else its status kept. */
  async markClosed(tx: Tx, id: string, values: Pick<InvitationRecord, 'status' | 'closedAt' | 'version' | 'updatedOn'>): Promise<void> {
    await tx.update(i).set(values).where(eq(i.id, id));
  },

  async markReminderSent(tx: Tx, id: string, at: Date): Promise<void> {
    await tx.update(i).set({ reminderSentAt: at }).where(eq(i.id, id));
  },
};
