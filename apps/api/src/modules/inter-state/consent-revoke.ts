/**
 * Revocation of a consent for inter-state STOA (decision 0077): an SLDC approver revokes a consented
 * (or deemed) application with a reason while its period has not ended (the last day, IST, included).
 * The consent stops taking the connection point's inter-state margin, its certificate verifies as
 * revoked, and the applicant and its trader are told. Row locked, version compared (of two actions
 * exactly one applies), history, audit and notifications in one transaction.
 */
import { istDate } from '@stoa/shared/common';
import { findInterStateConsentTransition, type InterStateConsentDetail, type InterStateConsentRevoke } from '@stoa/shared/inter-state';
import { enInterStateConsent } from '@stoa/shared/messages';

import type { RequestUser } from '../../platform/auth';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import type { RequestMeta } from '../account/account.service';
import { consentConflict, consentNotFound } from './consent-apply';
import { consentSummary, notifyParties } from './consent-decisions';
import { buildConsentDetail, consentExpired } from './consent-reads';
import { interStateConsentRepository as repo } from './inter-state-consent.repository';
import { type InterStateDeps, scopeOf } from './standing-clearance.access';

const C = enInterStateConsent;

export async function revokeInterStateConsent(
  deps: InterStateDeps,
  actor: RequestUser,
  id: string,
  body: InterStateConsentRevoke,
  meta: RequestMeta,
): Promise<InterStateConsentDetail> {
  const { db, clock, audit, notifications } = deps;
  const { viewer, scope } = await scopeOf(db, actor);
  const reason = body.remarks.trim();
  if (!reason) throw AppError.field('VALIDATION_FAILED', 'remarks', C.errors.reasonRequired);
  return inTransaction(db, async (tx) => {
    const found = await repo.findVisible(tx, scope, id);
    if (!found) throw consentNotFound();
    // The margin lock first, as Consent and the deemed-consent job take it: one lock order.
    await repo.lockMargin(tx, found.elementKey);
    const row = await repo.findVisible(tx, scope, id, { lock: true });
    if (!row) throw consentNotFound();
    const now = clock.now();
    if (!findInterStateConsentTransition(row.status, 'Revoke', viewer.role) || row.version !== body.version) throw consentConflict();
    if (consentExpired(row, istDate(now))) throw new AppError('CONFLICT', C.errors.revokeEnded);
    const updated = await repo.update(tx, id, {
      status: 'Revoked',
      version: row.version + 1,
      updatedOn: now,
      revokedAt: now,
      revokedByUserId: viewer.id,
      revocationReason: reason,
    });
    await repo.insertAction(tx, {
      consentId: id,
      action: 'Revoke',
      fromStatus: row.status,
      toStatus: 'Revoked',
      actorUserId: viewer.id,
      actorRole: viewer.role,
      remarks: reason,
      createdOn: now,
    });
    await audit.record(tx, {
      actor: { id: viewer.id, role: viewer.role },
      action: 'INTER_STATE_CONSENT_REVOKED',
      entity: 'InterStateConsent',
      entityId: id,
      before: consentSummary(row),
      after: { ...consentSummary(updated), revokedAt: now.toISOString(), revocationReason: reason },
      requestId: meta.requestId,
    });
    const entity = (await repo.detailRow(tx, id))?.entityName ?? '';
    await notifyParties(
      notifications,
      tx,
      row,
      C.notifications.revoked(updated.certificateNo ?? updated.applicationNo, entity, reason),
      false,
    );
    return buildConsentDetail(deps, tx, viewer, id);
  });
}
