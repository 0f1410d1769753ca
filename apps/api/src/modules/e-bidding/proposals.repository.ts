import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';

import type { InvitationListQuery, ProposalStatus } from '@stoa/shared/e-bidding';

import type { DbOrTx, Tx } from '../../platform/db/client';
import { outer } from '../../platform/db/sql';
import { applications } from '../applications/applications.tables';
import { users } from '../users/users.tables';
import { bidderScope } from './e-bidding.repository';
import { eBiddingApplications, eBiddingInvitations, eBiddingProposals, type ProposalRecord } from './e-bidding.tables';
import { invitationColumns, listFilters } from './invitations.repository';

/** The bid proposals (Form ST3), one per invited application. */

const i = eBiddingInvitations;
const ea = eBiddingApplications;
const p = eBiddingProposals;
const a = applications;

/** What a bidder writes on Form ST3 (Save or Submit). */
export interface ProposalValues {
  status: 'Draft' | 'Submitted';
  quotedPriceTt: number;
  place: string | null;
  authorizedPersonName: string | null;
  authorizedPersonDesignation: string | null;
  submittedBy: string | null;
}

export const proposalsRepository = {
  async proposalsOf(dbx: DbOrTx, invitationId: string, statuses: ProposalStatus[]): Promise<ProposalRecord[]> {
    return dbx
      .select()
      .from(p)
      .where(and(eq(p.invitationId, invitationId), inArray(p.status, statuses)))
      .orderBy(asc(p.submittedAt), asc(p.id));
  },

  async proposalOfInvited(dbx: DbOrTx, eBiddingApplicationId: string): Promise<ProposalRecord | undefined> {
    const [row] = await dbx.select().from(p).where(eq(p.eBiddingApplicationId, eBiddingApplicationId)).limit(1);
    return row;
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
          applicantName: sql<string>`(select coalesce(nullif(u.entity_name, ''), u.first_name || ' ' || u.last_name) from ${users} u where u.id = ${outer(a.applicantUserId)})`,
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

  /**
   * Saves or submits the proposal of an invited application: inserted, or updated while it is a
   * Draft. `submittedAt` is the database clock of this transaction (the one the deadline check used).
   * Undefined when a proposal exists and is no longer a draft.
   */
  async saveUnlessSent(
    tx: Tx,
    keys: { invitationId: string; eBiddingApplicationId: string; applicationId: string; createdBy: string },
    values: ProposalValues,
  ): Promise<ProposalRecord | undefined> {
    const set = { ...values, submittedAt: values.status === 'Submitted' ? sql`now()` : null, updatedOn: sql`now()` };
    const [row] = await tx
      .insert(p)
      .values({ ...keys, ...set })
      .onConflictDoUpdate({ target: p.eBiddingApplicationId, set, setWhere: sql`${p.status} = 'Draft'` })
      .returning();
    return row;
  },

  /** Processing: every submitted proposal of the invitation is Completed. */
  async completeSubmitted(tx: Tx, invitationId: string): Promise<void> {
    await tx
      .update(p)
      .set({ status: 'Completed', updatedOn: sql`now()` })
      .where(and(eq(p.invitationId, invitationId), eq(p.status, 'Submitted')));
  },

  /** The drafts of invited applications deemed withdrawn read Expired (decision 0016). */
  async expireDrafts(tx: Tx, invitationId: string, eBiddingApplicationIds: string[]): Promise<void> {
    await tx
      .update(p)
      .set({ status: 'Expired', updatedOn: sql`now()` })
      .where(and(eq(p.invitationId, invitationId), eq(p.status, 'Draft'), inArray(p.eBiddingApplicationId, eBiddingApplicationIds)));
  },
};
