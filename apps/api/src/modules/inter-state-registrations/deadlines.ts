import type { UtilityType } from '@stoa/shared/account';
import { istDate } from '@stoa/shared/common';
import { INTER_STATE_REGISTRATION_WORKFLOW } from '@stoa/shared/inter-state';
import { enInterStateRegistration } from '@stoa/shared/messages';

import type { DbOrTx } from '../../platform/db/client';
import { eachInOwnTransaction } from '../../platform/db/transaction';
import type { InterStateRegistrationsDeps } from './inter-state-registrations.access';
import { interStateRegistrationsRepository as repo } from './inter-state-registrations.repository';
import { applyTransition } from './transition';

/**
 * Deemed consent (DOMAIN-REFERENCE.md §4.4, decision 0076): a record waiting on its DISCOM/TRANSCO for
 * more than the configured working days (`consentWorkingDays`, the registrations' setting, counted from
 * the IST date it entered the status) takes the deemable transition as the system. Each record in its
 * own transaction, locked and re-checked, so two API processes move it once. Returns how many moved.
 */
export async function runDeemedConsent(
  deps: Pick<InterStateRegistrationsDeps, 'db' | 'clock' | 'audit' | 'configuration' | 'notifications' | 'log'>,
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
  for (const c of await repo.consentCandidates(db)) if ((await deadlineOf(db, c.statusSince)) < on) due.push(c.id);
  return eachInOwnTransaction(
    deps,
    due,
    async (tx, id) => {
      const row = await repo.lockById(tx, id);
      if (!row) return false;
      const t = INTER_STATE_REGISTRATION_WORKFLOW.deemed({ status: row.status, kind: row.utilityType as UtilityType });
      if (!t || (await deadlineOf(tx, row.statusSince)) >= on) return false;
      await applyTransition(deps, tx, row, t, {
        userId: null,
        role: null,
        remarks: enInterStateRegistration.detail.deemedConsent,
        requestId: null,
        deemed: true,
      });
      return true;
    },
    { idKey: 'interStateRegistrationId', message: 'inter-state registration job: a record failed' },
  );
}
