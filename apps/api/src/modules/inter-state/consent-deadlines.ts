import { BLOCKS_PER_DAY } from '@stoa/shared/applications';
import { istDate } from '@stoa/shared/common';
import { INTER_STATE_CONSENT_PENDING_STATUSES, type InterStateConsentStatus } from '@stoa/shared/inter-state';
import { enInterStateConsent } from '@stoa/shared/messages';

import { eachInOwnTransaction } from '../../platform/db/transaction';
import { SYSTEM_ACTOR } from '../audit/audit.service';
import { consentSummary, grantPatch, notifyParties, requestedOf } from './consent-decisions';
import { remainingMargin } from './inter-state-consent.margin';
import { interStateConsentRepository as repo } from './inter-state-consent.repository';
import type { InterStateDeps } from './standing-clearance.access';

const C = enInterStateConsent;

/**
 * Deemed consent (DOMAIN-REFERENCE.md §4.4, decision 0068), run hourly by inter-state.jobs.ts: a
 * consent application still Submitted or Verified after `interStateConsentWorkingDays` working days
 * (the operating rule in force today, default 3; counted from the IST date it was submitted, deemed on
 * the day after the last one) is consented by the system: each block the request, capped by the
 * inter-state margin left at the point where one was uploaded for the day (so a deemed consent never
 * takes margin another consent holds). Each application in its own transaction under the point's
 * margin lock and its row lock, re-checked there, so two API processes running the job act on it once.
 * History, audit (actor system) and notifications to the applicant, its trader and the SLDC. Returns
 * how many were deemed. `onlyId`: that application alone (the journeys' test hook, decision 0088).
 */
export async function runDeemedConsent(deps: InterStateDeps, opts: { onlyId?: string } = {}): Promise<number> {
  const { db, clock, audit, configuration, notifications } = deps;
  const today = istDate(clock.now());
  const days = Number(await configuration.settingOn(db, 'interStateConsentWorkingDays', today));
  const deadlines = new Map<string, string>();
  const isDue = async (submittedAt: Date | null) => {
    if (!submittedAt) return false;
    const from = istDate(submittedAt);
    if (!deadlines.has(from)) deadlines.set(from, await configuration.addWorkingDays(db, from, days));
    return deadlines.get(from)! < today;
  };
  const due: { id: string; elementKey: string }[] = [];
  for (const c of await repo.deemCandidates(db, opts.onlyId)) if (await isDue(c.submittedAt)) due.push(c);
  const byId = new Map(due.map((d) => [d.id, d.elementKey]));
  return eachInOwnTransaction(
    deps,
    due.map((d) => d.id),
    async (tx, id) => {
      await repo.lockMargin(tx, byId.get(id)!);
      const row = await repo.byId(tx, id, { lock: true });
      if (!row || !(INTER_STATE_CONSENT_PENDING_STATUSES as readonly InterStateConsentStatus[]).includes(row.status)) return false;
      if (!(await isDue(row.submittedAt))) return false;
      const now = clock.now();
      const requested = await requestedOf(tx, id);
      const remaining = await remainingMargin(tx, row.element, row.elementKey, [...requested.keys()], id);
      const granted = new Map<string, Int32Array>();
      for (const [day, r] of requested) {
        const rem = remaining.get(day);
        const g = Int32Array.from(r);
        if (rem) for (let b = 0; b < BLOCKS_PER_DAY; b++) g[b] = Math.min(g[b]!, rem[b]!);
        granted.set(day, g);
      }
      const patch = await grantPatch(tx, row, requested, granted, today);
      const updated = await repo.update(tx, id, { ...patch, deemed: true, decidedAt: now, version: row.version + 1, updatedOn: now });
      await repo.insertAction(tx, {
        consentId: id,
        action: 'DeemedConsent',
        fromStatus: row.status,
        toStatus: updated.status,
        actorUserId: null,
        actorRole: null,
        remarks: C.history.deemed(days),
        createdOn: now,
      });
      await audit.record(tx, {
        actor: SYSTEM_ACTOR,
        action: 'INTER_STATE_CONSENT_DEEMED',
        entity: 'InterStateConsent',
        entityId: id,
        before: consentSummary(row),
        after: { ...consentSummary(updated), workingDays: days },
      });
      await notifyParties(notifications, tx, row, C.notifications.deemed(updated.certificateNo ?? updated.applicationNo, days), true);
      return true;
    },
    { idKey: 'interStateConsentId', message: 'inter-state consent job: an application failed' },
  );
}
