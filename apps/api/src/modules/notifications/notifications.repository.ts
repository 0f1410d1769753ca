import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';

import type { DbOrTx } from '../../platform/db/client';
import { usersRepository } from '../users/users.repository';
import { notifications, type NotificationRow } from './notifications.tables';

export const notificationsRepository = {
  async insertMany(db: DbOrTx, rows: (typeof notifications.$inferInsert)[]): Promise<string[]> {
    if (rows.length === 0) return [];
    const inserted = await db.insert(notifications).values(rows).returning({ userId: notifications.userId });
    return inserted.map((r) => r.userId);
  },
  /** Enabled users of a role (usersRepository.enabledIdsOfRole). */
  enabledUserIdsOfRole: (db: DbOrTx, role: string): Promise<string[]> => usersRepository.enabledIdsOfRole(db, role),
  async countUnread(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return Number(row?.n ?? 0);
  },
  async findForUser(db: DbOrTx, userId: string, opts: { includeRead: boolean; limit: number }): Promise<NotificationRow[]> {
    return db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), opts.includeRead ? undefined : isNull(notifications.readAt)))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(opts.limit);
  },
  /** Marks unread notifications of the user as read (all of them when `ids` is undefined); returns the ids changed. */
  async markRead(db: DbOrTx, userId: string, ids: string[] | undefined, at: Date): Promise<string[]> {
    const rows = await db
      .update(notifications)
      .set({ readAt: at })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), ids ? inArray(notifications.id, ids) : undefined))
      .returning({ id: notifications.id });
    return rows.map((r) => r.id);
  },
};
