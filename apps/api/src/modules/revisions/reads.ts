/**
 * What revisions show (decision 0013): an application's current schedule, the applications the
 * caller may revise, the revision lists and one revision with its schedule versions.
 */
import {
  availableRevisionActions,
  type CurrentSchedule,
  effectiveBlockOf,
  hasRevisableBlocks,
  type RevisableApplicationList,
  type RevisionAction,
  type RevisionActor,
  type RevisionDetail,
  revisionEffect,
  type RevisionList,
  type RevisionListQuery,
  type RevisionStatus,
} from '@stoa/shared/revisions';
import { blockStartTime } from '@stoa/shared/applications';
import { centiBlocksToMwh, istDate } from '@stoa/shared/common';
import type { Role } from '@stoa/shared/account';

import type { RequestUser } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db/client';
import { LOAD_CENTRE } from '../applications/applications.access';
import { applicationsRepository as appsRepo } from '../applications/applications.repository';
import type { Viewer } from '../registrations/registrations.repository';
import {
  applicationOr404,
  type Days,
  effectiveOf,
  grantedOf,
  isRevisable,
  leadBlocks,
  mwDays,
  notFound,
  partyNames,
  type RevisionsDeps,
  rowValues,
  STATUS_LABELS,
  sumBlocks,
  viewerOf,
} from './revisions.access';
import { revisionsRepository as repo, type RevisionRecord } from './revisions.repository';

export async function currentSchedule(deps: RevisionsDeps, actor: RequestUser, applicationId: string): Promise<CurrentSchedule> {
  const { db } = deps;
  const v = await viewerOf(db, actor);
  const app = await applicationOr404(db, v, applicationId);
  const [granted, lead, latest, names] = await Promise.all([
    grantedOf(db, app.id),
    leadBlocks(deps, db),
    repo.latestVersionNo(db, app.id),
    partyNames(db, app),
  ]);
  const effective = effectiveBlockOf(deps.clock.now(), lead);
  return {
    applicationId: app.id,
    applicationNo: app.applicationNo,
    applicationType: app.type,
    status: app.status,
    ...names,
    fromDate: app.fromDate,
    toDate: app.toDate,
    currentVersion: latest ?? 0,
    leadBlocks: lead,
    effective: effectiveOf(effective),
    revisable: isRevisable(app) && hasRevisableBlocks(granted, effective),
    days: mwDays(granted),
  };
}

export async function revisableApplications(
  deps: RevisionsDeps,
  actor: RequestUser,
  q: { pageNumber: number; pageSize: number; applicationNo?: string },
): Promise<RevisableApplicationList> {
  const v = await viewerOf(deps.db, actor);
  const { rows, total } = await repo.revisable(deps.db, v, istDate(deps.clock.now()), q);
  return {
    applicationList: rows.map((x) => ({
      id: x.id,
      applicationNo: x.applicationNo,
      applicationType: x.type,
      status: x.status,
      sellerName: x.sellerName,
      buyerName: x.buyerName,
      fromDate: x.fromDate,
      toDate: x.toDate,
    })),
    dataCount: total,
  };
}

export async function listRevisions(deps: RevisionsDeps, actor: RequestUser, q: RevisionListQuery): Promise<RevisionList> {
  const v = await viewerOf(deps.db, actor);
  const { rows, total } = await repo.list(deps.db, v, q);
  return {
    revisionList: rows.map((x) => ({
      id: x.id,
      revisionNo: x.revisionNo,
      applicationId: x.applicationId,
      applicationNo: x.applicationNo,
      applicationType: x.type,
      status: { status: x.status, statusDescription: STATUS_LABELS[x.status] },
      sellerName: x.sellerName,
      buyerName: x.buyerName,
      requestedBy: x.requesterEntityName || `${x.requesterFirstName} ${x.requesterLastName}`.trim(),
      requestedAt: x.requestedAt.toISOString(),
      effectiveDate: x.effectiveDate,
      effectiveTime: blockStartTime(x.effectiveBlock),
      scheduleVersion: x.scheduleVersion,
      reducedMwh: centiBlocksToMwh(Number(x.reducedCentiBlocks)),
      decidedAt: x.decidedAt?.toISOString() ?? null,
    })),
    dataCount: total,
  };
}

/** Applies a revision's rows to the current values as requested (the schedule it would make). */
export function applyRows(current: Days, rows: Awaited<ReturnType<typeof repo.rows>>): Days {
  const next: Days = new Map([...current].map(([d, b]) => [d, Int32Array.from(b)]));
  for (const row of rows) {
    for (const [date, blocks] of next) {
      if (date < row.fromDate || date > row.toDate) continue;
      for (let b = row.fromBlock; b <= row.toBlock; b++) blocks[b - 1] = Math.min(blocks[b - 1]!, row.revisedCenti);
    }
  }
  return next;
}

