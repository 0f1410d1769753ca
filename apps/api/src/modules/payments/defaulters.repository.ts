import { and, desc, eq, exists, inArray, lt, type SQL, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../platform/db/client';
import { auditLog } from '../audit/audit.tables';
import { dues } from '../configuration/configuration.tables';
import { users } from '../users/users.tables';

/** The audit actions of the defaulter flag (users/user-access.ts writes the Admin's, defaulters.ts the system's). */
export const DEFAULTER_MARKED = 'USER_MARKED_DEFAULTER';
export const DEFAULTER_CLEARED = 'USER_DEFAULTER_CLEARED';

type Raw = Record<string, unknown>;
export interface FlagChangeRow {
  id: string;
  userId: string;
  userName: string;
  action: string;
  actorRole: string;
  byName: string | null;
  occurredAt: Date;
  after: Record<string, unknown> | null;
  /** For the rule's clearing: the rule's marking it ends (its time and its audit `after`). */
  marking: { at: string; after: Record<string, unknown> | null } | null;
}

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

  /**
   * Decision 0078: the changes of defaulter flags (one user's, or everyone's), newest first, paged in
   * SQL, from the audit trail; a clearing by the rule carries the rule's marking it ends.
   */
  async flagChanges(dbx: DbOrTx, userId: string | undefined, page: { pageNumber: number; pageSize: number }) {
    const where: SQL = sql`a.entity = 'User' and a.action in (${DEFAULTER_MARKED}, ${DEFAULTER_CLEARED})
      ${userId ? sql`and a.entity_id = ${userId}` : sql``}`;
    const [rows, count] = await Promise.all([
      dbx.execute(sql`
        select a.id::text as id, a.entity_id as user_id, a.action, a.actor_role, a.occurred_at, a.after,
               coalesce(nullif(u.entity_name, ''), u.first_name || ' ' || u.last_name) as user_name,
               case when b.id is null then null else b.first_name || ' ' || b.last_name end as by_name,
               case when a.action = ${DEFAULTER_CLEARED} and a.actor_role = 'SYSTEM' then
                 (select json_build_object('at', m.occurred_at, 'after', m.after) from audit_log m
                   where m.entity = 'User' and m.entity_id = a.entity_id and m.action = ${DEFAULTER_MARKED}
                     and m.actor_role = 'SYSTEM' and m.id < a.id
                   order by m.id desc limit 1)
               end as marking
          from audit_log a
          join users u on u.id::text = a.entity_id
          left join users b on b.id = a.actor_id
         where ${where}
         order by a.id desc
         limit ${page.pageSize} offset ${(page.pageNumber - 1) * page.pageSize}`),
      dbx.execute(sql`select count(*)::int as n from audit_log a where ${where}`),
    ]);
    const list = (rows as unknown as { rows: Raw[] }).rows.map((r): FlagChangeRow => ({
      id: String(r.id),
      userId: String(r.user_id),
      userName: String(r.user_name),
      action: String(r.action),
      actorRole: String(r.actor_role),
      byName: r.by_name === null ? null : String(r.by_name),
      occurredAt: new Date(r.occurred_at as string),
      after: (r.after as Record<string, unknown> | null) ?? null,
      marking: (typeof r.marking === 'string' ? JSON.parse(r.marking) : r.marking) as FlagChangeRow['marking'],
    }));
    return { rows: list, total: Number((count as unknown as { rows: Raw[] }).rows[0]?.n ?? 0) };
  },

  /** Decision 0078: dues by id (the ones an audit row names), with their status now. */
  async duesByIds(dbx: DbOrTx, ids: string[]) {
    if (ids.length === 0) return [];
    return dbx
      .select({ id: dues.id, description: dues.description, dueDate: dues.dueDate, totalPaise: dues.totalPaise, status: dues.status })
      .from(dues)
      .where(inArray(dues.id, ids));
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
