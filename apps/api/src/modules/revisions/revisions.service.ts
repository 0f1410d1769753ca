import {
  availableRevisionActions,
  blockEndTime,
  blockStartTime,
  blocksMwh,
  BLOCKS_PER_DAY,
  centiToMw,
  checkRevision,
  type CurrentSchedule,
  effectiveBlockOf,
  enRevisions,
  findRevisionTransition,
  firstBlockOf,
  groupFieldErrors,
  hasRevisableBlocks,
  istDate,
  lastBlockOf,
  mwToCenti,
  REVISABLE_APPLICATION_STATUSES,
  type RevisableApplicationList,
  type RevisionAction,
  type RevisionActor,
  type RevisionDecision,
  type RevisionDetail,
  revisionEffect,
  type RevisionList,
  type RevisionListQuery,
  type RevisionRequest,
  type RevisionStatus,
  type Role,
  type BlockPoint,
} from '@stoa/shared';

import type { RequestUser } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import type { Database, DbOrTx } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import type { RequestMeta } from '../account/account.service';
import { applicationsRepository as apps } from '../applications/applications.repository';
import type { ApplicationRecord } from '../applications/applications.tables';
import type { AuditService } from '../audit/audit.service';
import type { ConfigurationService } from '../configuration/configuration.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { registrationsRepository, type Viewer } from '../registrations/registrations.repository';
import { type RevisionRecord } from './revisions.tables';
import { recordScheduleVersion, revisionsRepository as repo } from './revisions.repository';

const E = enRevisions.errors;
const N = enRevisions.notifications;
const LOAD_CENTRE: readonly Role[] = ['SLDCBusinessUser', 'SLDCApproverI', 'SLDCApproverII'];
const STATUS_LABELS = enRevisions.statusLabels;

const notFound = () => new AppError('NOT_FOUND', E.notFound);
const conflict = () => new AppError('CONFLICT', E.statusConflict);
const isRevisable = (row: ApplicationRecord) => (REVISABLE_APPLICATION_STATUSES as readonly string[]).includes(row.status);

type Days = Map<string, Int32Array>;
const mwDays = (days: ReadonlyMap<string, ArrayLike<number>>) => [...days].map(([date, blocks]) => ({ date, granted: Array.from(blocks, (c) => centiToMw(c)) }));
const sumBlocks = (days: ReadonlyMap<string, ArrayLike<number>>) => {
  let total = 0;
  for (const blocks of days.values()) for (let i = 0; i < BLOCKS_PER_DAY; i++) total += blocks[i] ?? 0;
  return total;
};
const effectiveOf = (p: BlockPoint) => ({ date: p.date, block: p.block, time: blockStartTime(p.block) });
const summary = (row: RevisionRecord) => ({
  revisionNo: row.revisionNo,
  applicationId: row.applicationId,
  status: row.status,
  version: row.version,
  effectiveDate: row.effectiveDate,
  effectiveBlock: row.effectiveBlock,
  scheduleVersion: row.scheduleVersion,
  reducedCentiBlocks: row.reducedCentiBlocks,
  retainedCentiBlocks: row.retainedCentiBlocks,
  releasedCentiBlocks: row.releasedCentiBlocks,
});

/** `REV/{yyyy}/{000123}`. */
export function revisionNumber(year: string, seq: number): string {
  return `REV/${year}/${String(seq).padStart(6, '0')}`;
}

/**
 * Schedule revisions (issue 5; decision 0013): the applicant or the application's trader requests
 * a downward revision of an approved application; the SLDC business user approves (the revised
 * values apply from the effective block, as a new schedule version) or rejects it with remarks.
 */
