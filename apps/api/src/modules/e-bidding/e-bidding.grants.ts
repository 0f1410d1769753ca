/**
 * What e-bidding writes into the applications domain (decision 0015): the granted values of an
 * invited Advance application (application_days.granted) and its STOA-check step
 * (PendingSTOAApproval → STOAApproved or NoSTOARejected, the `Process` transition of the application
 * workflow), with the history row and the audit row. Kept here so the applications module is not
 * edited; it writes through the applications repository and uses the workflow table as it is, and
 * takes the money step every status change takes (`moneyOfStatusChange`: a rejection cancels the
 * unpaid dues, decision 0064).
 */
import { type AllocationOutcome, type ApplicationStatus, findApplicationTransition, outcomeOf } from '@stoa/shared/applications';
import { type CongestionWindow, grantedAfterBidding } from '@stoa/shared/e-bidding';

import type { Tx } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { applicationsRepository, setGrantedOnDay } from '../applications/applications.repository';
import { moneyOfStatusChange } from '../applications/steps';
import type { EBiddingDeps } from './e-bidding.deps';
import type { LockedApplication } from './e-bidding.repository';

export interface GrantBy {
  /** The SLDC user who processed, or null for the system (deemed withdrawal by a job). */
  userId: string | null;
  role: string;
  requestId: string | null;
}

export interface GrantResult {
  outcome: AllocationOutcome;
  status: ApplicationStatus;
  /** Per day the granted values written. */
  granted: Map<string, number[]>;
}

/**
 * Grants an invited application after e-bidding: inside the congestion window min(request,
 * `allocatedCenti`), outside it the request; `allocatedCenti` null = deemed withdrawn (nothing at
 * all). The application must be locked by the caller and in PendingSTOAApproval (else 409).
 */
export async function grantEBiddedApplication(
  tx: Tx,
  deps: EBiddingDeps,
  row: LockedApplication,
  window: CongestionWindow,
  allocatedCenti: number | null,
  by: GrantBy,
  remarks: string,
): Promise<GrantResult> {
  if (row.status !== 'PendingSTOAApproval') {
    throw new AppError('CONFLICT', `Application ${row.applicationNo} is no longer pending STOA check.`);
  }
  const days = await applicationsRepository.days(tx, row.id);
  const granted = new Map<string, number[]>();
  const allReq: number[] = [];
  const allGr: number[] = [];
  for (const d of days) {
    const g = grantedAfterBidding(window, d.day, d.requested, allocatedCenti);
    granted.set(d.day, g);
    allReq.push(...d.requested);
    allGr.push(...g);
    await setGrantedOnDay(tx, row.id, d.day, g);
  }
  const outcome = days.length === 0 ? 'NoSTOARejected' : outcomeOf(Int32Array.from(allReq), Int32Array.from(allGr));
  const t = findApplicationTransition(row.status, 'Process', 'SLDCBusinessUser', outcome);
  if (!t) throw new AppError('CONFLICT', `Application ${row.applicationNo} cannot be processed from ${row.status}.`);
  const now = deps.clock.now();
  // The same money step as every other status change: nothing granted is a rejection, so the
  // application's unpaid dues (its fee, when the fee-before-scrutiny rule let it through unpaid) are
  // cancelled with their audit rows and the payer told (decision 0064).
  const after = await moneyOfStatusChange(
    deps,
    tx,
    row.status,
    await applicationsRepository.update(tx, row.id, { status: t.to, statusSince: now, version: row.version + 1, updatedOn: now }),
    by,
  );
  await applicationsRepository.insertAction(tx, {
    applicationId: row.id,
    action: 'Process',
    fromStatus: row.status,
    toStatus: t.to,
    actorUserId: by.userId,
    actorRole: by.role,
    remarks,
    createdOn: now,
  });
  await deps.audit.record(tx, {
    actor: { id: by.userId, role: by.role },
    action: 'APPLICATION_PROCESSED',
    entity: 'Application',
    entityId: row.id,
    before: { applicationNo: row.applicationNo, status: row.status, version: row.version },
    after: { applicationNo: row.applicationNo, status: after.status, version: after.version, outcome, allocatedCenti, remarks },
    requestId: by.requestId,
  });
  // The congested run's item of the application records what the bidding gave it; the run is
  // Completed once none of its items is still congested.
  const grantedTotal = allGr.reduce((sum, x) => sum + x, 0);
  for (const runId of await applicationsRepository.settleRunItems(tx, row.id, outcome, grantedTotal))
    await applicationsRepository.refreshRun(tx, runId, now);
  return { outcome, status: t.to, granted };
}
