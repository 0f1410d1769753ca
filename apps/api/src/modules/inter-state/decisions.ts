import { istDate } from '@stoa/shared/common';
import {
  displayStatusOf,
  findStandingClearanceTransition,
  type StandingClearanceAction,
  type StandingClearanceDecision,
  type StandingClearanceDetail,
} from '@stoa/shared/inter-state';
import { enInterState } from '@stoa/shared/messages';
import { WEB_LINKS } from '@stoa/shared/navigation';

import type { RequestUser } from '../../platform/auth';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import type { RequestMeta } from '../account/account.service';
import { buildDetail } from './reads';
import { certificateNumber, conflict, type InterStateDeps, newVerificationCode, notFound, scopeOf } from './standing-clearance.access';
import { type StandingClearanceRecord, standingClearanceRepository as repo } from './standing-clearance.repository';

const S = enInterState.standingClearance;

const AUDIT_ACTIONS: Record<StandingClearanceAction, string> = {
  Forward: 'STANDING_CLEARANCE_VERIFIED',
  Issue: 'STANDING_CLEARANCE_ISSUED',
  Refuse: 'STANDING_CLEARANCE_REFUSED',
  Revoke: 'STANDING_CLEARANCE_REVOKED',
};

const summary = (r: StandingClearanceRecord) => ({
  status: r.status,
  version: r.version,
  certificateNo: r.certificateNo,
  issuedAt: r.issuedAt,
  decisionReason: r.decisionReason,
});

/**
 * Forward (SLDC business user: scrutiny done), Issue (an approver), Refuse (the business user while
 * submitted, an approver once verified), Revoke (an approver, an issued clearance not yet expired). The
 * row is locked FOR UPDATE and its version compared, so of two actions on one clearance exactly one
 * applies (the other answers 409). Forward needs the fee paid while the operating rule
 * `feeBeforeScrutiny` is on (decision 0044); Issue re-checks the overlap under the entity's lock and
 * gives the certificate its number and verification code. Each step: history row, audit row and
 * notifications, in the same transaction.
 */
export async function decideStandingClearance(
  deps: InterStateDeps,
  actor: RequestUser,
  id: string,
  action: StandingClearanceAction,
  body: StandingClearanceDecision,
  meta: RequestMeta,
): Promise<StandingClearanceDetail> {
  const { db, clock, audit, configuration, notifications } = deps;
  const { viewer, scope } = await scopeOf(db, actor);
  const remarks = body.remarks.trim();
  if ((action === 'Refuse' || action === 'Revoke') && !remarks)
    throw AppError.field('VALIDATION_FAILED', 'remarks', S.errors.reasonRequired);
  return inTransaction(db, async (tx) => {
    const found = await repo.findVisible(tx, scope, id);
    if (!found) throw notFound();
    // The entity's lock first (Apply and Issue take it too: one lock order), then the row.
    await repo.lockEntity(tx, found.registrationId);
    const row = await repo.findVisible(tx, scope, id, { lock: true });
    if (!row) throw notFound();
    const now = clock.now();
    const today = istDate(now);
    const t = findStandingClearanceTransition(row.status, action, viewer.role);
    if (!t || row.version !== body.version || displayStatusOf(row.status, row.validTo, today) === 'Expired') throw conflict();
    let patch: Partial<StandingClearanceRecord> = { status: t.to, version: row.version + 1, updatedOn: now };
    if (action === 'Forward') {
      const rule = await configuration.settingOn(tx, 'feeBeforeScrutiny', today);
      const detail = await repo.detailRow(tx, id);
      if (rule === 'true' && detail?.feeStatus === 'DUE') throw new AppError('BUSINESS_RULE', S.errors.feeUnpaid);
    }
    if (action === 'Issue') {
      if (row.validTo < today) throw new AppError('BUSINESS_RULE', S.errors.expiredBeforeIssue);
      const clash = (
        await repo.overlapping(tx, {
          registrationId: row.registrationId,
          transactionType: row.transactionType,
          from: row.validFrom,
          to: row.validTo,
          buy: row.maxBuyCenti !== null,
          sell: row.maxSellCenti !== null,
          excludeId: row.id,
        })
      ).find((c) => c.status === 'Issued');
      if (clash) {
        const direction = row.maxBuyCenti !== null && clash.maxBuyCenti !== null ? S.directions.buy : S.directions.sell;
        throw new AppError('BUSINESS_RULE', S.rules.overlap(clash.certificateNo ?? clash.applicationNo, direction));
      }
      const certificateNo = certificateNumber(row.transactionType, today.slice(0, 4), await repo.nextCertificateNo(tx));
      patch = { ...patch, certificateNo, verificationCode: newVerificationCode(), issuedAt: now, issuedByUserId: viewer.id };
    }
    if (action === 'Refuse' || action === 'Revoke')
      patch = { ...patch, decidedAt: now, decidedByUserId: viewer.id, decisionReason: remarks };
    const updated = await repo.update(tx, id, patch);
    await repo.insertAction(tx, {
      standingClearanceId: id,
      action,
      fromStatus: row.status,
      toStatus: t.to,
      actorUserId: viewer.id,
      actorRole: viewer.role,
      remarks: remarks || null,
      createdOn: now,
    });
    await audit.record(tx, {
      actor: { id: viewer.id, role: viewer.role },
      action: AUDIT_ACTIONS[action],
      entity: 'StandingClearance',
      entityId: id,
      before: summary(row),
      after: { ...summary(updated), remarks: remarks || null },
      requestId: meta.requestId,
    });
    const link = WEB_LINKS.standingClearance(id);
    const no = updated.certificateNo ?? updated.applicationNo;
    const parties = [...new Set([row.applicantUserId, row.createdByUserId])];
    if (action === 'Forward') {
      const entity = (await repo.detailRow(tx, id))?.entityName ?? '';
      for (const role of ['SLDCApproverI', 'SLDCApproverII'] as const)
        await notifications.notify(tx, { role, message: S.notifications.verified(updated.applicationNo, entity), link });
    } else {
      await notifications.notify(tx, {
        userIds: parties,
        message: S.notifications.decided(no, S.statusLabels[t.to], remarks || null),
        link,
      });
    }
    return buildDetail(deps, tx, viewer, id);
  });
}
