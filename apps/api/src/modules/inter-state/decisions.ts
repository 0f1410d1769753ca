import { istDate } from '@stoa/shared/common';
import {
  displayStatusOf,
  findStandingClearanceTransition,
  type StandingClearanceAction,
  type StandingClearanceDecision,
  STANDING_CLEARANCE_REASON_ACTIONS,
  type StandingClearanceDetail,
} from '@stoa/shared/inter-state';
import { enInterState } from '@stoa/shared/messages';
import { WEB_LINKS } from '@stoa/shared/navigation';

import type { RequestUser } from '../../platform/auth';
import type { Tx } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import type { RequestMeta } from '../account/account.service';
import { buildDetail } from './reads';
import { issuePatch } from './issue';
import { conflict, type InterStateDeps, notFound, scopeOf } from './standing-clearance.access';
import { type StandingClearanceRecord, standingClearanceRepository as repo } from './standing-clearance.repository';

const S = enInterState.standingClearance;

const AUDIT_ACTIONS: Record<StandingClearanceAction, string> = {
  Forward: 'STANDING_CLEARANCE_VERIFIED',
  Consent: 'STANDING_CLEARANCE_CONSENTED',
  RefuseConsent: 'STANDING_CLEARANCE_CONSENT_REFUSED',
  Issue: 'STANDING_CLEARANCE_ISSUED',
  Refuse: 'STANDING_CLEARANCE_REFUSED',
  Revoke: 'STANDING_CLEARANCE_REVOKED',
};

export const summary = (r: StandingClearanceRecord) => ({
  status: r.status,
  version: r.version,
  certificateNo: r.certificateNo,
  issuedAt: r.issuedAt,
  decisionReason: r.decisionReason,
  deemed: r.deemed,
  consentUtilityId: r.consentUtilityId,
  consentedAt: r.consentedAt,
});

/** The utility asked to consent: the entity's DISCOM when it names one (embedded in distribution), else its TRANSCO. */
async function consentUtilityOf(tx: Tx, registrationId: string) {
  const u = await repo.utilitiesOf(tx, registrationId);
  if (u?.discomId) return { id: u.discomId, role: 'DISCOMBusinessUser' as const };
  if (u?.transcoId) return { id: u.transcoId, role: 'TRANSCOBusinessUser' as const };
  return null;
}

/**
 * Forward (SLDC business user: scrutiny done; to the embedding DISCOM/TRANSCO's consent while the
 * operating rule standingClearanceConsentRequired is on), Consent or RefuseConsent (that utility's
 * user, decision 0062), Issue (an approver), Refuse (the business user while submitted, an approver
 * after), Revoke (an approver, an issued clearance not yet expired). The
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
  if (STANDING_CLEARANCE_REASON_ACTIONS.includes(action) && !remarks)
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
    let to = t.to;
    let consentBy: Awaited<ReturnType<typeof consentUtilityOf>> = null;
    if (action === 'Forward' && (await configuration.settingOn(tx, 'standingClearanceConsentRequired', today)) === 'true') {
      consentBy = await consentUtilityOf(tx, row.registrationId);
      if (consentBy) {
        to = 'ConsentPending';
        patch = { ...patch, status: to, consentUtilityId: consentBy.id, consentRole: consentBy.role };
      }
    }
    if (action === 'Consent') patch = { ...patch, consentedAt: now, consentedByUserId: viewer.id };
    if (action === 'Issue') patch = { ...patch, ...(await issuePatch(tx, row, today, now, viewer.id)) };
    if (action === 'Refuse' || action === 'Revoke' || action === 'RefuseConsent')
      patch = { ...patch, decidedAt: now, decidedByUserId: viewer.id, decisionReason: remarks };
    const updated = await repo.update(tx, id, patch);
    await repo.insertAction(tx, {
      standingClearanceId: id,
      action,
      fromStatus: row.status,
      toStatus: to,
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
    const entity = (await repo.detailRow(tx, id))?.entityName ?? '';
    if (to === 'ConsentPending' && consentBy) {
      const userIds = await repo.utilityUserIds(tx, consentBy.id, consentBy.role);
      if (userIds.length > 0)
        await notifications.notify(tx, { userIds, message: S.notifications.consentAsked(updated.applicationNo, entity), link });
    } else if (to === 'Verified') {
      for (const role of ['SLDCApproverI', 'SLDCApproverII'] as const)
        await notifications.notify(tx, { role, message: S.notifications.verified(updated.applicationNo, entity), link });
    } else {
      const message = S.notifications.decided(no, S.statusLabels[to], remarks || null);
      await notifications.notify(tx, { userIds: parties, message, link });
      if (action === 'RefuseConsent') await notifications.notify(tx, { role: 'SLDCBusinessUser', message, link });
    }
    return buildDetail(deps, tx, viewer, id);
  });
}
