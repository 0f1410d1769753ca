/**
 * Pro-rata allocations (decision 0012): AllocateProRata, a dry run of the pro-rata rule on the
 * batch a processing run would take now, and AllocateQuantumProRataBasis, which shares the margin
 * left now among a run's applications that are short.
 */
import {
  type AllocationItem,
  type AllocationOutcome,
  type AllocationPreview,
  allocateOnPaths,
  APPLICATION_STATUS_LABELS,
  type ApplicationStatus,
  type ApplicationType,
  BLOCKS_PER_DAY,
  congestionOf,
  findApplicationTransition,
  monthOf,
  outcomeOf,
  type QuantumAllocation,
} from '@stoa/shared/applications';
import { centiBlocksToMwh } from '@stoa/shared/common';
import { enApplications } from '@stoa/shared/messages';
import { WEB_LINKS } from '@stoa/shared/navigation';

import type { RequestUser } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db/client';
import { PROCESSING_LOCK } from '../../platform/db/locks';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import type { RequestMeta } from '../account/account.service';
import { type PartyRecord, partiesRepository } from '../registrations/registrations.parties.repository';
import { type ApplicationsDeps, traderOwnerOf, typeLabel, viewerOf } from './applications.access';
import { applicationsRepository as repo, type ApplicationRecord } from './applications.repository';
import { flatOf, pathOf, remainingMargins, runDateOf, sumOf, usedByDay } from './margins';
import { resultOf } from './processing';
import { processingRepository as runs } from './processing.repository';
import { applyTransition } from './steps';

const P = enApplications.processing;

/**
 * The pro-rata shares (decision 0012) of `requests` (per application, in submission order: day →
 * centi-MW per block) against the margin left now on each element (uploaded − held), per day, with
 * the least share over each application's path (allocateOnPaths), and the (day, element, block)
 * triples where the requests exceed that margin.
 */
async function proRataShares(db: DbOrTx, rows: ApplicationRecord[], requests: Map<string, Int32Array>[]) {
  const parties = await partiesRepository.byIds(
    db,
    rows.flatMap((r) => [r.sellerRegistrationId, r.buyerRegistrationId]),
  );
  const paths = rows.map((r) => pathOf(parties.get(r.sellerRegistrationId), parties.get(r.buyerRegistrationId)));
  const days = [...new Set(requests.flatMap((m) => [...m.keys()]))].sort();
  const used = await usedByDay(db, days);
  const granted = rows.map(() => new Map<string, Int32Array>());
  let congestedBlockCount = 0;
  for (const day of days) {
    const margins = await remainingMargins(db, day, used.get(day));
    const members = rows.map((_, i) => i).filter((i) => requests[i]!.has(day));
    const dayBatch = {
      requests: members.map((i) => requests[i]!.get(day)!),
      paths: members.map((i) => paths[i]!),
      margins,
      blocks: BLOCKS_PER_DAY,
    };
    for (const c of congestionOf(dayBatch)) congestedBlockCount += c.blocks.length;
    const grants = allocateOnPaths(dayBatch, 'ProRata');
    members.forEach((i, k) => granted[i]!.set(day, grants[k]!));
  }
  return { granted, days, parties, congestedBlockCount };
}

const itemOf = (
  row: ApplicationRecord,
  parties: Map<string, PartyRecord>,
  requested: number,
  previous: number | null,
  granted: number,
  outcome: AllocationOutcome,
  status: ApplicationStatus,
): AllocationItem => ({
  applicationId: row.id,
  applicationNo: row.applicationNo,
  submittedAt: row.submittedAt?.toISOString() ?? null,
  sellerName: parties.get(row.sellerRegistrationId)?.entityName ?? '',
  buyerName: parties.get(row.buyerRegistrationId)?.entityName ?? '',
  status: { status, statusDescription: APPLICATION_STATUS_LABELS[status] },
  requestedMwh: centiBlocksToMwh(requested),
  previousGrantedMwh: previous === null ? null : centiBlocksToMwh(previous),
  grantedMwh: centiBlocksToMwh(granted),
  outcome,
});

/** Per application of `rows`: day → requested and day → granted (absent while not processed). */
async function valuesOf(db: DbOrTx, rows: ApplicationRecord[]) {
  const index = new Map(rows.map((r, i) => [r.id, i]));
  const requested = rows.map(() => new Map<string, Int32Array>());
  const granted = rows.map(() => new Map<string, Int32Array>());
  for (const d of await repo.daysOfMany(
    db,
    rows.map((r) => r.id),
  )) {
    const i = index.get(d.applicationId)!;
    requested[i]!.set(d.day, Int32Array.from(d.requested));
    if (d.granted) granted[i]!.set(d.day, Int32Array.from(d.granted));
  }
  return { requested, granted };
}

/** What each application still lacks (requested − granted) per day, and whether it lacks anything. */
function shortOf(requested: Map<string, Int32Array>, granted: Map<string, Int32Array>) {
  const unmet = new Map<string, Int32Array>();
  let any = false;
  for (const [day, r] of requested) {
    const g = granted.get(day);
    const u = new Int32Array(BLOCKS_PER_DAY);
    for (let b = 0; b < BLOCKS_PER_DAY; b++) {
      u[b] = Math.max(0, r[b]! - (g?.[b] ?? 0));
      if (u[b]! > 0) any = true;
    }
    unmet.set(day, u);
  }
  return { unmet, any };
}

/**
 * AllocateProRata (decision 0012): a dry run of the pro-rata rule (DOMAIN.md §3 Day-Ahead: per
 * block margin / requested, 0.01 MW, leftovers by earliest submission) on the batch that
 * ProcessApplications/{type}/{date} would take now, against the margin left now. Nothing is saved.
 */
