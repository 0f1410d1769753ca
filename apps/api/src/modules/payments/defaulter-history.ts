import type { z } from 'zod';

import { istDate } from '@stoa/shared/common';
import type { DefaulterEvent, DefaulterHistory, defaulterHistoryQuerySchema } from '@stoa/shared/payments';

import type { RequestUser } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { usersRepository } from '../users/users.repository';
import { DEFAULTER_MARKED, defaultersRepository as repo, type FlagChangeRow } from './defaulters.repository';
import { isPayerRole } from './payments.access';

/**
 * The defaulter history (issue 13, decision 0078): when a payer became a defaulter and when it was
 * cleared, and why — the automatic rule's overdue dues (how many days past their due date on the day
 * of the marking, and their status now) or the Admin's toggle — read from the audit rows the rule and
 * the Admin write (decision 0048). A payer reads its own; the SLDC roles and the Admin anyone's, or
 * everyone's.
 */

type Query = z.output<typeof defaulterHistoryQuerySchema>;
const MS_PER_DAY = 86_400_000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / MS_PER_DAY);

const dueIdsOf = (after: Record<string, unknown> | null | undefined): string[] =>
  Array.isArray(after?.dueIds) ? (after.dueIds as unknown[]).map(String) : [];
const afterDaysOf = (after: Record<string, unknown> | null | undefined): number | null =>
  typeof after?.afterDays === 'number' ? after.afterDays : null;

export async function defaulterHistory(deps: { db: DbOrTx }, actor: RequestUser, q: Query): Promise<DefaulterHistory> {
  const userId = isPayerRole(actor) ? actor.id : q.userId;
  const user = userId ? await usersRepository.findById(deps.db, userId) : undefined;
  if (userId && !user) throw new AppError('NOT_FOUND', 'The requested user was not found.');
  const { rows, total } = await repo.flagChanges(deps.db, userId, q);
  // The marking whose dues explain an event: its own (the rule marked), or the one a rule's clearing ends.
  const markingOf = (r: FlagChangeRow) =>
    r.actorRole !== 'SYSTEM' ? null : r.action === DEFAULTER_MARKED ? { at: r.occurredAt.toISOString(), after: r.after } : r.marking;
  const ids = [...new Set(rows.flatMap((r) => dueIdsOf(markingOf(r)?.after)))];
  const dues = new Map((await repo.duesByIds(deps.db, ids)).map((d) => [d.id, d]));
  return {
    dataCount: total,
    isDefaulter: user ? user.isDefaulter : null,
    defaulterHistory: rows.map((r): DefaulterEvent => {
      const marking = markingOf(r);
      const markedOn = marking ? istDate(new Date(marking.at)) : null;
      return {
        id: r.id,
        userId: r.userId,
        userName: r.userName,
        event: r.action === DEFAULTER_MARKED ? 'MARKED' : 'CLEARED',
        at: r.occurredAt.toISOString(),
        setBy: r.actorRole === 'SYSTEM' ? 'SYSTEM' : 'ADMIN',
        byName: r.actorRole === 'SYSTEM' ? null : r.byName,
        afterDays: afterDaysOf(marking?.after),
        markedAt: r.action === DEFAULTER_MARKED ? null : marking?.at ? new Date(marking.at).toISOString() : null,
        dues: dueIdsOf(marking?.after).flatMap((id) => {
          const d = dues.get(id);
          return d && markedOn
            ? [
                {
                  dueId: d.id,
                  description: d.description,
                  dueDate: d.dueDate,
                  totalAmount: d.totalPaise,
                  daysOverdue: daysBetween(d.dueDate, markedOn),
                  status: d.status,
                },
              ]
            : [];
        }),
      };
    }),
  };
}
