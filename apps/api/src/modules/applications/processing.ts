/**
 * Processing runs (issue 5 phase 2, decision 0011): ProcessApplications against the margin left on
 * each element, ApproveAll at the approvers' levels, and the runs' results and dates.
 */
import {
  allocateOnPaths,
  APPLICATION_STATUS_LABELS,
  type ApplicationStatus,
  type ApplicationTransition,
  type ApplicationType,
  type ApproveAllResult,
  BLOCKS_PER_DAY,
  congestionOf,
  findApplicationTransition,
  monthOf,
  outcomeOf,
  type ProcessingOutcome,
  type ProcessingResult,
  processingRuleOf,
} from '@stoa/shared/applications';
import { centiBlocksToMwh } from '@stoa/shared/common';
import { enApplications } from '@stoa/shared/messages';
import type { Role } from '@stoa/shared/account';
import { WEB_LINKS } from '@stoa/shared/navigation';

import type { RequestUser } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db/client';
import { PROCESSING_LOCK } from '../../platform/db/locks';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import type { RequestMeta } from '../account/account.service';
import { partiesRepository } from '../registrations/registrations.parties.repository';
import { type ApplicationsDeps, typeLabel, viewerOf } from './applications.access';
import { applicationsRepository as repo } from './applications.repository';
import { pathOf, remainingMargins, runDateOf, sumOf, usedByDay } from './margins';
import { processingRepository as runs, type ProcessingRunRecord } from './processing.repository';
import { applyTransition, withOutcome } from './steps';

const P = enApplications.processing;

/** A run with its items as GetApplicationProcessingResult answers it. */
export async function resultOf(db: DbOrTx, run: ProcessingRunRecord): Promise<ProcessingResult> {
  const [items, people] = await Promise.all([runs.runItems(db, run.id), repo.usersByIds(db, [run.startedBy])]);
  return {
    run: {
      id: run.id,
      type: run.type,
      processingDate: run.processingDate,
      status: run.status,
      startedBy: { id: run.startedBy, name: people.get(run.startedBy)?.name ?? '' },
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
      requestedMwh: centiBlocksToMwh(i.requested),
      grantedMwh: centiBlocksToMwh(i.granted),
    })),
  };
}

/**
 * ProcessApplications/{type}/{date}: the batch of the type pending STOA check (schedule starting
 * on `date`; Advance: scheduled in `date`'s month) against the margin left on each element.
 */
export async function processApplications(
  deps: ApplicationsDeps,
  actor: RequestUser,
  type: ApplicationType,
  date: string,
  meta: RequestMeta,
): Promise<ProcessingResult> {
  const { db, clock, audit, notifications } = deps;
  const v = await viewerOf(db, actor);
  const processingDate = runDateOf(type, date);
  const runId = await inTransaction(db, async (tx) => {
    await tx.execute(PROCESSING_LOCK);
    // A processed date takes a follow-up batch (decision 0011): the applications of the date that
    // reached the SLDC since are processed against the margin left and added to the same run. A
    // congested run does not (its applications wait for e-bidding); nothing new answers 409.
    const existing = await runs.runOf(tx, type, processingDate);
    if (existing && existing.status !== 'Completed') throw new AppError('CONFLICT', P.alreadyProcessed(typeLabel(type), processingDate));
    const batch = await runs.batch(tx, type, date, { lock: true });
    if (batch.length === 0 && existing) throw new AppError('CONFLICT', P.alreadyProcessed(typeLabel(type), processingDate));
    if (batch.length === 0)
      throw new AppError('BUSINESS_RULE', P.nothingToProcess(typeLabel(type), type === 'Advance' ? monthOf(date) : date));
    const now = clock.now();
    const run =
      existing ??
      (await runs.insertRun(tx, {
        type,
        processingDate,
        status: 'Completed',
        startedBy: v.id,
        startedAt: now,
        finishedAt: now,
        result: { congestedElements: [], days: [] },
      }));
    if (!run) throw new AppError('CONFLICT', P.alreadyProcessed(typeLabel(type), processingDate));
    const positions = existing ? await runs.lastPosition(tx, run.id) : 0;

    // Requests per application and day, paths, holdings, margins.
    const index = new Map(batch.map((row, i) => [row.id, i]));
    const dayRows = await repo.daysOfMany(
      tx,
      batch.map((r) => r.id),
    );
    const requested = batch.map(() => new Map<string, Int32Array>());
    for (const d of dayRows) requested[index.get(d.applicationId)!]!.set(d.day, Int32Array.from(d.requested));
    const parties = await partiesRepository.byIds(
      tx,
      batch.flatMap((r) => [r.sellerRegistrationId, r.buyerRegistrationId]),
    );
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
      const dayBatch = {
        requests: members.map((i) => requested[i]!.get(day)!),
        paths: members.map((i) => paths[i]!),
        margins,
        blocks: BLOCKS_PER_DAY,
      };
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
          await repo.setGranted(tx, row.id, day, g);
          grantedTotal += sumOf(g);
        }
        const t = findApplicationTransition(row.status, 'Process', 'SLDCBusinessUser', o)!;
        await applyTransition(deps, tx, row, t, by, {}, { batch: true });
      }
      await runs.insertRunItem(tx, {
        runId: run.id,
        applicationId: row.id,
        outcome,
        position: positions + i + 1,
        requestedCentiBlocks: reqTotal,
        grantedCentiBlocks: grantedTotal,
      });
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
    await runs.updateRun(tx, run.id, {
      ...totals,
      finishedAt,
      result: {
        congestedElements: [...new Set([...(existing?.result.congestedElements ?? []), ...congestedElements])].sort(),
        days: [...new Set([...(existing?.result.days ?? []), ...days])].sort(),
      },
    });
    await audit.record(tx, {
      actor: { id: v.id, role: v.role },
      action: 'APPLICATIONS_PROCESSED',
      entity: 'ProcessingRun',
      entityId: run.id,
      before: existing
        ? {
            type,
            processingDate,
            status: existing.status,
            applicationCount: existing.applicationCount,
            approvedCount: existing.approvedCount,
            partiallyApprovedCount: existing.partiallyApprovedCount,
            rejectedCount: existing.rejectedCount,
          }
        : null,
      after: { type, processingDate, ...totals, batchCount: batch.length, ...counts },
      requestId: meta.requestId,
    });
    if (congested)
      await notifications.notify(tx, {
        role: 'SLDCBusinessUser',
        message: P.congested(typeLabel(type), monthOf(date)),
        link: WEB_LINKS.processing(type),
      });
    const pending = counts.Approved + counts.PartiallyApproved;
    if (pending > 0)
      await notifications.notify(tx, {
        role: 'SLDCApproverI',
        message: P.runPendingApproval(typeLabel(type), processingDate, pending),
        link: WEB_LINKS.processing(type),
      });
    return run.id;
  });
  return resultOf(db, (await runs.runById(db, runId))!);
}