export async function previewProRata(deps: ApplicationsDeps, type: ApplicationType, date: string): Promise<AllocationPreview> {
  const { db } = deps;
  const batch = await runs.batch(db, type, date);
  if (batch.length === 0)
    throw new AppError('BUSINESS_RULE', P.nothingToProcess(typeLabel(type), type === 'Advance' ? monthOf(date) : date));
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
  return {
    type,
    processingDate: runDateOf(type, date),
    days,
    congestedBlockCount,
    requestedMwh: centiBlocksToMwh(req),
    grantedMwh: centiBlocksToMwh(gr),
    applicationList,
  };
}

/**
 * AllocateQuantumProRataBasis/{processingDate}/{type} (decision 0012): the margin left now on the
 * paths is shared pro-rata — on what each still lacks — among the run's applications that are short:
 * those left pending by a congested Advance run (processed now: STOAApproved or NoSTOARejected, the
 * run becomes Completed) and those pending SLDC approval (STOAApproved) granted less than asked
 * (their grants grow; the status stays). One transaction under the processing lock.
 */
export async function allocateQuantum(
  deps: ApplicationsDeps,
  actor: RequestUser,
  type: ApplicationType,
  processingDate: string,
  meta: RequestMeta,
): Promise<QuantumAllocation> {
  const { db, clock, audit, notifications } = deps;
  const v = await viewerOf(db, actor);
  const by = { userId: v.id, role: v.role, remarks: null, requestId: meta.requestId };
  const { runId, items, added } = await inTransaction(db, async (tx) => {
    await tx.execute(PROCESSING_LOCK);
    const run = await runs.runOf(tx, type, runDateOf(type, processingDate));
    if (!run) throw new AppError('NOT_FOUND', P.runNotFound);
    const rows = await runs.lockRunApplicationsToAllocate(tx, run.id);
    const { requested, granted } = await valuesOf(tx, rows);
    const short = rows
      .map((row, i) => ({ row, i, ...shortOf(requested[i]!, granted[i]!) }))
      .filter((x) => x.row.status === 'PendingSTOAApproval' || x.any);
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
        await repo.setGranted(tx, x.row.id, day, g);
      }
      const after = new Int32Array(before.length);
      for (let j = 0; j < after.length; j++) after[j] = before[j]! + extra[j]!;
      const req = flatOf(days, requested[x.i]!);
      const outcome = outcomeOf(req, after);
      let status: ApplicationStatus = x.row.status;
      if (pending) {
        const t = findApplicationTransition(x.row.status, 'Process', 'SLDCBusinessUser', outcome)!;
        status = (await applyTransition(deps, tx, x.row, t, by, {}, { batch: true })).status;
      } else {
        await repo.update(tx, x.row.id, { version: x.row.version + 1, updatedOn: now });
        await repo.insertAction(tx, {
          applicationId: x.row.id,
          action: 'Allocate',
          fromStatus: x.row.status,
          toStatus: x.row.status,
          actorUserId: v.id,
          actorRole: v.role,
          remarks: null,
          createdOn: now,
        });
        await audit.record(tx, {
          actor: { id: v.id, role: v.role },
          action: 'APPLICATION_QUANTUM_ALLOCATED',
          entity: 'Application',
          entityId: x.row.id,
          before: {
            applicationNo: x.row.applicationNo,
            status: x.row.status,
            version: x.row.version,
            grantedMwh: centiBlocksToMwh(sumOf(before)),
          },
          after: {
            applicationNo: x.row.applicationNo,
            status: x.row.status,
            version: x.row.version + 1,
            grantedMwh: centiBlocksToMwh(sumOf(after)),
            addedMwh: centiBlocksToMwh(plus),
          },
          requestId: meta.requestId,
        });
        const owner = await traderOwnerOf(tx, x.row);
        const userIds = [...new Set([x.row.applicantUserId, x.row.createdByUserId, ...(owner ? [owner] : [])])];
        await notifications.notify(tx, {
          userIds,
          message: P.quantumAllocated(x.row.applicationNo, centiBlocksToMwh(sumOf(after))),
          link: WEB_LINKS.oaApplication(x.row.type, x.row.id),
        });
      }
      if (status === 'STOAApproved') pendingApproval++;
      await runs.setRunItem(tx, run.id, x.row.id, { outcome, grantedCentiBlocks: sumOf(after) });
      items.push(itemOf(x.row, shares.parties, sumOf(req), pending ? null : sumOf(before), sumOf(after), outcome, status));
      added += plus;
    }
    if (items.length === 0) throw new AppError('BUSINESS_RULE', P.nothingToAllocate);
    // The run's counts follow its items' outcomes; a congested run whose applications are all processed is Completed.
    const runStatus = await runs.refreshRun(tx, run.id, clock.now());
    await audit.record(tx, {
      actor: { id: v.id, role: v.role },
      action: 'APPLICATIONS_QUANTUM_ALLOCATED',
      entity: 'ProcessingRun',
      entityId: run.id,
      before: { type, processingDate: run.processingDate, status: run.status },
      after: {
        type,
        processingDate: run.processingDate,
        status: runStatus,
        allocatedCount: items.length,
        allocatedMwh: centiBlocksToMwh(added),
      },
      requestId: meta.requestId,
    });
    if (pendingApproval > 0)
      await notifications.notify(tx, {
        role: 'SLDCApproverI',
        message: P.allocatedPendingApproval(typeLabel(type), run.processingDate, pendingApproval),
        link: WEB_LINKS.processing(type),
      });
    return { runId: run.id, items, added };
  });
  return {
    allocatedCount: items.length,
    allocatedMwh: centiBlocksToMwh(added),
    applicationList: items,
    result: await resultOf(db, (await runs.runById(db, runId))!),
  };
}
