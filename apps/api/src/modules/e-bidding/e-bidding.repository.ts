import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import type { InvitationListQuery } from '@stoa/shared';

import type { DbOrTx, Tx } from '../../platform/db/client';
import { applicationDays, applications, applicationSchedules, processingRunItems } from '../applications/applications.tables';
import { registrations } from '../registrations/registrations.tables';
import { users } from '../users/users.tables';
import { eBiddingApplications, eBiddingInvitationNoSeq, eBiddingInvitations, eBiddingProposals } from './e-bidding.tables';

const i = eBiddingInvitations;
const ea = eBiddingApplications;
const p = eBiddingProposals;
const a = applications;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Database-clock flags of an invitation: every deadline decision is taken on `now()` of the database. */
export const clockFlags = {
  deadlinePassed: sql<boolean>`coalesce(${i.deadlineAt} <= now(), false)`.as('deadline_passed'),
  openingReached: sql<boolean>`coalesce(${i.bidOpeningAt} <= now(), false)`.as('opening_reached'),
  congestionStarted: sql<boolean>`coalesce((${i.congestionFromDate}::text || ' ' || ${i.congestionFromTime} || ':00+05:30')::timestamptz <= now(), false)`.as('congestion_started'),
};

/** The applications a bidder acts for: as the applicant, as the trader who filed it, or as the owner of its trader registration. */
export function bidderScope(userId: string): SQL {
  return or(
    eq(a.applicantUserId, userId),
    eq(a.createdByUserId, userId),
    sql`exists (select 1 from ${registrations} tr where tr.id = ${a.traderRegistrationId} and tr.owner_user_id = ${userId})`,
  )!;
}

