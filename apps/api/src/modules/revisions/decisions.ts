import { centiBlocksToMwh, groupFieldErrors } from '@stoa/shared/common';
import type { TransmissionChargeUnit } from '@stoa/shared/curtailment';
import {
  type BlockPoint,
  checkRevision,
  effectiveBlockOf,
  findRevisionTransition,
  type RevisionDecision,
  type RevisionDetail,
  revisionEffect,
  REVISION_REMARKS_REQUIRED_ACTIONS,
  revisionRefund,
} from '@stoa/shared/revisions';
import { enRevisions } from '@stoa/shared/messages';
import { WEB_LINKS } from '@stoa/shared/navigation';

import type { RequestUser } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import type { RequestMeta } from '../account/account.service';
import { applicationsRepository as apps } from '../applications/applications.repository';
import { configurationRepository } from '../configuration/configuration.repository';
import { eBiddingRepository } from '../e-bidding/e-bidding.repository';
import { buildDetail } from './reads';
import {
  applicationOr404,
  conflict,
  type Days,
  grantedOf,
  isRevisable,
  leadBlocks,
  notFound,
  partiesOf,
  type RevisionsDeps,
  rowValues,
  STATUS_LABELS,
  summary,
  sumBlocks,
  viewerOf,
} from './revisions.access';
import { recordScheduleVersion, revisionsRepository as repo, type RevisionRecord } from './revisions.repository';

const E = enRevisions.errors;
const N = enRevisions.notifications;
const TRANSMISSION_UNITS: readonly string[] = ['INR_PER_KWH', 'INR_PER_MW_DAY'];

/**
 * Decision 0061: the STU transmission charge refunded on an approved downward revision's released
 * cut, priced at the rate, unit and GST of the application's raised transmission-charge due, outside
 * the congestion windows of the e-bidding invitations that allocated it. Null without that due.
 */
async function refundOf(tx: DbOrTx, applicationId: string, before: Days, after: Days, effective: BlockPoint): Promise<number | null> {
  const due = await configurationRepository.dueOf(tx, 'Application', applicationId, 'STU_TRANSMISSION_CHARGE');
  if (!due || !TRANSMISSION_UNITS.includes(due.unit)) return null;
  const windows = await eBiddingRepository.allocatedWindowsOf(tx, applicationId);
  const unit = due.unit as TransmissionChargeUnit;
  return revisionRefund({ before, after, effective, windows, rate: due.rate, unit, gstRatePercent: due.gstRatePercent }).totalPaise;
}

/**
 * Approve or reject (SLDC business user). The revision row is locked FOR UPDATE and its version
 * compared, so of two decisions on one revision exactly one applies (the other answers 409).
 * Approval also locks the application's row (revisions of one application apply one at a time),
 * re-checks every rule against the granted values now and the clock now (the effective block of
 * the request, not earlier than a request made now would get), writes the revised granted values,
 * stores the schedule as a new version (v0 = as approved, first), the charge figures, the refund of
 * the transmission charge on the released cut (decision 0061), the history,
 * the audit rows and tells the parties.
 */
export async function decideRevision(
  deps: RevisionsDeps,
  actor: RequestUser,
  revisionId: string,
  action: 'Approve' | 'Reject',
  body: RevisionDecision,
  meta: RequestMeta,
): Promise<RevisionDetail> {
  const { db, clock, audit, notifications } = deps;
  const v = await viewerOf(db, actor);
  const remarks = body.remarks.trim();
  if (REVISION_REMARKS_REQUIRED_ACTIONS.includes(action) && !remarks)
    throw AppError.field('VALIDATION_FAILED', 'remarks', E.remarksRequired);
  return inTransaction(db, async (tx) => {
    const rev = await repo.findVisible(tx, v, revisionId, { lock: true });
    if (!rev) throw notFound();
    const t = findRevisionTransition(rev.status, action, v.role);
    if (!t || rev.version !== body.version) throw conflict();
    const now = clock.now();
    const app = await applicationOr404(tx, v, rev.applicationId, true);
    let patch: Partial<RevisionRecord> = {
      status: t.to,
      version: rev.version + 1,
      decidedByUserId: v.id,
      decidedAt: now,
      decisionRemarks: remarks || null,
      updatedOn: now,
    };
    // A rejected revision reduces nothing: its estimated figures are cleared.
    if (action === 'Reject') patch = { ...patch, reducedCentiBlocks: 0, retainedCentiBlocks: 0, releasedCentiBlocks: 0 };
    if (action === 'Approve') {
      if (!isRevisable(app)) throw new AppError('BUSINESS_RULE', E.notRevisable);
      const requested = { date: rev.effectiveDate, block: rev.effectiveBlock };
      const nowEffective = effectiveBlockOf(now, await leadBlocks(deps, tx));
      const effective =
        nowEffective.date > requested.date || (nowEffective.date === requested.date && nowEffective.block > requested.block)
          ? nowEffective
          : requested;
      const current = await grantedOf(tx, app.id);
      const rows = await repo.rows(tx, rev.id);
      const check = checkRevision(rowValues(rows), { effective, fromDate: app.fromDate, toDate: app.toDate, current });
      if (check.issues.length > 0) throw new AppError('BUSINESS_RULE', E.staleOnApproval, groupFieldErrors(check.issues));
      const after: Days = new Map([...current].map(([d, b]) => [d, check.revised.get(d) ?? b]));
      const { previous, versionNo } = await recordScheduleVersion(tx, {
        applicationId: app.id,
        approvedAt: app.statusSince,
        before: current,
        after,
        source: 'Revision',
        revisionId: rev.id,
        createdByUserId: v.id,
        createdAt: now,
      });
      for (const [day, blocks] of check.revised) await apps.setGranted(tx, app.id, day, blocks);
      const effect = revisionEffect(current, after, requested);
      const refundPaise = await refundOf(tx, app.id, current, after, requested);
      patch = { ...patch, scheduleVersion: versionNo, ...effect, refundPaise };
      const appAfter = await apps.update(tx, app.id, { version: app.version + 1, updatedOn: now });
      await audit.record(tx, {
        actor: { id: v.id, role: v.role },
        action: 'APPLICATION_SCHEDULE_REVISED',
        entity: 'Application',
        entityId: app.id,
        before: { version: app.version, scheduleVersion: previous, grantedMwh: centiBlocksToMwh(sumBlocks(current)) },
        after: {
          version: appAfter.version,
          scheduleVersion: versionNo,
          grantedMwh: centiBlocksToMwh(sumBlocks(after)),
          revisionId: rev.id,
          refundPaise,
        },
        requestId: meta.requestId,
      });
    }
    const updated = await repo.update(tx, rev.id, patch);
    await repo.insertAction(tx, {
      revisionId: rev.id,
      action,
      toStatus: t.to,
      actorUserId: v.id,
      actorRole: v.role,
      remarks: remarks || null,
      createdOn: now,
    });
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
    if (parties.length > 0)
      await notifications.notify(tx, {
        userIds: parties,
        message: N.decided(rev.revisionNo, app.applicationNo, STATUS_LABELS[t.to], remarks || null),
        link: WEB_LINKS.revision(rev.id, app.id),
      });
    return buildDetail(tx, v, updated);
  });
}
