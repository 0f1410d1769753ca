import { and, desc, eq, exists, inArray, lt, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../platform/db/client';
import { auditLog } from '../audit/audit.tables';
import { dues } from '../configuration/configuration.tables';
import { users } from '../users/users.tables';

/** The audit actions of the defaulter flag (users/user-access.ts writes the Admin's, defaulters.ts the system's). */
export const DEFAULTER_MARKED = 'USER_MARKED_DEFAULTER';
export const DEFAULTER_CLEARED = 'USER_DEFAULTER_CLEARED';

const overdueBefore = (dueBefore: string) => and(eq(dues.status, 'DUE'), lt(dues.dueDate, dueBefore));

/** The queries of the automatic defaulter (decision 0048): dues unpaid past the rule's days, and who set a flag. */
export const defaultersRepository = {
  /** Payers, not yet defaulters, owing a due whose due date is before `dueBefore`. */
  async overduePayersNotFlagged(dbx: DbOrTx, dueBefore: string): Promise<string[]> {
    const rows = await dbx
      .selectDistinct({ id: users.id })
      .from(users)
      .innerJoin(dues, eq(dues.payerUserId, users.id))
      .where(and(eq(users.isDefaulter, false), overdueBefore(dueBefore)));
    return rows.map((r) => r.id);
  },

  /** Defaulters owing nothing due before `dueBefore` (whether this rule set their flag is asked per user). */
  async flaggedWithoutOverdue(dbx: DbOrTx, dueBefore: string): Promise<string[]> {
    const rows = await dbx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.isDefaulter, true),
          sql`not ${exists(
            dbx
              .select({ one: sql`1` })
              .from(dues)
              .where(and(eq(dues.payerUserId, users.id), overdueBefore(dueBefore))),
          )}`,
        ),
      );
    return rows.map((r) => r.id);
  },

  /** The payer's dues unpaid since before `dueBefore`, oldest first. */
  async overdueDues(dbx: DbOrTx, payerUserId: string, dueBefore: string) {
    return dbx
      .select({ id: dues.id, description: dues.description, dueDate: dues.dueDate, totalPaise: dues.totalPaise })
      .from(dues)
      .where(and(eq(dues.payerUserId, payerUserId), overdueBefore(dueBefore)))
      .orderBy(dues.dueDate);
  },

  /** The last change of the user's defaulter flag (the Admin's or this rule's), or undefined if never changed. */
  async lastFlagChange(dbx: DbOrTx, userId: string): Promise<{ role: string; action: string; occurredAt: Date } | undefined> {
    const [row] = await dbx
      .select({ role: auditLog.actorRole, action: auditLog.action, occurredAt: auditLog.occurredAt })
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'User'), eq(auditLog.entityId, userId), inArray(auditLog.action, [DEFAULTER_MARKED, DEFAULTER_CLEARED])),
      )
      .orderBy(desc(auditLog.id))
      .limit(1);
    return row;
  },
};