function listFilters(q: Omit<InvitationListQuery, 'pageNumber' | 'pageSize'>): SQL[] {
  const conds: SQL[] = [];
  if (q.monthOfInvitation) conds.push(sql`to_char(${i.dateOfInvitation}, 'YYYY-MM') = ${q.monthOfInvitation}`);
  if (q.lastDateOfSubmission) conds.push(eq(i.lastDateOfSubmission, q.lastDateOfSubmission));
  if (q.invitationNo) conds.push(ilike(i.bidInvitationNo, `%${q.invitationNo.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (q.status) conds.push(eq(i.status, q.status === 'None' ? 'Draft' : q.status));
  return conds;
}

const invitationColumns = { inv: i, ...clockFlags };

/** Applications matching `where` with what the forms show of their applicant. */
function applicantsWhere(dbx: DbOrTx, where: SQL, limit: number) {
  const applicant = alias(users, 'applicant');
  const seller = alias(registrations, 'seller');
  const buyer = alias(registrations, 'buyer');
  return dbx
    .select({
      app: a,
      applicantName: sql<string>`coalesce(nullif(${applicant.entityName}, ''), ${applicant.firstName} || ' ' || ${applicant.lastName})`,
      applicantType: applicant.entityType,
      sellerOwner: seller.ownerUserId,
      sellerNo: seller.registrationNo,
      sellerValidity: seller.expiredOn,
      sellerCategory: sql<string | null>`${seller.data}->>'category'`,
      buyerNo: buyer.registrationNo,
      buyerValidity: buyer.expiredOn,
      buyerCategory: sql<string | null>`${buyer.data}->>'category'`,
    })
    .from(a)
    .innerJoin(applicant, eq(applicant.id, a.applicantUserId))
    .innerJoin(seller, eq(seller.id, a.sellerRegistrationId))
    .innerJoin(buyer, eq(buyer.id, a.buyerRegistrationId))
    .where(where)
    .orderBy(asc(a.submittedAt), asc(a.applicationNo))
    .limit(limit);
}


export const eBiddingRepository = {
  async nextInvitationNo(tx: Tx, year: string): Promise<string> {
    const res = (await tx.execute(sql`select nextval(${eBiddingInvitationNoSeq.seqName ?? 'ebidding_invitation_no_seq'})::int as n`)) as unknown as { rows: { n: number }[] };
    return `EB/${year}/${String(res.rows[0]!.n).padStart(6, '0')}`;
  },

  /** The invitation with the database-clock flags; `lock` takes it FOR UPDATE (serialises proposals, processing and the jobs). */
  async invitation(dbx: DbOrTx, id: string, opts: { lock?: boolean } = {}) {
    if (!UUID.test(id)) return undefined;
    const q = dbx.select(invitationColumns).from(i).where(eq(i.id, id)).limit(1);
    const [row] = opts.lock ? await q.for('update', { of: i }) : await q;
    return row;
  },

  /** The invited applications of invitations with what the forms show of each (position order). */
  async invited(dbx: DbOrTx, invitationIds: string[]) {
    if (invitationIds.length === 0) return [];
    const applicant = alias(users, 'applicant');
    const seller = alias(registrations, 'seller');
    const buyer = alias(registrations, 'buyer');
    return dbx
      .select({
        ea,
        app: a,
        applicantName: sql<string>`coalesce(nullif(${applicant.entityName}, ''), ${applicant.firstName} || ' ' || ${applicant.lastName})`,
        applicantType: applicant.entityType,
        sellerOwner: seller.ownerUserId,
        sellerNo: seller.registrationNo,
        sellerValidity: seller.expiredOn,
        sellerCategory: sql<string | null>`${seller.data}->>'category'`,
        buyerNo: buyer.registrationNo,
        buyerValidity: buyer.expiredOn,
        buyerCategory: sql<string | null>`${buyer.data}->>'category'`,
      })
      .from(ea)
      .innerJoin(a, eq(a.id, ea.applicationId))
      .innerJoin(applicant, eq(applicant.id, a.applicantUserId))
      .innerJoin(seller, eq(seller.id, a.sellerRegistrationId))
      .innerJoin(buyer, eq(buyer.id, a.buyerRegistrationId))
      .where(inArray(ea.invitationId, invitationIds))
      .orderBy(asc(ea.invitationId), asc(ea.position));
  },

  /** One application with what Form ST3 shows of its applicant (no scope check). */
  async applicant(dbx: DbOrTx, applicationId: string) {
    if (!UUID.test(applicationId)) return undefined;
    const [row] = await applicantsWhere(dbx, eq(a.id, applicationId), 1);
    return row;
  },

  /** Congested Advance applications pending STOA check (decision 0011), optionally of a month, oldest submission first. */
  async congestedCandidates(dbx: DbOrTx, month: string | null | undefined, limit: number) {
    const conds: SQL[] = [
      eq(a.type, 'Advance'),
      eq(a.status, 'PendingSTOAApproval'),
      sql`exists (select 1 from ${processingRunItems} ri where ri.application_id = ${a.id} and ri.outcome = 'Congested')`,
    ];
    if (month) conds.push(eq(a.month, month));
    return applicantsWhere(dbx, and(...conds)!, limit);
  },

  async isBidderOf(dbx: DbOrTx, userId: string, applicationId: string): Promise<boolean> {
    if (!UUID.test(applicationId)) return false;
    const [row] = await dbx.select({ id: a.id }).from(a).where(and(eq(a.id, applicationId), bidderScope(userId))).limit(1);
    return !!row;
  },

  /** The applications of an invitation the user bids for (one query). */
  async bidderApplicationIds(dbx: DbOrTx, userId: string, invitationId: string): Promise<Set<string>> {
    const rows = await dbx.select({ id: a.id }).from(ea).innerJoin(a, eq(a.id, ea.applicationId)).where(and(eq(ea.invitationId, invitationId), bidderScope(userId)));
    return new Set(rows.map((r) => r.id));
  },

  /** Locks applications FOR UPDATE in id order (no deadlocks between transactions locking several). */
  async lockApplications(tx: Tx, ids: string[]) {
    const valid = [...new Set(ids.filter((id) => UUID.test(id)))].sort();
    if (valid.length === 0) return [];
    return tx.select().from(a).where(inArray(a.id, valid)).orderBy(asc(a.id)).for('update', { of: a });
  },

  /** Applications of `ids` recorded Congested by an Advance processing run (decision 0011). */
  async congestedIds(dbx: DbOrTx, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await dbx
      .selectDistinct({ id: processingRunItems.applicationId })
      .from(processingRunItems)
      .where(and(inArray(processingRunItems.applicationId, ids), eq(processingRunItems.outcome, 'Congested')));
    return new Set(rows.map((r) => r.id));
  },

  /** Live invitations (Initiated, Submitted) other than `exceptId` naming any of `ids`. */
  async liveInvitationsOf(dbx: DbOrTx, ids: string[], exceptId: string | null) {
    if (ids.length === 0) return [];
    const conds: SQL[] = [inArray(ea.applicationId, ids), inArray(i.status, ['Initiated', 'Submitted'])];
    if (exceptId) conds.push(ne(i.id, exceptId));
    return dbx.select({ applicationId: ea.applicationId, bidInvitationNo: i.bidInvitationNo }).from(ea).innerJoin(i, eq(i.id, ea.invitationId)).where(and(...conds));
  },

  async days(dbx: DbOrTx, applicationIds: string[]) {
    if (applicationIds.length === 0) return [];
    return dbx.select().from(applicationDays).where(inArray(applicationDays.applicationId, applicationIds)).orderBy(asc(applicationDays.applicationId), asc(applicationDays.day));
  },

  async schedules(dbx: DbOrTx, applicationId: string) {
    return dbx.select().from(applicationSchedules).where(eq(applicationSchedules.applicationId, applicationId)).orderBy(asc(applicationSchedules.rowNo));
  },

  async proposalsOf(dbx: DbOrTx, invitationId: string, statuses: string[]) {
    return dbx
      .select()
      .from(p)
      .where(and(eq(p.invitationId, invitationId), inArray(p.status, statuses as never[])))
      .orderBy(asc(p.submittedAt), asc(p.id));
  },

  async proposalOfInvited(dbx: DbOrTx, eBiddingApplicationId: string) {
    const [row] = await dbx.select().from(p).where(eq(p.eBiddingApplicationId, eBiddingApplicationId)).limit(1);
    return row;
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
  async allMatching(dbx: DbOrTx, q: Omit<InvitationListQuery, 'pageNumber' | 'pageSize'>, cap: number) {
    return dbx.select(invitationColumns).from(i).where(and(...listFilters(q))).orderBy(desc(i.dateOfInvitation), desc(i.createdOn), desc(i.id)).limit(cap);
  },

  /** Bidder list: one row per invited application of the bidder in a sent invitation. */
  async listOwn(dbx: DbOrTx, userId: string, q: Omit<InvitationListQuery, 'pageNumber' | 'pageSize'>, page: { limit: number; offset: number }) {
    const where = and(ne(i.status, 'Draft'), bidderScope(userId), ...listFilters(q));
    const base = () => dbx.select({ ...invitationColumns, ea, applicationNo: a.applicationNo, proposalId: p.id, proposalStatus: p.status, quotedPriceTt: p.quotedPriceTt, submittedAt: p.submittedAt }).from(ea).innerJoin(i, eq(i.id, ea.invitationId)).innerJoin(a, eq(a.id, ea.applicationId)).leftJoin(p, eq(p.eBiddingApplicationId, ea.id));
    const [rows, [total]] = await Promise.all([
      base().where(where).orderBy(desc(i.dateOfInvitation), desc(i.createdOn), asc(ea.position)).limit(page.limit).offset(page.offset),
      dbx.select({ n: count() }).from(ea).innerJoin(i, eq(i.id, ea.invitationId)).innerJoin(a, eq(a.id, ea.applicationId)).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },

  /** Bidder proposals: the bidder's proposals with their invitation. */
  async listOwnProposals(dbx: DbOrTx, userId: string, q: InvitationListQuery) {
    const where = and(bidderScope(userId), ...listFilters(q));
    const [rows, [total]] = await Promise.all([
      dbx
        .select({
          ...invitationColumns,
          ea,
          p,
          applicationNo: a.applicationNo,
          applicantName: sql<string>`(select coalesce(nullif(u.entity_name, ''), u.first_name || ' ' || u.last_name) from ${users} u where u.id = ${a.applicantUserId})`,
        })
        .from(p)
        .innerJoin(ea, eq(ea.id, p.eBiddingApplicationId))
        .innerJoin(i, eq(i.id, p.invitationId))
        .innerJoin(a, eq(a.id, p.applicationId))
        .where(where)
        .orderBy(desc(p.updatedOn), desc(p.id))
        .limit(q.pageSize)
        .offset((q.pageNumber - 1) * q.pageSize),
      dbx.select({ n: count() }).from(p).innerJoin(i, eq(i.id, p.invitationId)).innerJoin(a, eq(a.id, p.applicationId)).where(where),
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

  /** The users to tell about an invited application: its applicant, who filed it, its trader registration owner. */
  async biddersOf(dbx: DbOrTx, applicationIds: string[]): Promise<Map<string, string[]>> {
    if (applicationIds.length === 0) return new Map();
    const tr = alias(registrations, 'trader_reg');
    const rows = await dbx
      .select({ id: a.id, applicant: a.applicantUserId, creator: a.createdByUserId, traderOwner: tr.ownerUserId })
      .from(a)
      .leftJoin(tr, eq(tr.id, a.traderRegistrationId))
      .where(inArray(a.id, applicationIds));
    return new Map(rows.map((r) => [r.id, [...new Set([r.applicant, r.creator, r.traderOwner].filter((x): x is string => !!x))]]));
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
};
