import { istDate } from '@stoa/shared/common';
import { STANDING_CLEARANCE_PENDING_STATUSES, type StandingClearanceStatus, type StandingClearanceType } from '@stoa/shared/inter-state';
import { enInterState } from '@stoa/shared/messages';
import { WEB_LINKS } from '@stoa/shared/navigation';

import type { DbOrTx } from '../../platform/db/client';
import { eachInOwnTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import { SYSTEM_ACTOR } from '../audit/audit.service';
import { summary } from './decisions';
import { issuePatch } from './issue';
import type { InterStateDeps } from './standing-clearance.access';
import { standingClearanceRepository as repo } from './standing-clearance.repository';

/**
 * The deadlines of standing clearances the system acts on by itself (decision 0062), run hourly by
 * inter-state.jobs.ts: deemed issue of a clearance nobody decided within the configured working days,
 * and the expiry of issued clearances past their Valid To. Each clearance in its own transaction,
 * locked and re-checked there, so two API processes running the job at once act on it exactly once.
 */

const S = enInterState.standingClearance;
const DAYS_KEY = {
  PowerExchange: 'standingClearancePxWorkingDays',
  Bilateral: 'standingClearanceBilateralWorkingDays',
} as const satisfies Record<StandingClearanceType, string>;

/**
 * When the working days of a pending clearance start: the IST date it was applied for, or, while the
 * operating rule feeBeforeScrutiny is on, the later date its fee was settled (an unpaid fee: never,
 * the SLDC cannot scrutinise it). Returns null when the clock has not started.
 */
function clockStart(c: { createdOn: Date; feeStatus: string | null; feeSettledAt: Date | string | null }, feeFirst: boolean) {
  const applied = istDate(c.createdOn);
  if (!feeFirst || c.feeStatus === null) return applied;
  if (c.feeStatus !== 'PAID') return null;
  const paid = c.feeSettledAt ? istDate(new Date(c.feeSettledAt)) : applied;
  return paid > applied ? paid : applied;
}

/**
 * Deemed issue: a clearance still Submitted, ConsentPending or Verified after the working days of its
 * type (standingClearancePxWorkingDays, standingClearanceBilateralWorkingDays; counted from
 * clockStart, deemed on the day after the last one) is issued by the system: certificate number and
 * code, `deemed` set, history, audit (actor system), notifications to the applicant, its trader and the
 * SLDC. One that can no longer be issued (period ended, an issued clearance overlaps) is left to the
 * SLDC and logged. Returns how many were issued.
 */
export async function runDeemedIssue(deps: InterStateDeps): Promise<number> {
  const { db, clock, audit, configuration, notifications } = deps;
  const today = istDate(clock.now());
  const feeFirst = (await configuration.settingOn(db, 'feeBeforeScrutiny', today)) === 'true';
  const daysOf = async (type: StandingClearanceType) => Number(await configuration.settingOn(db, DAYS_KEY[type], today));
  const days = { PowerExchange: await daysOf('PowerExchange'), Bilateral: await daysOf('Bilateral') };
  const deadlines = new Map<string, string>();
  const deadlineOf = async (dbx: DbOrTx, from: string, n: number) => {
    const key = `${from}:${n}`;
    if (!deadlines.has(key)) deadlines.set(key, await configuration.addWorkingDays(dbx, from, n));
    return deadlines.get(key)!;
  };
  const isDue = async (dbx: DbOrTx, c: Parameters<typeof clockStart>[0] & { transactionType: StandingClearanceType }) => {
    const from = clockStart(c, feeFirst);
    return from !== null && (await deadlineOf(dbx, from, days[c.transactionType])) < today;
  };
  const due: string[] = [];
  for (const c of await repo.deemCandidates(db)) if (await isDue(db, c)) due.push(c.id);
  return eachInOwnTransaction(
    deps,
    due,
    async (tx, id) => {
      const first = await repo.byId(tx, id);
      if (!first) return false;
      // One lock order with Apply and the decisions: the entity's lock, then the row (re-read under it).
      await repo.lockEntity(tx, first.registrationId);
      const row = await repo.byId(tx, id, { lock: true });
      if (!row || !(STANDING_CLEARANCE_PENDING_STATUSES as readonly StandingClearanceStatus[]).includes(row.status)) return false;
      const [candidate] = await repo.deemCandidates(tx, id);
      if (!candidate || !(await isDue(tx, candidate))) return false;
      const now = clock.now();
      let issued;
      try {
        issued = await issuePatch(tx, row, today, now, null);
      } catch (err) {
        if (err instanceof AppError && err.code === 'BUSINESS_RULE') {
          deps.log?.warn({ standingClearanceId: id, reason: err.message }, 'standing clearance not deemed issued');
          return false;
        }
        throw err;
      }
      const n = days[row.transactionType];
      const updated = await repo.update(tx, id, { ...issued, status: 'Issued', deemed: true, version: row.version + 1, updatedOn: now });
      await repo.insertAction(tx, {
        standingClearanceId: id,
        action: 'DeemedIssue',
        fromStatus: row.status,
        toStatus: 'Issued',
        actorUserId: null,
        actorRole: null,
        remarks: S.history.deemed(n),
        createdOn: now,
      });
      await audit.record(tx, {
        actor: SYSTEM_ACTOR,
        action: 'STANDING_CLEARANCE_DEEMED_ISSUED',
        entity: 'StandingClearance',
        entityId: id,
        before: summary(row),
        after: { ...summary(updated), workingDays: n },
      });
      const link = WEB_LINKS.standingClearance(id);
      const message = S.notifications.deemed(updated.certificateNo ?? updated.applicationNo, n);
      await notifications.notify(tx, { userIds: [...new Set([row.applicantUserId, row.createdByUserId])], message, link });
      for (const role of ['SLDCBusinessUser', 'SLDCApproverI', 'SLDCApproverII'] as const)
        await notifications.notify(tx, { role, message, link });
      return true;
    },
    { idKey: 'standingClearanceId', message: 'standing clearance job: a clearance failed' },
  );
}

/** Expiry: Issued clearances past their Valid To (IST) are stored Expired, with history, audit and a notice to the applicant. */
export async function runExpiry(deps: InterStateDeps): Promise<number> {
  const { clock, audit, notifications } = deps;
  const today = istDate(clock.now());
  const ids = (await repo.expiryCandidates(deps.db, today)).map((x) => x.id);
  return eachInOwnTransaction(
    deps,
    ids,
    async (tx, id) => {
      const row = await repo.byId(tx, id, { lock: true });
      if (!row || row.status !== 'Issued' || row.validTo >= today) return false;
      const now = clock.now();
      const updated = await repo.update(tx, id, { status: 'Expired', version: row.version + 1, updatedOn: now });
      await repo.insertAction(tx, {
        standingClearanceId: id,
        action: 'Expire',
        fromStatus: row.status,
        toStatus: 'Expired',
        actorUserId: null,
        actorRole: null,
        remarks: S.history.expired,
        createdOn: now,
      });
      await audit.record(tx, {
        actor: SYSTEM_ACTOR,
        action: 'STANDING_CLEARANCE_EXPIRED',
        entity: 'StandingClearance',
        entityId: id,
        before: summary(row),
        after: summary(updated),
      });
      await notifications.notify(tx, {
        userIds: [...new Set([row.applicantUserId, row.createdByUserId])],
        message: S.notifications.expired(row.certificateNo ?? row.applicationNo, row.validTo),
        link: WEB_LINKS.standingClearance(id),
      });
      return true;
    },
    { idKey: 'standingClearanceId', message: 'standing clearance job: a clearance failed' },
  );
}
