import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import { congestionWindow, type CongestionWindow } from '@stoa/shared/e-bidding';

import type { DbOrTx, Tx } from '../../platform/db/client';
import { PROCESSING_LOCK } from '../../platform/db/locks';
import { outer } from '../../platform/db/sql';
import {
  applicationDays,
  type ApplicationRecord,
  applications,
  processingRunItems,
  processingRuns,
} from '../applications/applications.tables';
import { registrations } from '../registrations/registrations.tables';
import { eBiddingApplications, eBiddingInvitations } from './e-bidding.tables';
import { users } from '../users/users.tables';

/**
 * The queries e-bidding shares between its sub-aggregates and what it reads of the applications an
 * invitation names (the applicant as Form ST3 shows it, the bidders, the congestion the processing
 * runs found). The invitations and proposals have their own repositories
 * (`invitations.repository.ts`, `proposals.repository.ts`). Writes to the applications themselves
 * go through the applications repository (`e-bidding.grants.ts`).
 */

export type { InvitationRecord, InvitationTexts, InvitedApplicationRecord, ProposalRecord } from './e-bidding.tables';
/** An application row as e-bidding locks it before granting (the applications module's record). */
export type LockedApplication = ApplicationRecord;

const a = applications;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The applications a bidder acts for: as the applicant, as the trader who filed it, or as the owner of its trader registration. */
export function bidderScope(userId: string): SQL {
  return or(
    eq(a.applicantUserId, userId),
    eq(a.createdByUserId, userId),
    sql`exists (select 1 from ${registrations} tr where tr.id = ${outer(a.traderRegistrationId)} and tr.owner_user_id = ${userId})`,
  )!;
}

/** What the forms show of an application's applicant (joined as `applicant`, `seller`, `buyer`). */
export function applicantColumns() {
  const applicant = alias(users, 'applicant');
  const seller = alias(registrations, 'seller');
  const buyer = alias(registrations, 'buyer');
  return {
    applicant,
    seller,
    buyer,
    columns: {
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
    },
  };
}

/** Applications matching `where` with what the forms show of their applicant. */
function applicantsWhere(dbx: DbOrTx, where: SQL, limit: number) {
  const { applicant, seller, buyer, columns } = applicantColumns();
  return dbx
    .select(columns)
    .from(a)
    .innerJoin(applicant, eq(applicant.id, a.applicantUserId))
    .innerJoin(seller, eq(seller.id, a.sellerRegistrationId))
    .innerJoin(buyer, eq(buyer.id, a.buyerRegistrationId))
    .where(where)
    .orderBy(asc(a.submittedAt), asc(a.applicationNo))
    .limit(limit);
}

export const eBiddingRepository = {
  /**
   * The advisory lock every writer of granted quantum takes first (platform/db/locks, decision 0015):
   * processing and the close job grant like processing runs do.
   */
  async takeProcessingLock(tx: Tx): Promise<void> {
    await tx.execute(PROCESSING_LOCK);
  },

  /** The database clock of the transaction (the clock of every deadline decision). */
  async databaseNow(tx: Tx): Promise<Date> {
    const res = (await tx.execute(sql`select now() as now`)) as unknown as { rows: { now: string | Date }[] };
    return new Date(res.rows[0]!.now);
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
      sql`exists (select 1 from ${processingRunItems} ri where ri.application_id = ${outer(a.id)} and ri.outcome = 'Congested')`,
    ];
    if (month) conds.push(eq(a.month, month));
    return applicantsWhere(dbx, and(...conds)!, limit);
  },

  async isBidderOf(dbx: DbOrTx, userId: string, applicationId: string): Promise<boolean> {
    if (!UUID.test(applicationId)) return false;
    const [row] = await dbx
      .select({ id: a.id })
      .from(a)
      .where(and(eq(a.id, applicationId), bidderScope(userId)))
      .limit(1);
    return !!row;
  },

  /** Locks applications FOR UPDATE in id order (no deadlocks between transactions locking several). */
  async lockApplications(tx: Tx, ids: string[]): Promise<LockedApplication[]> {
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

  /**
   * Where the applications are congested (decision 0016): the elements their Congested processing
   * runs found congested (element keys), and each application's path as the runs read it (decision
   * 0011: the seller's injection and the buyer's drawal substation, as entered).
   */
  async congestionOf(dbx: DbOrTx, ids: string[]): Promise<{ runElements: string[]; pathTexts: string[] }> {
    if (ids.length === 0) return { runElements: [], pathTexts: [] };
    const seller = alias(registrations, 'seller');
    const buyer = alias(registrations, 'buyer');
    const [runs, paths] = await Promise.all([
      dbx
        .selectDistinct({ id: processingRuns.id, result: processingRuns.result })
        .from(processingRunItems)
        .innerJoin(processingRuns, eq(processingRuns.id, processingRunItems.runId))
        .where(and(inArray(processingRunItems.applicationId, ids), eq(processingRunItems.outcome, 'Congested'))),
      dbx
        .select({
          injection: sql<string | null>`${seller.data}->>'injectionSubstation'`,
          drawal: sql<string | null>`${buyer.data}->>'drawalSubstation'`,
        })
        .from(a)
        .innerJoin(seller, eq(seller.id, a.sellerRegistrationId))
        .innerJoin(buyer, eq(buyer.id, a.buyerRegistrationId))
        .where(inArray(a.id, ids)),
    ]);
    return {
      runElements: [...new Set(runs.flatMap((r) => r.result.congestedElements))],
      pathTexts: paths.flatMap((p) => [p.injection, p.drawal]).filter((x): x is string => typeof x === 'string' && x.trim() !== ''),
    };
  },

  /** The per-day requests and grants of applications (application then day order). */
  async days(dbx: DbOrTx, applicationIds: string[]) {
    if (applicationIds.length === 0) return [];
    return dbx
      .select()
      .from(applicationDays)
      .where(inArray(applicationDays.applicationId, applicationIds))
      .orderBy(asc(applicationDays.applicationId), asc(applicationDays.day));
  },

  /**
   * The congestion windows in which an application was allocated quantum by a processed (Completed)
   * invitation (Allocated or PartiallyAllocated): the energy it owes the e-bidding price on, which
   * the transmission charge of its final approval leaves out (decision 0057).
   */
  async allocatedWindowsOf(dbx: DbOrTx, applicationId: string): Promise<CongestionWindow[]> {
    if (!UUID.test(applicationId)) return [];
    const inv = eBiddingInvitations;
    const rows = await dbx
      .select({
        fromDate: inv.congestionFromDate,
        toDate: inv.congestionToDate,
        fromTime: inv.congestionFromTime,
        toTime: inv.congestionToTime,
      })
      .from(eBiddingApplications)
      .innerJoin(inv, eq(inv.id, eBiddingApplications.invitationId))
      .where(
        and(
          eq(eBiddingApplications.applicationId, applicationId),
          inArray(eBiddingApplications.status, ['Allocated', 'PartiallyAllocated']),
          eq(inv.status, 'Completed'),
        ),
      )
      .orderBy(asc(inv.congestionFromDate), asc(inv.id));
    return rows.flatMap((r) =>
      r.fromDate && r.toDate && r.fromTime && r.toTime ? [congestionWindow(r.fromDate, r.toDate, r.fromTime, r.toTime)] : [],
    );
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
};