/** ApproveAll/{type}/{processingDate}/{month}: every application of the run (and month) at the caller's level. */
export async function approveAll(
  deps: ApplicationsDeps,
  actor: RequestUser,
  type: ApplicationType,
  processingDate: string,
  month: string,
  meta: RequestMeta,
): Promise<ApproveAllResult> {
  const v = await viewerOf(deps.db, actor);
  const level: ApplicationStatus = v.role === 'SLDCApproverI' ? 'STOAApproved' : 'SLDCApproverIApproved';
  return inTransaction(deps.db, async (tx) => {
    const run = await runs.runOf(tx, type, runDateOf(type, processingDate));
    if (!run) throw new AppError('NOT_FOUND', P.runNotFound);
    const rows = await runs.lockRunApplicationsOfMonth(tx, run.id, month);
    const at = rows.filter((r) => r.status === level);
    if (at.length === 0) throw new AppError('BUSINESS_RULE', P.nothingToApprove);
    const by = { userId: v.id, role: v.role, remarks: null, requestId: meta.requestId };
    const out: ApproveAllResult['applicationList'] = [];
    for (const row of at) {
      let t: ApplicationTransition | undefined = findApplicationTransition(row.status, 'Approve', v.role as Role);
      if (!t) continue;
      if (t.when) t = await withOutcome(tx, row, t);
      const after = await applyTransition(deps, tx, row, t, by, {}, { batch: true });
      out.push({
        applicationId: after.id,
        applicationNo: after.applicationNo,
        status: { status: after.status, statusDescription: APPLICATION_STATUS_LABELS[after.status] },
      });
    }
    if (v.role === 'SLDCApproverI' && out.length > 0)
      await deps.notifications.notify(tx, {
        role: 'SLDCApproverII',
        message: P.runPendingApproval(typeLabel(type), run.processingDate, out.length),
        link: WEB_LINKS.processing(type),
      });
    return { approvedCount: out.length, skippedCount: rows.length - out.length, applicationList: out };
  });
}

/** GetApplicationProcessingResult/{type}/{processingDate}. */
export async function processingResult(deps: ApplicationsDeps, type: ApplicationType, processingDate: string): Promise<ProcessingResult> {
  const run = await runs.runOf(deps.db, type, runDateOf(type, processingDate));
  if (!run) throw new AppError('NOT_FOUND', P.runNotFound);
  return resultOf(deps.db, run);
}

/** GetApplicationProcessingDates: the runs (of a type), latest first. */
export async function processingDates(deps: ApplicationsDeps, type?: ApplicationType) {
  const rows = await runs.runs(deps.db, type);
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    processingDate: r.processingDate,
    status: r.status,
    finishedAt: r.finishedAt.toISOString(),
    applicationCount: r.applicationCount,
  }));
}
