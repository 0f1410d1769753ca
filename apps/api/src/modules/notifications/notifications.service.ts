import { sql } from 'drizzle-orm';

import {
  formatTimeSpan,
  type Notification,
  NOTIFICATION_MESSAGE_MAX_LENGTH,
  type Role,
} from '@stoa/shared';

import type { RequestUser } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import type { Database, DbOrTx } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import type { RequestMeta } from '../account/account.service';
import type { AuditService } from '../audit/audit.service';
import { notificationsRepository } from './notifications.repository';

/** The LISTEN/NOTIFY channel of committed notifications. */
export const NOTIFY_CHANNEL = 'stoa_notifications';
/** User ids per NOTIFY payload: 150 × 39 characters stays well under PostgreSQL's 8000-byte limit. */
const IDS_PER_PAYLOAD = 150;

/** Payload of a NOTIFY on NOTIFY_CHANNEL: the users whose notifications changed. */
export interface NotifyPayload {
  u: string[];
}

export type NotifyTarget = { userId: string } | { userIds: string[] } | { role: Role };
export type NotifyInput = NotifyTarget & { message: string };

/**
 * Queues NOTIFY events in the transaction: PostgreSQL delivers them to every listening process
 * only when the transaction commits, and never after a rollback.
 */
export async function publishNotificationEvent(dbx: DbOrTx, userIds: readonly string[]) {
  const unique = [...new Set(userIds)];
  for (let i = 0; i < unique.length; i += IDS_PER_PAYLOAD) {
    const payload: NotifyPayload = { u: unique.slice(i, i + IDS_PER_PAYLOAD) };
    await dbx.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${JSON.stringify(payload)})`);
  }
}

export function createNotificationsService(deps: { db: Database; clock: Clock; audit: AuditService }) {
  const { db, clock, audit } = deps;

  return {
    /**
     * Notifies one user, several users, or every enabled user of a role, in the caller's
     * transaction (pass `tx`): the rows and the real-time event commit or roll back with the
     * caller's change. The caller's own audit row covers the change; no separate audit row.
     * Returns the recipients' ids.
     */
    async notify(dbx: DbOrTx, input: NotifyInput): Promise<string[]> {
      const message = input.message.trim();
      if (!message) throw new Error('A notification needs a message');
      if (message.length > NOTIFICATION_MESSAGE_MAX_LENGTH) {
        throw new Error(`A notification message is at most ${NOTIFICATION_MESSAGE_MAX_LENGTH} characters`);
      }
      return inTransaction(dbx, async (tx) => {
        const recipients =
          'role' in input
            ? await notificationsRepository.enabledUserIdsOfRole(tx, input.role)
            : 'userIds' in input
              ? [...new Set(input.userIds)]
              : [input.userId];
        const createdAt = clock.now();
        const userIds = await notificationsRepository.insertMany(
          tx,
          recipients.map((userId) => ({ userId, message, createdAt })),
        );
        await publishNotificationEvent(tx, userIds);
        return userIds;
      });
    },

    async count(actor: RequestUser): Promise<{ count: number }> {
      return { count: await notificationsRepository.countUnread(db, actor.id) };
    },

    async list(actor: RequestUser, query: { includeRead: boolean; limit: number }): Promise<Notification[]> {
      const now = clock.now();
      const rows = await notificationsRepository.findForUser(db, actor.id, query);
      return rows.map((r) => ({
        id: r.id,
        message: r.message,
        notificationTimeSpan: formatTimeSpan(r.createdAt, now),
        createdAt: r.createdAt.toISOString(),
        isRead: r.readAt !== null,
      }));
    },

    /** Marks the user's notifications read (`ids` omitted or empty: all); other tabs of the user are told to refresh. */
    async markAsRead(actor: RequestUser, ids: string[] | undefined, meta: RequestMeta): Promise<{ count: number }> {
      return inTransaction(db, async (tx) => {
        const changed = await notificationsRepository.markRead(tx, actor.id, ids?.length ? ids : undefined, clock.now());
        if (changed.length > 0) {
          await audit.record(tx, {
            actor: { id: actor.id, role: actor.role },
            action: 'NOTIFICATIONS_READ',
            entity: 'Notification',
            entityId: actor.id,
            after: { ids: changed },
            requestId: meta.requestId,
          });
          await publishNotificationEvent(tx, [actor.id]);
        }
        return { count: changed.length };
      });
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
