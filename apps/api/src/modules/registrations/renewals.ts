import { canRenew, type RegistrationStatus } from '@stoa/shared/registrations';
import { enRegistrations } from '@stoa/shared/messages';
import type { EntityType, Role } from '@stoa/shared/account';

import type { Tx } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { SYSTEM_ACTOR } from '../audit/audit.service';
import { tradersRepository } from '../traders/traders.repository';
import { notFound } from './registrations.access';
import type { RegistrationsDeps } from './registrations.deps';
import { summary } from './registrations.mapper';
import { type RegistrationRecord, registrationsRepository as repo, type Viewer } from './registrations.repository';

/**
 * Renewals (DOMAIN.md §2): a renewal is a new record pointing at the one it renews, submitted
 * like a registration (submission.ts). These are its two rules of its own: which record may be
 * renewed, and what the final approval of a renewal does to the record it renews.
 */

const E = enRegistrations.errors;

/**
 * The owner's record that a new renewal renews, locked: it must be the owner's, of the entity
 * type, renewable in its status, and without a renewal already under way.
 */
export async function lockRenewable(tx: Tx, v: Viewer, previousId: string, entityType: EntityType): Promise<RegistrationRecord> {
  const previous = await repo.lockById(tx, previousId);
  if (!previous || previous.ownerUserId !== v.id || previous.entityType !== entityType) throw notFound();
  if (!canRenew(previous.status as RegistrationStatus)) throw new AppError('BUSINESS_RULE', E.notRenewable);
  if (await repo.openRenewalOf(tx, previous.id)) throw new AppError('BUSINESS_RULE', E.renewalInProgress);
  return previous;
}

/**
 * An approved renewal replaces the record it renews: that record becomes Renewed (with its history
 * and audit rows), and a trader's applicants move to the renewal. Idempotent.
 */
export async function completeRenewal(
  deps: Pick<RegistrationsDeps, 'audit'>,
  tx: Tx,
  renewal: RegistrationRecord,
  by: { userId: string | null; role: Role | null; requestId: string | null },
  now: Date,
): Promise<void> {
  if (!renewal.previousRegistrationId) return;
  const previous = await repo.lockById(tx, renewal.previousRegistrationId);
  if (!previous || previous.status === 'Renewed') return;
  const renewed = await repo.update(tx, previous.id, {
    status: 'Renewed',
    statusSince: now,
    version: previous.version + 1,
    updatedOn: now,
  });
  const movedAssociations = renewal.entityType === 'Trader' ? await tradersRepository.moveAssociations(tx, previous.id, renewal.id) : 0;
  await repo.insertAction(tx, {
    registrationId: previous.id,
    action: 'Renewed',
    fromStatus: previous.status,
    toStatus: 'Renewed',
    actorUserId: by.userId,
    actorRole: by.role,
    remarks: null,
    createdOn: now,
  });
  await deps.audit.record(tx, {
    actor: by.userId ? { id: by.userId, role: by.role ?? 'SYSTEM' } : SYSTEM_ACTOR,
    action: 'REGISTRATION_RENEWED',
    entity: 'Registration',
    entityId: previous.id,
    before: summary(previous),
    after: { ...summary(renewed), renewalId: renewal.id, movedAssociations },
    requestId: by.requestId,
  });
}
