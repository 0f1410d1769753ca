import type { Role, UtilityType } from '@stoa/shared/account';
import { istDate } from '@stoa/shared/common';
import {
  INTER_STATE_REGISTRATION_STATUS_LABELS,
  INTER_STATE_REGISTRATION_WORKFLOW,
  type InterStateRegistrationTransition,
} from '@stoa/shared/inter-state';
import { enInterStateRegistration } from '@stoa/shared/messages';
import { WEB_LINKS } from '@stoa/shared/navigation';

import type { Tx } from '../../platform/db/client';
import { SYSTEM_ACTOR } from '../audit/audit.service';
import { usersRepository } from '../users/users.repository';
import type { InterStateRegistrationsDeps } from './inter-state-registrations.access';
import {
  type InterStateRegistrationInsert,
  type InterStateRegistrationRecord,
  interStateRegistrationsRepository as repo,
} from './inter-state-registrations.repository';

/**
 * One workflow step of an inter-state registration (the transitions are the shared
 * INTER_STATE_REGISTRATION_TRANSITIONS on the registrations' engine): what taking it writes — status,
 * version, the number at approval, the history row, the audit row — and whom it tells (the owner and
 * the next actors: a role, or the embedding utility's users). Used by the submission, the reviewers'
 * actions and the deemed consent.
 */

/** Who takes a step. */
export interface ActBy {
  userId: string | null;
  role: Role | null;
  remarks: string | null;
  requestId: string | null;
  /** Deemed consent: the system acted for the DISCOM/TRANSCO user. */
  deemed?: boolean;
}

/** `ISR/{yyyy}/{00001}` (decision 0076). */
export const interStateRegistrationNumber = (year: string, n: number) => `ISR/${year}/${String(n).padStart(5, '0')}`;

/** What the audit rows keep of a record. */
export const summary = (r: InterStateRegistrationRecord) => ({
  status: r.status,
  version: r.version,
  registrationId: r.registrationId,
  utilityType: r.utilityType,
  utilityId: r.utilityId,
  noarRegistrationNo: r.noarRegistrationNo,
  interStateRegistrationNo: r.interStateRegistrationNo,
});

const link = (r: InterStateRegistrationRecord) => WEB_LINKS.interStateRegistration(r.utilityType as UtilityType, r.id);

/** The embedding utility's enabled users of its role. */
async function utilityUsers(tx: Tx, r: InterStateRegistrationRecord): Promise<string[]> {
  if (!r.utilityId) return [];
  return usersRepository.enabledIdsOfUtilityRole(
    tx,
    r.utilityId,
    r.utilityType === 'DISCOM' ? 'DISCOMBusinessUser' : 'TRANSCOBusinessUser',
  );
}

type TransitionDeps = Pick<InterStateRegistrationsDeps, 'clock' | 'audit' | 'notifications'>;

export async function applyTransition(
  deps: TransitionDeps,
  tx: Tx,
  row: InterStateRegistrationRecord,
  t: InterStateRegistrationTransition,
  by: ActBy,
  extra: Partial<InterStateRegistrationInsert> = {},
): Promise<InterStateRegistrationRecord> {
  const { clock, audit, notifications } = deps;
  const now = clock.now();
  const patch: Partial<InterStateRegistrationInsert> = {
    ...extra,
    status: t.to,
    statusSince: now,
    version: row.version + 1,
    updatedOn: now,
  };
  if (t.to === 'Approved') {
    patch.approvedOn = now;
    patch.interStateRegistrationNo =
      row.interStateRegistrationNo ?? interStateRegistrationNumber(istDate(now).slice(0, 4), await repo.nextNumber(tx));
  }
  if (t.action === 'Submit') patch.submittedOn = now;
  const after = await repo.update(tx, row.id, patch);
  await repo.insertAction(tx, {
    interStateRegistrationId: row.id,
    action: by.deemed ? 'DeemedConsent' : t.action,
    fromStatus: row.status,
    toStatus: t.to,
    actorUserId: by.userId,
    actorRole: by.role,
    remarks: by.remarks,
    createdOn: now,
  });
  await audit.record(tx, {
    actor: by.userId ? { id: by.userId, role: by.role ?? 'SYSTEM' } : SYSTEM_ACTOR,
    action: by.deemed ? 'INTER_STATE_REGISTRATION_DEEMED_CONSENT' : `INTER_STATE_REGISTRATION_${t.action.toUpperCase()}`,
    entity: 'InterStateRegistration',
    entityId: row.id,
    before: summary(row),
    after: { ...summary(after), remarks: by.remarks },
    requestId: by.requestId,
  });

  const N = enInterStateRegistration.notifications;
  const label = INTER_STATE_REGISTRATION_STATUS_LABELS[t.to];
  const told = new Set<string>();
  if (t.action !== 'Submit') {
    const ownerMessage =
      t.to === 'Approved'
        ? N.approved(after.entityName, after.interStateRegistrationNo ?? '')
        : by.deemed
          ? N.deemed(after.entityName)
          : N.moved(after.entityName, label);
    await notifications.notify(tx, { userId: row.ownerUserId, message: ownerMessage, link: link(after) });
  }
  told.add(row.ownerUserId);
  if (by.deemed) {
    // The utility that did not act learns that its consent was deemed.
    const ids = await utilityUsers(tx, row);
    if (ids.length > 0) await notifications.notify(tx, { userIds: ids, message: N.deemed(after.entityName), link: link(after) });
    ids.forEach((id) => told.add(id));
  }
  // The next actors: the embedding utility's users, or a role.
  for (const actor of INTER_STATE_REGISTRATION_WORKFLOW.nextActors({ status: after.status, kind: after.utilityType as UtilityType })) {
    if (actor === 'Owner') continue;
    if (actor === 'DISCOMBusinessUser' || actor === 'TRANSCOBusinessUser') {
      const ids = (await utilityUsers(tx, after)).filter((id) => !told.has(id));
      if (ids.length > 0) await notifications.notify(tx, { userIds: ids, message: N.moved(after.entityName, label), link: link(after) });
    } else {
      await notifications.notify(tx, { role: actor, message: N.moved(after.entityName, label), link: link(after) });
    }
  }
  return after;
}
