import { groupFieldErrors, istDate } from '@stoa/shared/common';
import {
  findInterStateConsentTransition,
  type InterStateConsentDecision,
  type InterStateConsentDecisionAction,
  type InterStateConsentDetail,
  type InterStateConsentStatus,
} from '@stoa/shared/inter-state';
import { enInterStateConsent } from '@stoa/shared/messages';
import { WEB_LINKS } from '@stoa/shared/navigation';

import type { RequestUser } from '../../platform/auth';
import type { Tx } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import type { RequestMeta } from '../account/account.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { consentConflict, consentNotFound } from './consent-apply';
import { buildConsentDetail } from './consent-reads';
import { assertWithinMargin, grantedOf, isPartial, remainingMargin } from './inter-state-consent.margin';
import { type InterStateConsentRecord, interStateConsentRepository as repo } from './inter-state-consent.repository';
import { type InterStateDeps, newVerificationCode, scopeOf } from './standing-clearance.access';

const C = enInterStateConsent;

const AUDIT_ACTIONS: Record<InterStateConsentDecisionAction, string> = {
  Forward: 'INTER_STATE_CONSENT_VERIFIED',
  Consent: 'INTER_STATE_CONSENT_GRANTED',
  Refuse: 'INTER_STATE_CONSENT_REFUSED',
};

export const consentSummary = (r: InterStateConsentRecord) => ({
  status: r.status,
  version: r.version,
  certificateNo: r.certificateNo,
  deemed: r.deemed,
  decisionReason: r.decisionReason,
});

export const consentCertificateNumber = (year: string, n: number) => `CON/${year}/${String(n).padStart(6, '0')}`;

/** The requested blocks per day of an application. */
export async function requestedOf(tx: Tx, id: string) {
  return new Map((await repo.daysOf(tx, id)).map((d) => [d.day, Int32Array.from(d.requested)]));
}

/**
 * Grants `granted` (checked by the caller): stores each day's granted blocks and returns the patch of a
 * consent (status Consented, or PartiallyConsented when anything is below the request; number and code).
 */
export async function grantPatch(
  tx: Tx,
  row: InterStateConsentRecord,
  requested: Map<string, Int32Array>,
  granted: Map<string, Int32Array>,
  today: string,
) {
  for (const [day, g] of granted) await repo.setGranted(tx, row.id, day, Array.from(g));
  const status: InterStateConsentStatus = isPartial(requested, granted) ? 'PartiallyConsented' : 'Consented';
  const certificateNo = consentCertificateNumber(today.slice(0, 4), await repo.nextCertificateNo(tx));
  return { status, certificateNo, verificationCode: newVerificationCode() };
}

export async function notifyParties(
  notifications: NotificationsService,
  tx: Tx,
  row: InterStateConsentRecord,
  message: string,
  sldc: boolean,
) {
  const link = WEB_LINKS.interStateConsent(row.id);
  await notifications.notify(tx, { userIds: [...new Set([row.applicantUserId, row.createdByUserId])], message, link });
  if (sldc)
    for (const role of ['SLDCBusinessUser', 'SLDCApproverI', 'SLDCApproverII'] as const)
      await notifications.notify(tx, { role, message, link });
}

/**
 * Forward (SLDC business user: margin and dues checked; optionally proposing reduced MW for the
 * approver), Consent (an approver: in full, or for less with reductions; never above the request or
 * the margin left), Refuse (the business user while submitted, an approver after; a reason required).
 * Consent takes the connection point's margin lock before the row's, so two consents on one point are
 * serialised and the second sees the margin the first took. Each step: history, audit, notifications,
 * in one transaction; of two actions on one application exactly one applies (version, 409).
 */
export async function decideInterStateConsent(
  deps: InterStateDeps,
  actor: RequestUser,
  id: string,
  action: InterStateConsentDecisionAction,
  body: InterStateConsentDecision,
  meta: RequestMeta,
): Promise<InterStateConsentDetail> {
  const { db, clock, audit, notifications } = deps;
  const { viewer, scope } = await scopeOf(db, actor);
  const remarks = body.remarks.trim();
  if (action === 'Refuse' && !remarks) throw AppError.field('VALIDATION_FAILED', 'remarks', C.errors.reasonRequired);
  return inTransaction(db, async (tx) => {
    const found = await repo.findVisible(tx, scope, id);
    if (!found) throw consentNotFound();
    if (action === 'Consent') await repo.lockMargin(tx, found.elementKey);
    const row = await repo.findVisible(tx, scope, id, { lock: true });
    if (!row) throw consentNotFound();
    const t = findInterStateConsentTransition(row.status, action, viewer.role);
    if (!t || row.version !== body.version) throw consentConflict();
    const now = clock.now();
    const today = istDate(now);
    let patch: Partial<InterStateConsentRecord> = { version: row.version + 1, updatedOn: now };
    if (action === 'Forward' || action === 'Consent') {
      const requested = await requestedOf(tx, id);
      const { granted, issues } = grantedOf(requested, body.reductions, row);
      if (issues.length > 0) throw new AppError('VALIDATION_FAILED', undefined, groupFieldErrors(issues));
      const reductions = body.reductions.map((r) => ({
        oaFromDate: r.oaFromDate,
        oaToDate: r.oaToDate,
        fromTimeBlock: r.fromTimeBlock,
        toTimeBlock: r.toTimeBlock,
        oaRequirement: r.oaRequirement,
      }));
      if (action === 'Forward') patch = { ...patch, status: 'Verified', proposedReductions: reductions };
      else {
        assertWithinMargin(row.element, granted, await remainingMargin(tx, row.element, row.elementKey, [...requested.keys()], id));
        patch = { ...patch, ...(await grantPatch(tx, row, requested, granted, today)), decidedAt: now, decidedByUserId: viewer.id };
      }
    } else patch = { ...patch, status: 'Refused', decidedAt: now, decidedByUserId: viewer.id, decisionReason: remarks };
    const updated = await repo.update(tx, id, patch);
    await repo.insertAction(tx, {
      consentId: id,
      action,
      fromStatus: row.status,
      toStatus: updated.status,
      actorUserId: viewer.id,
      actorRole: viewer.role,
      remarks: remarks || null,
      createdOn: now,
    });
    await audit.record(tx, {
      actor: { id: viewer.id, role: viewer.role },
      action: AUDIT_ACTIONS[action],
      entity: 'InterStateConsent',
      entityId: id,
      before: consentSummary(row),
      after: { ...consentSummary(updated), remarks: remarks || null, reductions: body.reductions.length },
      requestId: meta.requestId,
    });
    const entity = (await repo.detailRow(tx, id))?.entityName ?? '';
    if (updated.status === 'Verified') {
      const link = WEB_LINKS.interStateConsent(id);
      for (const role of ['SLDCApproverI', 'SLDCApproverII'] as const)
        await notifications.notify(tx, { role, message: C.notifications.verified(updated.applicationNo, entity), link });
    } else {
      const no = updated.certificateNo ?? updated.applicationNo;
      await notifyParties(notifications, tx, row, C.notifications.decided(no, C.statusLabels[updated.status], remarks || null), false);
    }
    return buildConsentDetail(deps, tx, viewer, id);
  });
}
