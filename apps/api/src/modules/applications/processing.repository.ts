import { and, asc, desc, eq, inArray, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import { type ApplicationType, monthOf, QUANTUM_HOLDING_STATUSES } from '@stoa/shared/applications';

import type { DbOrTx, Tx } from '../../platform/db/client';
import { outer } from '../../platform/db/sql';
import { registrations } from '../registrations/registrations.tables';
import {
  applicationDays,
  type ApplicationRecord,
  applications,
  processingRunItems,
  type ProcessingRunRecord,
  processingRuns,
} from './applications.tables';

export type { ProcessingRunRecord } from './applications.tables';

const a = applications;
/** Processing is intra-state (decision 0011). */
export const MODE = 'IntraState' as const;

/** The batch of ProcessApplications/{type}/{date}: pending the STOA check, starting on `date` (Advance: in its month). */
const batchWhere = (type: ApplicationType, date: string) =>
  and(
    eq(a.type, type),
    eq(a.status, 'PendingSTOAApproval'),
    eq(a.mode, MODE),
    type === 'Advance' ? eq(a.month, monthOf(date)) : eq(a.fromDate, date),
  );

/**
 * Applications named in an e-bidding invitation that has not expired: their quantum is decided by
 * the bidding (decision 0015), never by AllocateQuantumProRataBasis. Plain SQL on the e-bidding
 * tables so this module does not depend on that one.
 */
const inEBidding = sql`exists (select 1 from ebidding_applications ea join ebidding_invitations ei on ei.id = ea.invitation_id where ea.application_id = ${outer(a.id)} and ei.status <> 'Expired')`;

/** SQL of processing runs (decisions 0011, 0012): runs, their items and the batches they take. */
export const processingRepository = {
  /** The run of a type recorded under `runDate` (see runDateOf). */
  async runOf(db: DbOrTx, type: ApplicationType, runDate: string): Promise<ProcessingRunRecord | undefined> {
    const [run] = await db
      .select()
      .from(processingRuns)
      .where(and(eq(processingRuns.type, type), eq(processingRuns.processingDate, runDate)))
      .limit(1);
    return run;
  },

  async runById(db: DbOrTx, id: string): Promise<ProcessingRunRecord | undefined> {
    const [run] = await db.select().from(processingRuns).where(eq(processingRuns.id, id));
    return run;
  },

  /** The runs (of a type), latest processing date first, at most 500. */
  async runs(db: DbOrTx, type?: ApplicationType): Promise<ProcessingRunRecord[]> {
    return db
      .select()
      .from(processingRuns)
      .where(type ? eq(processingRuns.type, type) : undefined)
      .orderBy(desc(processingRuns.processingDate), asc(processingRuns.type))
      .limit(500);
  },

  /** A new run, or undefined when another transaction made the run of the type and date first. */
  async insertRun(tx: Tx, values: typeof processingRuns.$inferInsert): Promise<ProcessingRunRecord | undefined> {
    const [run] = await tx.insert(processingRuns).values(values).onConflictDoNothing().returning();
    return run;
  },

  async updateRun(tx: Tx, runId: string, values: Partial<typeof processingRuns.$inferInsert>): Promise<void> {
    await tx.update(processingRuns).set(values).where(eq(processingRuns.id, runId));
  },

  /** The last position taken in the run (0 when it has no item). */
  async lastPosition(tx: Tx, runId: string): Promise<number> {
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${processingRunItems.position}), 0)::int` })
      .from(processingRunItems)
      .where(eq(processingRunItems.runId, runId));
    return last?.position ?? 0;
  },

  async insertRunItem(tx: Tx, values: typeof processingRunItems.$inferInsert): Promise<void> {
    await tx.insert(processingRunItems).values(values);
  },

  async setRunItem(
    tx: Tx,
    runId: string,
    applicationId: string,
    values: { outcome: typeof processingRunItems.$inferInsert.outcome; grantedCentiBlocks: number },
  ): Promise<void> {
    await tx
      .update(processingRunItems)
      .set(values)
      .where(and(eq(processingRunItems.runId, runId), eq(processingRunItems.applicationId, applicationId)));
  },

  /** The run's items in order with their application and its parties' names. */
  async runItems(db: DbOrTx, runId: string) {
    const seller = alias(registrations, 'seller');
    const buyer = alias(registrations, 'buyer');
    return db
      .select({
        applicationId: a.id,
        applicationNo: a.applicationNo,
        month: a.month,
        status: a.status,
        submittedAt: a.submittedAt,
        sellerName: seller.entityName,
        buyerName: buyer.entityName,
        outcome: processingRunItems.outcome,
        requested: processingRunItems.requestedCentiBlocks,
        granted: processingRunItems.grantedCentiBlocks,
      })
      .from(processingRunItems)
      .innerJoin(a, eq(a.id, processingRunItems.applicationId))
      .innerJoin(seller, eq(seller.id, a.sellerRegistrationId))
      .innerJoin(buyer, eq(buyer.id, a.buyerRegistrationId))
      .where(eq(processingRunItems.runId, runId))
      .orderBy(asc(processingRunItems.position));
  },

  /** The batch that ProcessApplications/{type}/{date} takes, in submission order; with `lock`, FOR UPDATE. */
  async batch(db: DbOrTx, type: ApplicationType, date: string, opts: { lock?: boolean } = {}): Promise<ApplicationRecord[]> {
    const q = db.select().from(a).where(batchWhere(type, date)).orderBy(asc(a.submittedAt), asc(a.applicationNo));
    return opts.lock ? await q.for('update', { of: a }) : await q;
  },

  /** The run's applications scheduled in `month`, in run order, locked FOR UPDATE (ApproveAll). */
  async lockRunApplicationsOfMonth(tx: Tx, runId: string, month: string): Promise<ApplicationRecord[]> {
    const rows = await tx
      .select({ app: a })
      .from(processingRunItems)
      .innerJoin(a, eq(a.id, processingRunItems.applicationId))
      .where(and(eq(processingRunItems.runId, runId), eq(a.month, month)))
      .orderBy(asc(processingRunItems.position))
      .for('update', { of: a });
    return rows.map((r) => r.app);
  },

  /**
   * The run's applications that AllocateQuantumProRataBasis may still grant to (pending the STOA
   * check or STOA approved, not in a live e-bidding invitation), in run order, locked FOR UPDATE.
   */
  async lockRunApplicationsToAllocate(tx: Tx, runId: string): Promise<ApplicationRecord[]> {
    const rows = await tx
      .select({ app: a })
      .from(processingRunItems)
      .innerJoin(a, eq(a.id, processingRunItems.applicationId))
      .where(and(eq(processingRunItems.runId, runId), inArray(a.status, ['PendingSTOAApproval', 'STOAApproved']), sql`not ${inEBidding}`))
      .orderBy(asc(processingRunItems.position))
      .for('update', { of: a });
    return rows.map((r) => r.app);
  },

  /**
   * The granted values of the applications holding margin (processed and not refused, intra-state)
   * on the days, with their seller and buyer registrations (whose substations make the path).
   * `exclude` leaves one application out (StoaCheck).
   */
  async holdingsOn(db: DbOrTx, days: string[], exclude?: string) {
    if (days.length === 0) return [];
    const conds: SQL[] = [
      inArray(a.status, [...QUANTUM_HOLDING_STATUSES]),
      eq(a.mode, MODE),
      inArray(applicationDays.day, days),
      isNotNull(applicationDays.granted),
    ];
    if (exclude) conds.push(ne(a.id, exclude));
    const rows = await db
      .select({
        day: applicationDays.day,
        granted: applicationDays.granted,
        sellerRegistrationId: a.sellerRegistrationId,
        buyerRegistrationId: a.buyerRegistrationId,
      })
      .from(applicationDays)
      .innerJoin(a, eq(a.id, applicationDays.applicationId))
      .where(and(...conds));
    return rows.map((r) => ({ ...r, granted: r.granted! }));
  },

  /**
   * Recounts a processing run from its items after grants made outside the run (AllocateQuantum,
   * e-bidding): the counts follow the outcomes; a congested run none of whose items is still
   * congested is Completed.
   */
  async refreshRun(tx: Tx, runId: string, finishedAt: Date): Promise<'Completed' | 'Congested'> {
    const outcomes = await tx
      .select({ outcome: processingRunItems.outcome })
      .from(processingRunItems)
      .where(eq(processingRunItems.runId, runId));
    const countOf = (o: string) => outcomes.filter((x) => x.outcome === o).length;
    const status = countOf('Congested') > 0 ? 'Congested' : 'Completed';
    await tx
      .update(processingRuns)
      .set({
        status,
        finishedAt,
        approvedCount: countOf('Approved'),
        partiallyApprovedCount: countOf('PartiallyApproved'),
        rejectedCount: countOf('NoSTOARejected'),
      })
      .where(eq(processingRuns.id, runId));
    return status;
  },

  /** Records what an application was finally granted on the items of the runs that hold it. Returns those runs. */
  async settleRunItems(
    tx: Tx,
    applicationId: string,
    outcome: 'Approved' | 'PartiallyApproved' | 'NoSTOARejected',
    grantedCentiBlocks: number,
  ): Promise<string[]> {
    const rows = await tx
      .update(processingRunItems)
      .set({ outcome, grantedCentiBlocks })
      .where(eq(processingRunItems.applicationId, applicationId))
      .returning({ runId: processingRunItems.runId });
    return [...new Set(rows.map((r) => r.runId))];
  },
};
