import {
  type Actor as WorkflowActor,
  REGISTRATION_STATUS_LABELS,
  REGISTRATION_WORKFLOW,
  type RegistrationStatus,
  type Transition,
  type WorkflowSubject,
} from '@stoa/shared/registrations';
import { displayDate } from '@stoa/shared/forms';
import { enRegistrations } from '@stoa/shared/messages';
import type { EntityType, Role } from '@stoa/shared/account';
import { istDate } from '@stoa/shared/common';
import { WEB_LINKS } from '@stoa/shared/navigation';

import type { Tx } from '../../platform/db/client';
import { SYSTEM_ACTOR } from '../audit/audit.service';
import { usersRepository } from '../users/users.repository';
import { completeRenewal } from './renewals';
import type { RegistrationsDeps } from './registrations.deps';
import { summary } from './registrations.mapper';
import { type RegistrationInsert, type RegistrationRecord, registrationsRepository as repo } from './registrations.repository';

/**
 * One workflow step of a registration (the transitions are the shared REGISTRATION_TRANSITIONS on the
 * workflow engine, REGISTRATION_WORKFLOW):
 * what taking it writes and whom it tells. Used by the reviewers' actions (review.ts) and by the
 * system's deemed consent (deadlines.ts).
 */

const ENTITY_CODES: Record<EntityType, string> = { InjectingEntity: 'IE', DraweeEntity: 'DE', BothEntity: 'BE', Trader: 'TR' };

/** The last day of validity: `months` after `from`, less one day (a month end is clamped). */
export function validityEnd(from: string, months: number): string {
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  const total = m - 1 + months;
  const year = y + Math.floor(total / 12);
  const month = ((total % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const end = new Date(Date.UTC(year, month, Math.min(d, lastDay)) - 86_400_000);
  return end.toISOString().slice(0, 10);
}

/** `REG/{IE|DE|BE|TR}/{yyyy}/{00001}` (decision 0007). */
export function registrationNumber(entityType: EntityType, year: string, seq: number): string {
  return `REG/${ENTITY_CODES[entityType]}/${year}/${String(seq).padStart(5, '0')}`;
}

/** Who takes a step. */
export interface ActBy {
  userId: string | null;
  role: Role | null;
  remarks: string | null;
  requestId: string | null;
  /** Deemed consent: the system acted for the DISCOM/TRANSCO user. */
  deemed?: boolean;
}

type TransitionDeps = Pick<RegistrationsDeps, 'clock' | 'audit' | 'configuration' | 'notifications'>;

/** The statuses' next actors (roles, or 'Owner' after a return) for a record in `subject`: the shared engine's answer. */
const nextActors = (subject: WorkflowSubject): WorkflowActor[] =>
  REGISTRATION_WORKFLOW.nextActors({ status: subject.status, kind: subject.entityType });

/** Tells the next actors of the record (a utility's users, or a role) that it waits on them; `exclude` were told already. */
async function notifyNext(
  deps: Pick<RegistrationsDeps, 'notifications'>,
  tx: Tx,
  row: RegistrationRecord,
  message: string,
  exclude: string[] = [],
) {
  for (const actor of nextActors({ status: row.status as RegistrationStatus, entityType: row.entityType as EntityType })) {
    if (actor === 'Owner') continue;
    if (actor === 'DISCOMBusinessUser' || actor === 'TRANSCOBusinessUser') {
      const utilityId = actor === 'DISCOMBusinessUser' ? row.discomId : row.transcoId;
      const ids = utilityId
        ? (await usersRepository.enabledIdsOfUtilityRole(tx, utilityId, actor)).filter((id) => !exclude.includes(id))
        : [];
      if (ids.length > 0)
        await deps.notifications.notify(tx, { userIds: ids, message, link: WEB_LINKS.registration(row.entityType, row.id) });
    } else {
      await deps.notifications.notify(tx, { role: actor, message, link: WEB_LINKS.registration(row.entityType, row.id) });
    }
  }
}

/**
 * Takes a workflow transition on a locked record: status, version, validity and number at the
 * final approval, the history row, the audit row, the previous record Renewed after an approved
 * renewal, and the notifications (owner and next actors).
 */
export async function applyTransition(
  deps: TransitionDeps,
  tx: Tx,
  row: RegistrationRecord,
  t: Transition,
  by: ActBy,
): Promise<RegistrationRecord> {
  const { clock, audit, configuration, notifications } = deps;
  const now = clock.now();
  const patch: Partial<RegistrationInsert> = { status: t.to, statusSince: now, version: row.version + 1, updatedOn: now };
  if (t.to === 'Approved') {
    const from = istDate(now);
    const months = Number(await configuration.settingOn(tx, 'registrationValidityMonths', from));
    patch.validFrom = from;
    patch.expiredOn = validityEnd(from, months);
    patch.registrationNo =
      row.isRenewal && row.registrationNo
        ? row.registrationNo
        : registrationNumber(row.entityType as EntityType, from.slice(0, 4), await repo.nextRegistrationNo(tx));
  }
  const after = await repo.update(tx, row.id, patch);
  await repo.insertAction(tx, {
    registrationId: row.id,
    action: t.action,
    fromStatus: row.status,
    toStatus: t.to,
    actorUserId: by.userId,
    actorRole: by.role,
    remarks: by.remarks,
    createdOn: now,
  });
  await audit.record(tx, {
    actor: by.userId ? { id: by.userId, role: by.role ?? 'SYSTEM' } : SYSTEM_ACTOR,
    action: by.deemed ? 'REGISTRATION_DEEMED_CONSENT' : `REGISTRATION_${t.action.toUpperCase()}`,
    entity: 'Registration',
    entityId: row.id,
    before: summary(row),
    after: { ...summary(after), remarks: by.remarks },
    requestId: by.requestId,
  });

  if (t.to === 'Approved' && row.isRenewal && row.previousRegistrationId) await completeRenewal(deps, tx, row, by, now);

  const N = enRegistrations.notifications;
  const label = REGISTRATION_STATUS_LABELS[t.to];
  const ownerMessage =
    t.to === 'Approved'
      ? N.approved(after.entityName, after.registrationNo ?? '', displayDate(after.expiredOn ?? ''))
      : by.deemed
        ? N.deemed(after.entityName)
        : N.moved(after.entityName, label);
  const told = [row.ownerUserId];
  await notifications.notify(tx, { userId: row.ownerUserId, message: ownerMessage, link: WEB_LINKS.registration(row.entityType, row.id) });
  if (by.deemed) {
    // The party that did not act learns that consent was deemed.
    const role = row.status === 'PendingDISCOMApproval' ? 'DISCOMBusinessUser' : 'TRANSCOBusinessUser';
    const utilityId = role === 'DISCOMBusinessUser' ? row.discomId : row.transcoId;
    const ids = utilityId ? await usersRepository.enabledIdsOfUtilityRole(tx, utilityId, role) : [];
    if (ids.length > 0)
      await notifications.notify(tx, {
        userIds: ids,
        message: N.deemed(after.entityName),
        link: WEB_LINKS.registration(row.entityType, row.id),
      });
    told.push(...ids);
  }
  await notifyNext(deps, tx, after, N.moved(after.entityName, label), told);
  return after;
}