export function createRevisionsService(deps: { db: Database; clock: Clock; audit: AuditService; configuration: ConfigurationService; notifications: NotificationsService }) {
  const { db, clock, audit, configuration, notifications } = deps;

  async function viewerOf(actor: RequestUser): Promise<Viewer> {
    const v = await registrationsRepository.viewer(db, actor.id);
    if (!v) throw new AppError('UNAUTHENTICATED');
    return v;
  }

  /** `revisionLeadBlocks` in force today (the effective block counting the request's block as the 1st). */
  async function leadBlocks(dbx: DbOrTx): Promise<number> {
    const value = Number(await configuration.settingOn(dbx, 'revisionLeadBlocks', istDate(clock.now())));
    return Number.isInteger(value) && value >= 1 ? value : 4;
  }

  /** The granted values now, per day (a day not processed counts as 0). */
  async function grantedOf(dbx: DbOrTx, applicationId: string): Promise<Days> {
    const days = await apps.days(dbx, applicationId);
    return new Map(days.map((d) => [d.day, Int32Array.from(d.granted ?? new Array<number>(BLOCKS_PER_DAY).fill(0))]));
  }

  async function applicationOr404(dbx: DbOrTx, v: Viewer, id: string, lock = false): Promise<ApplicationRecord> {
    const row = await apps.findVisible(dbx, v, id, { lock });
    if (!row) throw new AppError('NOT_FOUND', E.applicationNotFound);
    return row;
  }

  /** The applicant, the filer and the application's trader, without `exclude`. */
  async function partiesOf(dbx: DbOrTx, app: ApplicationRecord, exclude: string[]): Promise<string[]> {
    const ids = new Set([app.applicantUserId, app.createdByUserId]);
    if (app.traderRegistrationId) {
      const owner = (await apps.registrationsByIds(dbx, [app.traderRegistrationId])).get(app.traderRegistrationId)?.ownerUserId;
      if (owner) ids.add(owner);
    }
    return [...ids].filter((id) => !exclude.includes(id));
  }

  async function partyNames(dbx: DbOrTx, app: ApplicationRecord) {
    const parties = await apps.registrationsByIds(dbx, [app.sellerRegistrationId, app.buyerRegistrationId]);
    return { sellerName: parties.get(app.sellerRegistrationId)?.entityName ?? '', buyerName: parties.get(app.buyerRegistrationId)?.entityName ?? '' };
  }

  /** The revision's rows as the rules read them (time texts, MW). */
  const rowValues = (rows: Awaited<ReturnType<typeof repo.rows>>) =>
    rows.map((x) => ({ oaFromDate: x.fromDate, oaToDate: x.toDate, fromTimeBlock: blockStartTime(x.fromBlock), toTimeBlock: blockEndTime(x.toBlock), revisedRequirement: centiToMw(x.revisedCenti) }));

  // ---- reads ------------------------------------------------------------------------------------

  async function currentSchedule(actor: RequestUser, applicationId: string): Promise<CurrentSchedule> {
    const v = await viewerOf(actor);
    const app = await applicationOr404(db, v, applicationId);
    const [granted, lead, latest, names] = await Promise.all([grantedOf(db, app.id), leadBlocks(db), repo.latestVersionNo(db, app.id), partyNames(db, app)]);
    const effective = effectiveBlockOf(clock.now(), lead);
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

  async function revisableApplications(actor: RequestUser, q: { pageNumber: number; pageSize: number; applicationNo?: string }): Promise<RevisableApplicationList> {
    const v = await viewerOf(actor);
    const { rows, total } = await repo.revisable(db, v, istDate(clock.now()), q);
    return {
      applicationList: rows.map((x) => ({ id: x.id, applicationNo: x.applicationNo, applicationType: x.type, status: x.status, sellerName: x.sellerName, buyerName: x.buyerName, fromDate: x.fromDate, toDate: x.toDate })),
      dataCount: total,
    };
  }

  async function list(actor: RequestUser, q: RevisionListQuery): Promise<RevisionList> {
    const v = await viewerOf(actor);
    const { rows, total } = await repo.list(db, v, q);
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
        reducedMwh: blocksMwh(Number(x.reducedCentiBlocks)),
        decidedAt: x.decidedAt?.toISOString() ?? null,
      })),
      dataCount: total,
    };
  }

  /** Applies a revision's rows to the current values as requested (the schedule it would make). */
  function applyRows(current: Days, rows: Awaited<ReturnType<typeof repo.rows>>): Days {
    const next: Days = new Map([...current].map(([d, b]) => [d, Int32Array.from(b)]));
    for (const row of rows) {
      for (const [date, blocks] of next) {
        if (date < row.fromDate || date > row.toDate) continue;
        for (let b = row.fromBlock; b <= row.toBlock; b++) blocks[b - 1] = Math.min(blocks[b - 1]!, row.revisedCenti);
      }
    }
    return next;
  }

  async function buildDetail(dbx: DbOrTx, v: Viewer, rev: RevisionRecord): Promise<RevisionDetail> {
    const app = (await apps.findById(dbx, rev.applicationId))!;
    const [rows, history, stored, granted, names, people] = await Promise.all([
      repo.rows(dbx, rev.id),
      repo.history(dbx, rev.id),
      repo.versions(dbx, app.id),
      grantedOf(dbx, app.id),
      partyNames(dbx, app),
      apps.usersByIds(dbx, [rev.requestedByUserId]),
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
              totalMwh: blocksMwh(sumBlocks(days)),
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
              totalMwh: blocksMwh(sumBlocks(granted)),
              days: mwDays(granted),
            },
          ];
    const effective = { date: rev.effectiveDate, block: rev.effectiveBlock };
    let proposed: Days | null = null;
    let figures = { reducedCentiBlocks: rev.reducedCentiBlocks, retainedCentiBlocks: rev.retainedCentiBlocks, releasedCentiBlocks: rev.releasedCentiBlocks };
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
      application: { id: app.id, applicationNo: app.applicationNo, applicationType: app.type, status: app.status, ...names, fromDate: app.fromDate, toDate: app.toDate },
      requestedBy: { id: rev.requestedByUserId, name: requester?.name ?? '', role: (requester?.role ?? 'OABusinessUser') as Role },
      requestedAt: rev.requestedAt.toISOString(),
      effective: effectiveOf(effective),
      revisionList: rowValues(rows).map((x, i) => ({ rowNo: i + 1, ...x })),
      remarks: rev.remarks,
      scheduleVersion: rev.status === 'Requested' ? versions[versions.length - 1]!.versionNo + 1 : rev.scheduleVersion,
      reducedMwh: blocksMwh(Number(figures.reducedCentiBlocks)),
      retainedMwh: blocksMwh(Number(figures.retainedCentiBlocks)),
      releasedMwh: blocksMwh(Number(figures.releasedCentiBlocks)),
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

  async function detail(actor: RequestUser, revisionId: string, applicationId: string): Promise<RevisionDetail> {
    const v = await viewerOf(actor);
    const rev = await repo.findVisible(db, v, revisionId);
    if (!rev || rev.applicationId !== applicationId) throw notFound();
    return buildDetail(db, v, rev);
  }

  // ---- request ----------------------------------------------------------------------------------

  /**
   * Request (POST Revision/Request): the caller must see the application as its applicant or trader
   * (the applications' record scope), the application must be approved, and every rule of
   * `checkRevision` holds on the injected clock against the granted values read under the
   * application's row lock; all field errors at once. One transaction.
   */
  async function request(actor: RequestUser, body: RevisionRequest, meta: RequestMeta): Promise<RevisionDetail> {
    const v = await viewerOf(actor);
    return inTransaction(db, async (tx) => {
      const app = await applicationOr404(tx, v, body.applicationId, true);
      const party: RevisionActor | undefined = app.applicantUserId === v.id ? 'Applicant' : v.role === 'Trader' ? 'ApplicationTrader' : undefined;
      if (!party || !findRevisionTransition(null, 'Request', party)) throw new AppError('NOT_FOUND', E.applicationNotFound);
      if (!isRevisable(app)) throw new AppError('BUSINESS_RULE', E.notRevisable);
      const now = clock.now();
      const effective = effectiveBlockOf(now, await leadBlocks(tx));
      const current = await grantedOf(tx, app.id);
      const check = checkRevision(body.revisionList, { effective, fromDate: app.fromDate, toDate: app.toDate, current });
      if (check.issues.length > 0) throw new AppError('VALIDATION_FAILED', undefined, groupFieldErrors(check.issues));
      // Estimated charge figures from the values now (fixed again at approval).
      const estimate = revisionEffect(current, new Map([...current].map(([d, b]) => [d, check.revised.get(d) ?? b])), effective);
      const seq = await repo.nextRevisionNo(tx);
      const rows = body.revisionList.map((x) => ({ fromDate: x.oaFromDate, toDate: x.oaToDate, fromBlock: firstBlockOf(x.fromTimeBlock), toBlock: lastBlockOf(x.toTimeBlock), revisedCenti: mwToCenti(x.revisedRequirement) }));
      const rev = await repo.insert(
        tx,
        {
          revisionNo: revisionNumber(istDate(now).slice(0, 4), seq),
          applicationId: app.id,
          status: 'Requested',
          requestedByUserId: v.id,
          requestedAt: now,
          effectiveDate: effective.date,
          effectiveBlock: effective.block,
          remarks: body.remarks || null,
          ...estimate,
          updatedOn: now,
        },
        rows,
      );
      await repo.insertAction(tx, { revisionId: rev.id, action: 'Request', toStatus: 'Requested', actorUserId: v.id, actorRole: v.role, remarks: body.remarks || null, createdOn: now });
      await audit.record(tx, { actor: { id: v.id, role: v.role }, action: 'REVISION_REQUESTED', entity: 'Revision', entityId: rev.id, after: { ...summary(rev), rows }, requestId: meta.requestId });
      await notifications.notify(tx, { role: 'SLDCBusinessUser', message: N.requested(rev.revisionNo, app.applicationNo) });
      const others = await partiesOf(tx, app, [v.id]);
      if (others.length > 0) await notifications.notify(tx, { userIds: others, message: N.decided(rev.revisionNo, app.applicationNo, STATUS_LABELS.Requested, null) });
      return buildDetail(tx, v, rev);
    });
  }

  // ---- decisions --------------------------------------------------------------------------------

  /**
   * Approve or reject (SLDC business user). The revision row is locked FOR UPDATE and its version
   * compared, so of two decisions on one revision exactly one applies (the other answers 409).
   * Approval also locks the application's row (revisions of one application apply one at a time),
   * re-checks every rule against the granted values now and the clock now (the effective block of
   * the request, not earlier than a request made now would get), writes the revised granted values,
   * stores the schedule as a new version (v0 = as approved, first), the charge figures, the history,
   * the audit rows and tells the parties.
   */
  async function decide(actor: RequestUser, revisionId: string, action: 'Approve' | 'Reject', body: RevisionDecision, meta: RequestMeta): Promise<RevisionDetail> {
    const v = await viewerOf(actor);
    const remarks = body.remarks.trim();
    if (action === 'Reject' && !remarks) throw AppError.field('VALIDATION_FAILED', 'remarks', E.remarksRequired);
    return inTransaction(db, async (tx) => {
      const rev = await repo.findVisible(tx, v, revisionId, { lock: true });
      if (!rev) throw notFound();
      const t = findRevisionTransition(rev.status, action, v.role);
      if (!t || rev.version !== body.version) throw conflict();
      const now = clock.now();
      const app = await applicationOr404(tx, v, rev.applicationId, true);
      let patch: Partial<RevisionRecord> = { status: t.to, version: rev.version + 1, decidedByUserId: v.id, decidedAt: now, decisionRemarks: remarks || null, updatedOn: now };
      // A rejected revision reduces nothing: its estimated figures are cleared.
      if (action === 'Reject') patch = { ...patch, reducedCentiBlocks: 0, retainedCentiBlocks: 0, releasedCentiBlocks: 0 };
      if (action === 'Approve') {
        if (!isRevisable(app)) throw new AppError('BUSINESS_RULE', E.notRevisable);
        const requested = { date: rev.effectiveDate, block: rev.effectiveBlock };
        const nowEffective = effectiveBlockOf(now, await leadBlocks(tx));
        const effective = nowEffective.date > requested.date || (nowEffective.date === requested.date && nowEffective.block > requested.block) ? nowEffective : requested;
        const current = await grantedOf(tx, app.id);
        const rows = await repo.rows(tx, rev.id);
        const check = checkRevision(rowValues(rows), { effective, fromDate: app.fromDate, toDate: app.toDate, current });
        if (check.issues.length > 0) throw new AppError('BUSINESS_RULE', E.staleOnApproval, groupFieldErrors(check.issues));
        const after: Days = new Map([...current].map(([d, b]) => [d, check.revised.get(d) ?? b]));
        const { previous, versionNo } = await recordScheduleVersion(tx, { applicationId: app.id, approvedAt: app.statusSince, before: current, after, source: 'Revision', revisionId: rev.id, createdByUserId: v.id, createdAt: now });
        for (const [day, blocks] of check.revised) await repo.setGranted(tx, app.id, day, blocks);
        const effect = revisionEffect(current, after, requested);
        patch = { ...patch, scheduleVersion: versionNo, ...effect };
        const appAfter = await apps.update(tx, app.id, { version: app.version + 1, updatedOn: now });
        await audit.record(tx, {
          actor: { id: v.id, role: v.role },
          action: 'APPLICATION_SCHEDULE_REVISED',
          entity: 'Application',
          entityId: app.id,
          before: { version: app.version, scheduleVersion: previous, grantedMwh: blocksMwh(sumBlocks(current)) },
          after: { version: appAfter.version, scheduleVersion: versionNo, grantedMwh: blocksMwh(sumBlocks(after)), revisionId: rev.id },
          requestId: meta.requestId,
        });
      }
      const updated = await repo.update(tx, rev.id, patch);
      await repo.insertAction(tx, { revisionId: rev.id, action, toStatus: t.to, actorUserId: v.id, actorRole: v.role, remarks: remarks || null, createdOn: now });
      await audit.record(tx, {
        actor: { id: v.id, role: v.role },
        action: action === 'Approve' ? 'REVISION_APPROVED' : 'REVISION_REJECTED',
        entity: 'Revision',
        entityId: rev.id,
        before: summary(rev),
        after: { ...summary(updated), remarks: remarks || null },
        requestId: meta.requestId,
      });
      const parties = await partiesOf(tx, app, [v.id]);
      if (parties.length > 0) await notifications.notify(tx, { userIds: parties, message: N.decided(rev.revisionNo, app.applicationNo, STATUS_LABELS[t.to], remarks || null) });
      return buildDetail(tx, v, updated);
    });
  }

  return { currentSchedule, revisableApplications, list, detail, request, decide };
}

export type RevisionsService = ReturnType<typeof createRevisionsService>;
