import { addDays } from '@stoa/shared/applications';
import { istDate, formatPaise } from '@stoa/shared/common';
import { WEB_LINKS } from '@stoa/shared/navigation';

import type { Clock } from '../../platform/clock';
import type { Database, Tx } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import type { AuditService } from '../audit/audit.service';
import { settingOn } from '../configuration/settings';
import type { NotificationsService } from '../notifications/notifications.service';
import { usersRepository } from '../users/users.repository';
import { DEFAULTER_CLEARED, DEFAULTER_MARKED, defaultersRepository as repo } from './defaulters.repository';

/**
 * The automatic defaulter (issue 13, decision 0048): a payer with a due unpaid more than
 * `defaulterAfterDays` (operating rule, default 90) after its due date is marked defaulter (the flag the
 * Admin toggles, which blocks new applications), told so, and the SLDC business users are told; the
 * flag this rule set clears once nothing is overdue that long. A flag the Admin set is never cleared
 * here, and a payer the Admin cleared is not marked again for the dues that were already that late.
 * Each change is the user's audit row with the actor SYSTEM: the history says who or what set it.
 */
export interface DefaultersDeps {
  db: Database;
  clock: Clock;
  audit: AuditService;
  notifications: Pick<NotificationsService, 'notify'>;
}

/** The due date before which an unpaid due makes its payer a defaulter today, or null when the rule is off. */
async function threshold(deps: Pick<DefaultersDeps, 'db' | 'clock'>, tx: Tx | Database) {
  const today = istDate(deps.clock.now());
  const days = Number(await settingOn(tx, 'defaulterAfterDays', today));
  return days > 0 ? { dueBefore: addDays(today, -days), days } : null;
}

/** Marks or clears one payer's flag by the rule, inside `tx` (also called when a due is settled). */
export async function reviewDefaulter(deps: DefaultersDeps, tx: Tx, userId: string): Promise<'MARKED' | 'CLEARED' | null> {
  const rule = await threshold(deps, tx);
  const user = await usersRepository.findByIdForUpdate(tx, userId);
  if (!user) return null;
  const overdue = rule ? await repo.overdueDues(tx, userId, rule.dueBefore) : [];
  const last = await repo.lastFlagChange(tx, userId);
  if (!user.isDefaulter && overdue.length > 0 && rule) {
    // The Admin cleared the flag after these dues were already that late: their decision stands until
    // another due crosses the line.
    if (last && last.role !== 'SYSTEM' && last.action === DEFAULTER_CLEARED) {
      const clearedOn = istDate(last.occurredAt);
      if (overdue.every((d) => addDays(d.dueDate, rule.days + 1) <= clearedOn)) return null;
    }
    await setFlag(deps, tx, userId, true, { dueIds: overdue.map((d) => d.id), afterDays: rule.days });
    const total = overdue.reduce((sum, d) => sum + d.totalPaise, 0);
    await deps.notifications.notify(tx, {
      userId,
      message: `Your account has been marked as a defaulter: ${overdue.length} due(s) of ${formatPaise(total)} remain unpaid more than ${rule.days} days after the due date. New applications are refused until the dues are cleared.`,
      link: WEB_LINKS.profile(),
    });
    await deps.notifications.notify(tx, {
      role: 'SLDCBusinessUser',
      message: `${user.entityName ?? `${user.firstName} ${user.lastName}`} has been marked as a defaulter: dues unpaid more than ${rule.days} days after the due date.`,
    });
    return 'MARKED';
  }
  if (user.isDefaulter && overdue.length === 0 && last?.role === 'SYSTEM' && last.action === DEFAULTER_MARKED) {
    await setFlag(deps, tx, userId, false, { reason: 'OVERDUE_DUES_SETTLED' });
    await deps.notifications.notify(tx, {
      userId,
      message: 'Your overdue dues are settled and the defaulter flag of your account has been cleared.',
      link: WEB_LINKS.profile(),
    });
    return 'CLEARED';
  }
  return null;
}

async function setFlag(deps: DefaultersDeps, tx: Tx, userId: string, value: boolean, why: Record<string, unknown>) {
  await usersRepository.update(tx, userId, { isDefaulter: value, updatedAt: deps.clock.now() });
  await deps.audit.record(tx, {
    actor: { id: null, role: 'SYSTEM' },
    action: value ? DEFAULTER_MARKED : DEFAULTER_CLEARED,
    entity: 'User',
    entityId: userId,
    before: { isDefaulter: !value },
    after: { isDefaulter: value, ...why },
  });
}

/** The job: every payer the rule marks or clears today, one transaction each. */
export async function runAutoDefaulter(deps: DefaultersDeps): Promise<{ marked: number; cleared: number }> {
  const rule = await threshold(deps, deps.db);
  const dueBefore = rule?.dueBefore ?? '0001-01-01';
  const candidates = [
    ...(rule ? await repo.overduePayersNotFlagged(deps.db, dueBefore) : []),
    ...(await repo.flaggedWithoutOverdue(deps.db, dueBefore)),
  ];
  const result = { marked: 0, cleared: 0 };
  for (const id of candidates) {
    const outcome = await inTransaction(deps.db, (tx) => reviewDefaulter(deps, tx, id));
    if (outcome === 'MARKED') result.marked++;
    if (outcome === 'CLEARED') result.cleared++;
  }
  return result;
}
