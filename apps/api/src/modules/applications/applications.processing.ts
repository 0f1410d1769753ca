import { and, asc, desc, eq, inArray, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import {
  type AllocationItem,
  type AllocationOutcome,
  type AllocationPreview,
  allocateOnPaths,
  APPLICATION_STATUS_LABELS,
  type ApplicationStatus,
  type ApplicationTransition,
  type ApplicationType,
  type ApproveAllResult,
  atcElementKey,
  availableOnPath,
  BLOCKS_PER_DAY,
  blocksMwh,
  centiToMw,
  congestionOf,
  enApplications,
  findApplicationTransition,
  firstDayOfMonth,
  monthOf,
  type OpenAccessDetails,
  outcomeOf,
  type ProcessingOutcome,
  type ProcessingResult,
  processingRuleOf,
  QUANTUM_HOLDING_STATUSES,
  type QuantumAllocation,
  type Role,
  type StoaCheck,
} from '@stoa/shared';

import type { RequestUser } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import type { Database, DbOrTx } from '../../platform/db/client';
import { PROCESSING_LOCK } from '../../platform/db/locks';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import type { RequestMeta } from '../account/account.service';
import { marginsOn } from '../atc/atc.repository';
import type { AuditService } from '../audit/audit.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { registrations } from '../registrations/registrations.tables';
import { users } from '../users/users.tables';
import { applicationsRepository as repo, type PartyRecord } from './applications.repository';
import type { ApplicationsCore } from './applications.service';
import { applicationDays, type ApplicationRecord, applications, processingRunItems, type ProcessingRunRecord, processingRuns } from './applications.tables';

const a = applications;
const P = enApplications.processing;
const E = enApplications.errors;
const typeLabel = (type: ApplicationType) => enApplications.typeLabels[type];
const MODE = 'IntraState' as const;

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** The path of an application (decision 0011): the seller's injection and the buyer's drawal substation, as ATC element keys. */
export function pathOf(seller: PartyRecord | undefined, buyer: PartyRecord | undefined): string[] {
  const keys = [text(seller?.data.injectionSubstation), text(buyer?.data.drawalSubstation)].filter((x): x is string => !!x).map(atcElementKey);
  return [...new Set(keys)];
}

/** The date a run is recorded under: the batch's start date; for Advance the first day of its month. */
export const runDateOf = (type: ApplicationType, date: string) => (type === 'Advance' ? firstDayOfMonth(monthOf(date)) : date);

/** The batch of ProcessApplications/{type}/{date}: pending the STOA check, starting on `date` (Advance: in its month). */
const batchWhere = (type: ApplicationType, date: string) =>
  and(eq(a.type, type), eq(a.status, 'PendingSTOAApproval'), eq(a.mode, MODE), type === 'Advance' ? eq(a.month, monthOf(date)) : eq(a.fromDate, date));

const sumOf = (values: ArrayLike<number>) => {
  let s = 0;
  for (let i = 0; i < values.length; i++) s += values[i]!;
  return s;
};
const mwList = (values: ArrayLike<number>) => Array.from(values, (v) => centiToMw(v));

/** The margins of a date re-keyed by element key, and the per-element remaining margin after the holdings. */
async function remainingMargins(dbx: DbOrTx, day: string, used: Map<string, Int32Array> | undefined): Promise<Map<string, Int32Array>> {
  const out = new Map<string, Int32Array>();
  for (const [element, blocks] of await marginsOn(dbx, MODE, day)) {
    const key = atcElementKey(element);
    const u = used?.get(key);
    const rem = new Int32Array(BLOCKS_PER_DAY);
    for (let b = 0; b < BLOCKS_PER_DAY; b++) rem[b] = Math.max(0, blocks[b]! - (u?.[b] ?? 0));
    out.set(key, rem);
  }
  return out;
}

/**
 * What the applications holding margin (processed and not refused) use on each element per day:
 * day → element key → Σ granted per block. `exclude` leaves one application out (StoaCheck).
 */
async function usedByDay(dbx: DbOrTx, days: string[], exclude?: string): Promise<Map<string, Map<string, Int32Array>>> {
  const out = new Map<string, Map<string, Int32Array>>();
  if (days.length === 0) return out;
  const seller = alias(registrations, 'seller');
  const buyer = alias(registrations, 'buyer');
  const conds: SQL[] = [inArray(a.status, [...QUANTUM_HOLDING_STATUSES]), eq(a.mode, MODE), inArray(applicationDays.day, days), isNotNull(applicationDays.granted)];
  if (exclude) conds.push(ne(a.id, exclude));
  const rows = await dbx
    .select({
      day: applicationDays.day,
      granted: applicationDays.granted,
      injection: sql<string | null>`${seller.data}->>'injectionSubstation'`,
      drawal: sql<string | null>`${buyer.data}->>'drawalSubstation'`,
    })
    .from(applicationDays)
    .innerJoin(a, eq(a.id, applicationDays.applicationId))
    .innerJoin(seller, eq(seller.id, a.sellerRegistrationId))
    .innerJoin(buyer, eq(buyer.id, a.buyerRegistrationId))
    .where(and(...conds));
  for (const r of rows) {
    let perElement = out.get(r.day);
    if (!perElement) out.set(r.day, (perElement = new Map()));
    const path = [...new Set([text(r.injection), text(r.drawal)].filter((x): x is string => !!x).map(atcElementKey))];
    for (const key of path) {
      let sum = perElement.get(key);
      if (!sum) perElement.set(key, (sum = new Int32Array(BLOCKS_PER_DAY)));
      const g = r.granted!;
      for (let b = 0; b < BLOCKS_PER_DAY; b++) sum[b] = sum[b]! + (g[b] ?? 0);
    }
  }
  return out;
}

async function daysOf(dbx: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return dbx
    .select()
    .from(applicationDays)
    .where(inArray(applicationDays.applicationId, ids))
    .orderBy(asc(applicationDays.applicationId), asc(applicationDays.day));
}

/** Flattens per-day arrays (days in order) into one array. */
const flatOf = (days: string[], values: Map<string, Int32Array>) => {
  const out = new Int32Array(days.length * BLOCKS_PER_DAY);
  days.forEach((d, k) => {
    const v = values.get(d);
    if (v) out.set(v, k * BLOCKS_PER_DAY);
  });
  return out;
};

/**
 * The pro-rata shares (decision 0012) of `requests` (per application, in submission order: day →
 * centi-MW per block) against the margin left now on each element (uploaded − held), per day, with
 * the least share over each application's path (allocateOnPaths), and the (day, element, block)
 * triples where the requests exceed that margin.
 */
async function proRataShares(dbx: DbOrTx, rows: ApplicationRecord[], requests: Map<string, Int32Array>[]) {
  const parties = await repo.registrationsByIds(dbx, rows.flatMap((r) => [r.sellerRegistrationId, r.buyerRegistrationId]));
  const paths = rows.map((r) => pathOf(parties.get(r.sellerRegistrationId), parties.get(r.buyerRegistrationId)));
  const days = [...new Set(requests.flatMap((m) => [...m.keys()]))].sort();
  const used = await usedByDay(dbx, days);
  const granted = rows.map(() => new Map<string, Int32Array>());
  let congestedBlockCount = 0;
  for (const day of days) {
    const margins = await remainingMargins(dbx, day, used.get(day));
    const members = rows.map((_, i) => i).filter((i) => requests[i]!.has(day));
    const dayBatch = { requests: members.map((i) => requests[i]!.get(day)!), paths: members.map((i) => paths[i]!), margins, blocks: BLOCKS_PER_DAY };
    for (const c of congestionOf(dayBatch)) congestedBlockCount += c.blocks.length;
    const grants = allocateOnPaths(dayBatch, 'ProRata');
    members.forEach((i, k) => granted[i]!.set(day, grants[k]!));
  }
  return { granted, days, parties, congestedBlockCount };
}

export function createApplicationProcessingService(deps: {
  db: Database;
  clock: Clock;
  audit: AuditService;
  notifications: NotificationsService;
  applications: ApplicationsCore;
}) {
  const { db, clock, audit, notifications } = deps;
  const { applyTransition, withOutcome, viewerOf, actorsOf, traderOwnerOf } = deps.applications.internal;

  async function runOf(dbx: DbOrTx, type: ApplicationType, processingDate: string): Promise<ProcessingRunRecord | undefined> {
    const [run] = await dbx
      .select()
      .from(processingRuns)
      .where(and(eq(processingRuns.type, type), eq(processingRuns.processingDate, runDateOf(type, processingDate))))
      .limit(1);
    return run;
  }

  async function resultOf(dbx: DbOrTx, run: ProcessingRunRecord): Promise<ProcessingResult> {
    const seller = alias(registrations, 'seller');
    const buyer = alias(registrations, 'buyer');
    const [items, [starter]] = await Promise.all([
      dbx
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
        .where(eq(processingRunItems.runId, run.id))
        .orderBy(asc(processingRunItems.position)),
      dbx.select({ firstName: users.firstName, lastName: users.lastName, entityName: users.entityName }).from(users).where(eq(users.id, run.startedBy)),
    ]);
    return {
      run: {
        id: run.id,
        type: run.type,
        processingDate: run.processingDate,
        status: run.status,
        startedBy: { id: run.startedBy, name: starter ? starter.entityName || `${starter.firstName} ${starter.lastName}`.trim() : '' },
        startedAt: run.startedAt.toISOString(),
        finishedAt: run.finishedAt.toISOString(),
        applicationCount: run.applicationCount,
        approvedCount: run.approvedCount,
        partiallyApprovedCount: run.partiallyApprovedCount,
        rejectedCount: run.rejectedCount,
        congestedBlockCount: run.congestedBlockCount,
        congestedElements: run.result.congestedElements,
      },
      applicationList: items.map((i) => ({
        applicationId: i.applicationId,
        applicationNo: i.applicationNo,
        month: i.month,
        sellerName: i.sellerName,
        buyerName: i.buyerName,
        submittedAt: i.submittedAt?.toISOString() ?? null,
        outcome: i.outcome,
        status: { status: i.status, statusDescription: APPLICATION_STATUS_LABELS[i.status] },
        requestedMwh: blocksMwh(i.requested),
        grantedMwh: blocksMwh(i.granted),
      })),
    };
  }

  /**
   * ProcessApplications/{type}/{date}: the batch of the type pending STOA check (schedule starting
   * on `date`; Advance: scheduled in `date`'s month) against the margin left on each element.
   */
  async function process(actor: RequestUser, type: ApplicationType, date: string, meta: RequestMeta): Promise<ProcessingResult> {
    const v = await viewerOf(actor);
    const processingDate = runDateOf(type, date);
    const runId = await inTransaction(db, async (tx) => {
      await tx.execute(PROCESSING_LOCK);
      // A processed date takes a follow-up batch (decision 0011): the applications of the date that
      // reached the SLDC since are processed against the margin left and added to the same run. A
      // congested run does not (its applications wait for e-bidding); nothing new answers 409.
      const existing = await runOf(tx, type, processingDate);
      if (existing && existing.status !== 'Completed') throw new AppError('CONFLICT', P.alreadyProcessed(typeLabel(type), processingDate));
      const batch = await tx.select().from(a).where(batchWhere(type, date)).orderBy(asc(a.submittedAt), asc(a.applicationNo)).for('update', { of: a });
      if (batch.length === 0 && existing) throw new AppError('CONFLICT', P.alreadyProcessed(typeLabel(type), processingDate));
      if (batch.length === 0) throw new AppError('BUSINESS_RULE', P.nothingToProcess(typeLabel(type), type === 'Advance' ? monthOf(date) : date));
      const now = clock.now();
      const [run] = existing
        ? [existing]
        : await tx
            .insert(processingRuns)
            .values({ type, processingDate, status: 'Completed', startedBy: v.id, startedAt: now, finishedAt: now, result: { congestedElements: [], days: [] } })
            .onConflictDoNothing()
            .returning();
      if (!run) throw new AppError('CONFLICT', P.alreadyProcessed(typeLabel(type), processingDate));
      const [last] = existing
        ? await tx.select({ position: sql<number>`coalesce(max(${processingRunItems.position}), 0)::int` }).from(processingRunItems).where(eq(processingRunItems.runId, run.id))
        : [];
      const positions = last?.position ?? 0;

      // Requests per application and day, paths, holdings, margins.
      const index = new Map(batch.map((row, i) => [row.id, i]));
      const dayRows = await daysOf(tx, batch.map((r) => r.id));
      const requested = batch.map(() => new Map<string, Int32Array>());
      for (const d of dayRows) requested[index.get(d.applicationId)!]!.set(d.day, Int32Array.from(d.requested));
      const parties = await repo.registrationsByIds(tx, batch.flatMap((r) => [r.sellerRegistrationId, r.buyerRegistrationId]));
      const paths = batch.map((r) => pathOf(parties.get(r.sellerRegistrationId), parties.get(r.buyerRegistrationId)));
      const days = [...new Set(dayRows.map((d) => d.day))].sort();
      const used = await usedByDay(tx, days);
      const rule = processingRuleOf(type);
      const granted = batch.map(() => new Map<string, Int32Array>());
      const congestedElements = new Set<string>();
      let congestedBlockCount = 0;
      for (const day of days) {
        const margins = await remainingMargins(tx, day, used.get(day));
        const members = batch.map((_, i) => i).filter((i) => requested[i]!.has(day));
        const dayBatch = { requests: members.map((i) => requested[i]!.get(day)!), paths: members.map((i) => paths[i]!), margins, blocks: BLOCKS_PER_DAY };
        if (rule === 'FullOrCongested') {
          for (const c of congestionOf(dayBatch)) {
            congestedElements.add(c.element);
            congestedBlockCount += c.blocks.length;
          }
          members.forEach((i) => granted[i]!.set(day, Int32Array.from(requested[i]!.get(day)!)));
        } else {
          const grants = allocateOnPaths(dayBatch, rule);
          members.forEach((i, k) => granted[i]!.set(day, grants[k]!));
        }
      }
      const congested = congestedBlockCount > 0;

      // Effects: grants, transitions, run items and counts.
      const counts = { Approved: 0, PartiallyApproved: 0, NoSTOARejected: 0 };
      const by = { userId: v.id, role: v.role, remarks: null, requestId: meta.requestId };
      for (const [i, row] of batch.entries()) {
        const req = [...requested[i]!.values()];
        const gr = [...requested[i]!.keys()].map((d) => granted[i]!.get(d)!);
        const reqTotal = sumOf(req.flatMap((x) => Array.from(x)));
        let outcome: ProcessingOutcome = 'Congested';
        let grantedTotal = 0;
        if (!congested) {
          const o = outcomeOf(Int32Array.from(req.flatMap((x) => Array.from(x))), Int32Array.from(gr.flatMap((x) => Array.from(x))));
          outcome = o;
          counts[o]++;
          for (const [day, g] of granted[i]!) {
            await tx
              .update(applicationDays)
              .set({ granted: Array.from(g) })
              .where(and(eq(applicationDays.applicationId, row.id), eq(applicationDays.day, day)));
            grantedTotal += sumOf(g);
          }
          const t = findApplicationTransition(row.status, 'Process', 'SLDCBusinessUser', o)!;
          await applyTransition(tx, row, t, by, {}, { batch: true });
        }
        await tx.insert(processingRunItems).values({ runId: run.id, applicationId: row.id, outcome, position: positions + i + 1, requestedCentiBlocks: reqTotal, grantedCentiBlocks: grantedTotal });
      }
      const finishedAt = clock.now();
      const totals = {
        status: congested ? ('Congested' as const) : ('Completed' as const),
        applicationCount: (existing?.applicationCount ?? 0) + batch.length,
        approvedCount: (existing?.approvedCount ?? 0) + counts.Approved,
        partiallyApprovedCount: (existing?.partiallyApprovedCount ?? 0) + counts.PartiallyApproved,
        rejectedCount: (existing?.rejectedCount ?? 0) + counts.NoSTOARejected,
        congestedBlockCount: (existing?.congestedBlockCount ?? 0) + congestedBlockCount,
      };
      await tx
        .update(processingRuns)
        .set({
          ...totals,
          finishedAt,
          result: {
            congestedElements: [...new Set([...(existing?.result.congestedElements ?? []), ...congestedElements])].sort(),
            days: [...new Set([...(existing?.result.days ?? []), ...days])].sort(),
          },
        })
        .where(eq(processingRuns.id, run.id));
      await audit.record(tx, {
        actor: { id: v.id, role: v.role },
        action: 'APPLICATIONS_PROCESSED',
        entity: 'ProcessingRun',
        entityId: run.id,
        before: existing
          ? { type, processingDate, status: existing.status, applicationCount: existing.applicationCount, approvedCount: existing.approvedCount, partiallyApprovedCount: existing.partiallyApprovedCount, rejectedCount: existing.rejectedCount }
          : null,
        after: { type, processingDate, ...totals, batchCount: batch.length, ...counts },
        requestId: meta.requestId,
      });
      if (congested) await notifications.notify(tx, { role: 'SLDCBusinessUser', message: P.congested(typeLabel(type), monthOf(date)) });
      const pending = counts.Approved + counts.PartiallyApproved;
      if (pending > 0) await notifications.notify(tx, { role: 'SLDCApproverI', message: P.runPendingApproval(typeLabel(type), processingDate, pending) });
      return run.id;
    });
    const [run] = await db.select().from(processingRuns).where(eq(processingRuns.id, runId));
    return resultOf(db, run!);
  }

  /** ApproveAll/{type}/{processingDate}/{month}: every application of the run (and month) at the caller's level. */
  async function approveAll(actor: RequestUser, type: ApplicationType, processingDate: string, month: string, meta: RequestMeta): Promise<ApproveAllResult> {
    const v = await viewerOf(actor);
    const level: ApplicationStatus = v.role === 'SLDCApproverI' ? 'STOAApproved' : 'SLDCApproverIApproved';
    return inTransaction(db, async (tx) => {
      const run = await runOf(tx, type, processingDate);
      if (!run) throw new AppError('NOT_FOUND', P.runNotFound);
      const rows = await tx
        .select({ app: a })
        .from(processingRunItems)
        .innerJoin(a, eq(a.id, processingRunItems.applicationId))
        .where(and(eq(processingRunItems.runId, run.id), eq(a.month, month)))
        .orderBy(asc(processingRunItems.position))
        .for('update', { of: a });
      const at = rows.map((r) => r.app).filter((r) => r.status === level);
      if (at.length === 0) throw new AppError('BUSINESS_RULE', P.nothingToApprove);
      const by = { userId: v.id, role: v.role, remarks: null, requestId: meta.requestId };
      const out: ApproveAllResult['applicationList'] = [];
      for (const row of at) {
        let t: ApplicationTransition | undefined = findApplicationTransition(row.status, 'Approve', v.role as Role);
        if (!t) continue;
        if (t.when) t = await withOutcome(tx, row, t);
        const after = await applyTransition(tx, row, t, by, {}, { batch: true });
        out.push({ applicationId: after.id, applicationNo: after.applicationNo, status: { status: after.status, statusDescription: APPLICATION_STATUS_LABELS[after.status] } });
      }
      if (v.role === 'SLDCApproverI' && out.length > 0) await notifications.notify(tx, { role: 'SLDCApproverII', message: P.runPendingApproval(typeLabel(type), run.processingDate, out.length) });
      return { approvedCount: out.length, skippedCount: rows.length - out.length, applicationList: out };
    });
  }

  async function visible(actor: RequestUser, id: string): Promise<{ row: ApplicationRecord; parties: Map<string, PartyRecord> }> {
    const v = await viewerOf(actor);
    const row = await repo.findVisible(db, v, id);
    if (!row) throw new AppError('NOT_FOUND', E.notFound);
    // Scope is the phase 1 record scope; the actors are computed so a trader outside it stays out.
    if (actorsOf(v, row, await traderOwnerOf(db, row)).length === 0) throw new AppError('NOT_FOUND', E.notFound);
    return { row, parties: await repo.registrationsByIds(db, [row.sellerRegistrationId, row.buyerRegistrationId]) };
  }


  const itemOf = (row: ApplicationRecord, parties: Map<string, PartyRecord>, requested: number, previous: number | null, granted: number, outcome: AllocationOutcome, status: ApplicationStatus): AllocationItem => ({
    applicationId: row.id,
    applicationNo: row.applicationNo,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    sellerName: parties.get(row.sellerRegistrationId)?.entityName ?? '',
    buyerName: parties.get(row.buyerRegistrationId)?.entityName ?? '',
    status: { status, statusDescription: APPLICATION_STATUS_LABELS[status] },
    requestedMwh: blocksMwh(requested),
    previousGrantedMwh: previous === null ? null : blocksMwh(previous),
    grantedMwh: blocksMwh(granted),
    outcome,
  });

  /** Per application of `rows`: day → requested and day → granted (absent while not processed). */
  async function valuesOf(dbx: DbOrTx, rows: ApplicationRecord[]) {
    const index = new Map(rows.map((r, i) => [r.id, i]));
    const requested = rows.map(() => new Map<string, Int32Array>());
    const granted = rows.map(() => new Map<string, Int32Array>());
    for (const d of await daysOf(dbx, rows.map((r) => r.id))) {
      const i = index.get(d.applicationId)!;
      requested[i]!.set(d.day, Int32Array.from(d.requested));
      if (d.granted) granted[i]!.set(d.day, Int32Array.from(d.granted));
    }
    return { requested, granted };
  }

  /**
   * AllocateProRata (decision 0012): a dry run of the pro-rata rule (DOMAIN.md §3 Day-Ahead: per
   * block margin / requested, 0.01 MW, leftovers by earliest submission) on the batch that
   * ProcessApplications/{type}/{date} would take now, against the margin left now. Nothing is saved.
   */
  async function previewProRata(type: ApplicationType, date: string): Promise<AllocationPreview> {
    const batch = await db.select().from(a).where(batchWhere(type, date)).orderBy(asc(a.submittedAt), asc(a.applicationNo));
    if (batch.length === 0) throw new AppError('BUSINESS_RULE', P.nothingToProcess(typeLabel(type), type === 'Advance' ? monthOf(date) : date));
    const { requested } = await valuesOf(db, batch);
    const { granted, days, parties, congestedBlockCount } = await proRataShares(db, batch, requested);
    let req = 0;
    let gr = 0;
    const applicationList = batch.map((row, i) => {
      const ds = [...requested[i]!.keys()].sort();
      const r = flatOf(ds, requested[i]!);
      const g = flatOf(ds, granted[i]!);
      req += sumOf(r);
      gr += sumOf(g);
      return itemOf(row, parties, sumOf(r), null, sumOf(g), outcomeOf(r, g), row.status);
    });
    return { type, processingDate: runDateOf(type, date), days, congestedBlockCount, requestedMwh: blocksMwh(req), grantedMwh: blocksMwh(gr), applicationList };
  }

  /**
   * AllocateQuantumProRataBasis/{processingDate}/{type} (decision 0012): the margin left now on the
   * paths is shared pro-rata — on what each still lacks — among the run's applications that are short:
   * those left pending by a congested Advance run (processed now: STOAApproved or NoSTOARejected, the
   * run becomes Completed) and those pending SLDC approval (STOAApproved) granted less than asked
   * (their grants grow; the status stays). One transaction under the processing lock.
   */
  async function allocateQuantum(actor: RequestUser, type: ApplicationType, processingDate: string, meta: RequestMeta): Promise<QuantumAllocation> {
    const v = await viewerOf(actor);
    const by = { userId: v.id, role: v.role, remarks: null, requestId: meta.requestId };
    const { runId, items, added } = await inTransaction(db, async (tx) => {
      await tx.execute(PROCESSING_LOCK);
      const run = await runOf(tx, type, processingDate);
      if (!run) throw new AppError('NOT_FOUND', P.runNotFound);
      const members = await tx
        .select({ app: a })
        .from(processingRunItems)
        .innerJoin(a, eq(a.id, processingRunItems.applicationId))
        .where(and(eq(processingRunItems.runId, run.id), inArray(a.status, ['PendingSTOAApproval', 'STOAApproved']), sql`not ${repo.inEBidding}`))
        .orderBy(asc(processingRunItems.position))
        .for('update', { of: a });
      const rows = members.map((m) => m.app);
      const { requested, granted } = await valuesOf(tx, rows);
      const shortOf = (i: number) => {
        const unmet = new Map<string, Int32Array>();
        let any = false;
        for (const [day, r] of requested[i]!) {
          const g = granted[i]!.get(day);
          const u = new Int32Array(BLOCKS_PER_DAY);
          for (let b = 0; b < BLOCKS_PER_DAY; b++) {
            u[b] = Math.max(0, r[b]! - (g?.[b] ?? 0));
            if (u[b]! > 0) any = true;
          }
          unmet.set(day, u);
        }
        return { unmet, any };
      };
      const short = rows.map((row, i) => ({ row, i, ...shortOf(i) })).filter((x) => x.row.status === 'PendingSTOAApproval' || x.any);
      if (short.length === 0) throw new AppError('BUSINESS_RULE', P.nothingToAllocate);
      const shares = await proRataShares(
        tx,
        short.map((x) => x.row),
        short.map((x) => x.unmet),
      );
      // Nothing to hand out (no margin left on any short path): refused before anything is written,
      // so a congested Advance run is not rejected wholesale (decision 0012).
      if (short.every((_, k) => shares.granted[k]!.size === 0 || [...shares.granted[k]!.values()].every((g) => sumOf(g) === 0))) {
        throw new AppError('BUSINESS_RULE', P.nothingToAllocate);
      }
      const now = clock.now();
      const items: AllocationItem[] = [];
      let added = 0;
      let pendingApproval = 0;
      for (const [k, x] of short.entries()) {
        const days = [...requested[x.i]!.keys()].sort();
        const before = flatOf(days, granted[x.i]!);
        const extra = flatOf(days, shares.granted[k]!);
        const plus = sumOf(extra);
        const pending = x.row.status === 'PendingSTOAApproval';
        if (plus === 0 && !pending) continue;
        for (const [d, day] of days.entries()) {
          const g = new Int32Array(BLOCKS_PER_DAY);
          for (let b = 0; b < BLOCKS_PER_DAY; b++) g[b] = before[d * BLOCKS_PER_DAY + b]! + extra[d * BLOCKS_PER_DAY + b]!;
          await tx
            .update(applicationDays)
            .set({ granted: Array.from(g) })
            .where(and(eq(applicationDays.applicationId, x.row.id), eq(applicationDays.day, day)));
        }
        const after = new Int32Array(before.length);
        for (let j = 0; j < after.length; j++) after[j] = before[j]! + extra[j]!;
        const req = flatOf(days, requested[x.i]!);
        const outcome = outcomeOf(req, after);
        let status: ApplicationStatus = x.row.status;
        if (pending) {
          const t = findApplicationTransition(x.row.status, 'Process', 'SLDCBusinessUser', outcome)!;
          status = (await applyTransition(tx, x.row, t, by, {}, { batch: true })).status;
        } else {
          await tx.update(a).set({ version: x.row.version + 1, updatedOn: now }).where(eq(a.id, x.row.id));
          await repo.insertAction(tx, { applicationId: x.row.id, action: 'Allocate', fromStatus: x.row.status, toStatus: x.row.status, actorUserId: v.id, actorRole: v.role, remarks: null, createdOn: now });
          await audit.record(tx, {
            actor: { id: v.id, role: v.role },
            action: 'APPLICATION_QUANTUM_ALLOCATED',
            entity: 'Application',
            entityId: x.row.id,
            before: { applicationNo: x.row.applicationNo, status: x.row.status, version: x.row.version, grantedMwh: blocksMwh(sumOf(before)) },
            after: { applicationNo: x.row.applicationNo, status: x.row.status, version: x.row.version + 1, grantedMwh: blocksMwh(sumOf(after)), addedMwh: blocksMwh(plus) },
            requestId: meta.requestId,
          });
          const owner = await traderOwnerOf(tx, x.row);
          const userIds = [...new Set([x.row.applicantUserId, x.row.createdByUserId, ...(owner ? [owner] : [])])];
          await notifications.notify(tx, { userIds, message: P.quantumAllocated(x.row.applicationNo, blocksMwh(sumOf(after))) });
        }
        if (status === 'STOAApproved') pendingApproval++;
        await tx
          .update(processingRunItems)
          .set({ outcome, grantedCentiBlocks: sumOf(after) })
          .where(and(eq(processingRunItems.runId, run.id), eq(processingRunItems.applicationId, x.row.id)));
        items.push(itemOf(x.row, shares.parties, sumOf(req), pending ? null : sumOf(before), sumOf(after), outcome, status));
        added += plus;
      }
      if (items.length === 0) throw new AppError('BUSINESS_RULE', P.nothingToAllocate);
      // The run's counts follow its items' outcomes; a congested run whose applications are all processed is Completed.
      const runStatus = await repo.refreshRun(tx, run.id, clock.now());
      await audit.record(tx, {
        actor: { id: v.id, role: v.role },
        action: 'APPLICATIONS_QUANTUM_ALLOCATED',
        entity: 'ProcessingRun',
        entityId: run.id,
        before: { type, processingDate: run.processingDate, status: run.status },
        after: { type, processingDate: run.processingDate, status: runStatus, allocatedCount: items.length, allocatedMwh: blocksMwh(added) },
        requestId: meta.requestId,
      });
      if (pendingApproval > 0) await notifications.notify(tx, { role: 'SLDCApproverI', message: P.allocatedPendingApproval(typeLabel(type), run.processingDate, pendingApproval) });
      return { runId: run.id, items, added };
    });
    const [run] = await db.select().from(processingRuns).where(eq(processingRuns.id, runId));
    return { allocatedCount: items.length, allocatedMwh: blocksMwh(added), applicationList: items, result: await resultOf(db, run!) };
  }

  return {
    process,
    approveAll,
    previewProRata,
    allocateQuantum,

    async result(type: ApplicationType, processingDate: string): Promise<ProcessingResult> {
      const run = await runOf(db, type, processingDate);
      if (!run) throw new AppError('NOT_FOUND', P.runNotFound);
      return resultOf(db, run);
    },

    async dates(type?: ApplicationType) {
      const rows = await db
        .select()
        .from(processingRuns)
        .where(type ? eq(processingRuns.type, type) : undefined)
        .orderBy(desc(processingRuns.processingDate), asc(processingRuns.type))
        .limit(500);
      return rows.map((r) => ({ id: r.id, type: r.type, processingDate: r.processingDate, status: r.status, finishedAt: r.finishedAt.toISOString(), applicationCount: r.applicationCount }));
    },

    /** StoaCheck/{id}: requested vs the margin left on the path (without the application's own holding), per day and block. */
    async stoaCheck(actor: RequestUser, id: string): Promise<StoaCheck> {
      const { row, parties } = await visible(actor, id);
      const seller = parties.get(row.sellerRegistrationId);
      const buyer = parties.get(row.buyerRegistrationId);
      const dayRows = await repo.days(db, row.id);
      const used = await usedByDay(db, dayRows.map((d) => d.day), row.id);
      const path = pathOf(seller, buyer);
      const matchedNames = new Map<string, string>();
      const days: StoaCheck['days'] = [];
      let shortTotal = 0;
      for (const d of dayRows) {
        const raw = await marginsOn(db, MODE, d.day);
        for (const name of raw.keys()) if (!matchedNames.has(atcElementKey(name))) matchedNames.set(atcElementKey(name), name);
        const available = availableOnPath(path, await remainingMargins(db, d.day, used.get(d.day)), BLOCKS_PER_DAY);
        let short = 0;
        for (let b = 0; b < BLOCKS_PER_DAY; b++) if (d.requested[b]! > available[b]!) short++;
        shortTotal += short;
        days.push({ date: d.day, requested: mwList(d.requested), available: mwList(available), shortBlockCount: short });
      }
      const side = (kind: 'Injection' | 'Drawal', substation: string | null) => ({ side: kind, substation, element: substation ? (matchedNames.get(atcElementKey(substation)) ?? null) : null });
      return {
        applicationId: row.id,
        applicationNo: row.applicationNo,
        status: row.status,
        path: [side('Injection', text(seller?.data.injectionSubstation)), side('Drawal', text(buyer?.data.drawalSubstation))],
        days,
        shortBlockCount: shortTotal,
      };
    },

    /** GetOpenAccessDetails/{applicationId}: requested and granted MW per day and block. */
    async openAccessDetails(actor: RequestUser, id: string): Promise<OpenAccessDetails> {
      const { row, parties } = await visible(actor, id);
      const dayRows = await repo.days(db, row.id);
      let req = 0;
      let gr = 0;
      const processed = dayRows.length > 0 && dayRows.every((d) => d.granted);
      const days = dayRows.map((d) => {
        const r = sumOf(d.requested);
        const g = d.granted ? sumOf(d.granted) : 0;
        req += r;
        gr += g;
        return { date: d.day, requested: mwList(d.requested), granted: d.granted ? mwList(d.granted) : null, requestedMwh: blocksMwh(r), grantedMwh: d.granted ? blocksMwh(g) : null };
      });
      return {
        applicationId: row.id,
        applicationNo: row.applicationNo,
        applicationType: row.type,
        status: row.status,
        statusDescription: APPLICATION_STATUS_LABELS[row.status],
        sellerName: parties.get(row.sellerRegistrationId)?.entityName ?? '',
        buyerName: parties.get(row.buyerRegistrationId)?.entityName ?? '',
        days,
        requestedMwh: blocksMwh(req),
        grantedMwh: processed ? blocksMwh(gr) : null,
      };
    },
  };
}
export type ApplicationProcessingService = ReturnType<typeof createApplicationProcessingService>;