export async function buildDetail(dbx: DbOrTx, v: Viewer, rev: RevisionRecord): Promise<RevisionDetail> {
  const app = (await appsRepo.findById(dbx, rev.applicationId))!;
  const [rows, history, stored, granted, names, people] = await Promise.all([
    repo.rows(dbx, rev.id),
    repo.history(dbx, rev.id),
    repo.versions(dbx, app.id),
    grantedOf(dbx, app.id),
    partyNames(dbx, app),
    appsRepo.usersByIds(dbx, [rev.requestedByUserId]),
  ]);
  // Before the first change (an approved revision or a curtailment) the schedule as approved is v0 (not yet stored).
  const versions =
    stored.length > 0
      ? stored.map((s) => {
          const days = new Map(s.days.map((d) => [d.day, d.granted]));
          return {
            versionNo: s.versionNo,
            source: s.source,
            revisionId: s.revisionId,
            revisionNo: s.revisionNo,
            curtailmentId: s.curtailmentId,
            curtailmentNo: s.curtailmentNo,
            createdAt: s.createdAt.toISOString(),
            totalMwh: centiBlocksToMwh(sumBlocks(days)),
            days: mwDays(days),
          };
        })
      : [
          {
            versionNo: 0,
            source: 'Approval' as const,
            revisionId: null,
            revisionNo: null,
            curtailmentId: null,
            curtailmentNo: null,
            createdAt: app.statusSince.toISOString(),
            totalMwh: centiBlocksToMwh(sumBlocks(granted)),
            days: mwDays(granted),
          },
        ];
  const effective = { date: rev.effectiveDate, block: rev.effectiveBlock };
  let proposed: Days | null = null;
  let figures = {
    reducedCentiBlocks: rev.reducedCentiBlocks,
    retainedCentiBlocks: rev.retainedCentiBlocks,
    releasedCentiBlocks: rev.releasedCentiBlocks,
  };
  if (rev.status === 'Requested') {
    proposed = applyRows(granted, rows);
    figures = revisionEffect(granted, proposed, effective);
  }
  const actors: RevisionActor[] = LOAD_CENTRE.includes(v.role) ? [v.role] : [];
  const requester = people.get(rev.requestedByUserId);
  return {
    id: rev.id,
    revisionNo: rev.revisionNo,
    status: rev.status,
    statusDescription: STATUS_LABELS[rev.status],
    version: rev.version,
    application: {
      id: app.id,
      applicationNo: app.applicationNo,
      applicationType: app.type,
      status: app.status,
      ...names,
      fromDate: app.fromDate,
      toDate: app.toDate,
    },
    requestedBy: { id: rev.requestedByUserId, name: requester?.name ?? '', role: (requester?.role ?? 'OABusinessUser') as Role },
    requestedAt: rev.requestedAt.toISOString(),
    effective: effectiveOf(effective),
    revisionList: rowValues(rows).map((x, i) => ({ rowNo: i + 1, ...x })),
    remarks: rev.remarks,
    scheduleVersion: rev.status === 'Requested' ? versions[versions.length - 1]!.versionNo + 1 : rev.scheduleVersion,
    reducedMwh: centiBlocksToMwh(Number(figures.reducedCentiBlocks)),
    retainedMwh: centiBlocksToMwh(Number(figures.retainedCentiBlocks)),
    releasedMwh: centiBlocksToMwh(Number(figures.releasedCentiBlocks)),
    versions,
    proposed: proposed ? mwDays(proposed) : null,
    allowedActions: availableRevisionActions(rev.status, actors),
    history: history.map((h) => ({
      action: h.action as RevisionAction,
      toStatus: h.toStatus as RevisionStatus,
      actorName: h.firstName !== null ? `${h.firstName} ${h.lastName ?? ''}`.trim() : null,
      role: (h.actorRole as Role | null) ?? null,
      remarks: h.remarks,
      at: h.createdOn.toISOString(),
    })),
  };
}

export async function revisionDetail(
  deps: RevisionsDeps,
  actor: RequestUser,
  revisionId: string,
  applicationId: string,
): Promise<RevisionDetail> {
  const v = await viewerOf(deps.db, actor);
  const rev = await repo.findVisible(deps.db, v, revisionId);
  if (!rev || rev.applicationId !== applicationId) throw notFound();
  return buildDetail(deps.db, v, rev);
}
