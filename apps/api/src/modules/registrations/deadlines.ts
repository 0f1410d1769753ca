import { deemedTransition, type RegistrationStatus } from '@stoa/shared/registrations';
import { enRegistrations } from '@stoa/shared/messages';
import type { EntityType } from '@stoa/shared/account';
import { addDays } from '@stoa/shared/applications';
import { istDate } from '@stoa/shared/common';
import { WEB_LINKS } from '@stoa/shared/navigation';

import type { RequestUser } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db/client';
import { eachInOwnTransaction } from '../../platform/db/transaction';
import { SYSTEM_ACTOR } from '../audit/audit.service';
import type { RegistrationsDeps } from './registrations.deps';
import { viewerOf } from './registrations.access';
import { summary } from './registrations.mapper';
import { registrationsRepository as repo } from './registrations.repository';
import { applyTransition } from './transition';

/**
 * The deadlines the system acts on by itself (DOMAIN.md §2), run hourly by registrations.jobs.ts:
 * deemed consent of a DISCOM/TRANSCO user who did not act, and the expiry of approved records.
 */

/**
 * Deemed consent: a record waiting on a DISCOM/TRANSCO user for more than the configured working
 * days (counted from the IST date it entered the status) takes the deemable transition as the
 * system. Idempotent; each record in its own transaction. Returns how many records moved.
 */
export async function runDeemedConsent(
  deps: Pick<RegistrationsDeps, 'db' | 'clock' | 'audit' | 'configuration' | 'notifications' | 'log'>,
): Promise<number> {
  const { db, configuration } = deps;
  const on = istDate(deps.clock.now());
  const days = Number(await configuration.settingOn(db, 'consentWorkingDays', on));
  const deadlines = new Map<string, string>();
  const deadlineOf = async (dbx: DbOrTx, since: Date) => {
    const from = istDate(since);
    if (!deadlines.has(from)) deadlines.set(from, await configuration.addWorkingDays(dbx, from, days));
    return deadlines.get(from)!;
  };
  const due: string[] = [];
  for (const c of await repo.consentCandidates(db)) {
    if ((await deadlineOf(db, c.statusSince)) < on) due.push(c.id);
  }
  return eachInOwnTransaction(
    deps,
    due,
    async (tx, id) => {
      const row = await repo.lockById(tx, id);
      if (!row) return false;
      const t = deemedTransition({ status: row.status as RegistrationStatus, entityType: row.entityType as EntityType });
      if (!t) return false;
      if ((await deadlineOf(tx, row.statusSince)) >= on) return false;
      await applyTransition(deps, tx, row, t, {
        userId: null,
        role: null,
        remarks: enRegistrations.detail.deemedConsent,
        requestId: null,
        deemed: true,
      });
      return true;
    },
    { idKey: 'registrationId', message: 'registration job: a record failed' },
  );
}

/** Expiry: Approved records past their last day of validity become Expired. Idempotent. Returns how many expired. */
export async function runExpiry(deps: Pick<RegistrationsDeps, 'db' | 'clock' | 'audit' | 'notifications' | 'log'>): Promise<number> {
  const { clock, audit, notifications } = deps;
  const on = istDate(clock.now());
  const ids = (await repo.expiryCandidates(deps.db, on)).map((x) => x.id);
  return eachInOwnTransaction(
    deps,
    ids,
    async (tx, id) => {
      const row = await repo.lockById(tx, id);
      if (!row || row.status !== 'Approved' || !row.expiredOn || row.expiredOn >= on) return false;
      const now = clock.now();
      const after = await repo.update(tx, row.id, { status: 'Expired', statusSince: now, version: row.version + 1, updatedOn: now });
      await repo.insertAction(tx, {
        registrationId: row.id,
        action: 'Expire',
        fromStatus: row.status,
        toStatus: 'Expired',
        actorUserId: null,
        actorRole: null,
        remarks: null,
        createdOn: now,
      });
      await audit.record(tx, {
        actor: SYSTEM_ACTOR,
        action: 'REGISTRATION_EXPIRED',
        entity: 'Registration',
        entityId: row.id,
        before: summary(row),
        after: summary(after),
      });
      await notifications.notify(tx, {
        userId: row.ownerUserId,
        message: enRegistrations.notifications.expired(after.entityName, after.registrationNo ?? ''),
        link: WEB_LINKS.registration(row.entityType, row.id),
      });
      return true;
    },
    { idKey: 'registrationId', message: 'registration job: a record failed' },
  );
}

/**
 * The response clock of a consent (issue 15): when the longest-waiting record of `status` in the
 * user's scope becomes deemed consent — the start of the IST day after its deadline, the first day
 * runDeemedConsent moves it — or null when none waits.
 */
export async function consentDeemedAt(
  deps: Pick<RegistrationsDeps, 'db' | 'clock' | 'configuration'>,
  actor: RequestUser,
  status: RegistrationStatus,
): Promise<string | null> {
  const { db, configuration } = deps;
  const since = await repo.oldestInStatus(db, await viewerOf(db, actor), status);
  if (!since) return null;
  const days = Number(await configuration.settingOn(db, 'consentWorkingDays', istDate(deps.clock.now())));
  const deadline = await configuration.addWorkingDays(db, istDate(since), days);
  return new Date(`${addDays(deadline, 1)}T00:00:00+05:30`).toISOString();
}
