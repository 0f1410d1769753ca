import { formatTimeSpan, isNotificationLink, type Notification, NOTIFICATION_MESSAGE_MAX_LENGTH } from '@stoa/shared/notifications';
import type { Role } from '@stoa/shared/account';

import type { RequestUser } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import type { Database, DbOrTx } from '../../platform/db/client';
import { notifyOnCommit } from '../../platform/db/notify';
import { afterCommit, inTransaction } from '../../platform/db/transaction';
import type { RequestMeta } from '../account/account.service';
import type { AuditService } from '../audit/audit.service';
import { notificationsRepository } from './notifications.repository';
import { notificationsChangedHere, type UnreadCounts } from './unread-counts';

/** The LISTEN/NOTIFY channel of committed notifications. */
export const NOTIFY_CHANNEL = 'stoa_notifications';
/** User ids per NOTIFY payload: 150 × 39 characters stays well under PostgreSQL's 8000-byte limit. */
const IDS_PER_PAYLOAD = 150;

/** Payload of a NOTIFY on NOTIFY_CHANNEL: the users whose notifications changed. */
export interface NotifyPayload {
  u: string[];
}

export type NotifyTarget = { userId: string } | { userIds: string[] } | { role: Role };
/** `link`: the SPA route of the record the notification is about (WEB_LINKS), opened from the bell. */
export type NotifyInput = NotifyTarget & { message: string; link?: string | null };

/**
 * Queues NOTIFY events in the transaction: PostgreSQL delivers them to every listening process
 * only when the transaction commits, and never after a rollback. This process's unread counts
 * forget these users at once and again on commit (unread-counts.ts).
 */
export async function publishNotificationEvent(dbx: DbOrTx, userIds: readonly string[]) {
  const unique = [...new Set(userIds)];
  notificationsChangedHere(unique);
  afterCommit(dbx, () => notificationsChangedHere(unique));
  for (let i = 0; i < unique.length; i += IDS_PER_PAYLOAD) {
    const payload: NotifyPayload = { u: unique.slice(i, i + IDS_PER_PAYLOAD) };
    await notifyOnCommit(dbx, NOTIFY_CHANNEL, JSON.stringify(payload));
  }
}

export interface NotificationsDeps {
  db: Database;
  clock: Clock;
  audit: AuditService;
  /** The bell's counts kept in process (app.ts); without it every count is read from the database. */
  unreadCounts?: UnreadCounts;
}

/**
 * Notifies one user, several users, or every enabled user of a role, in the caller's
 * transaction (pass `tx`): the rows and the real-time event commit or roll back with the
 * caller's change. The caller's own audit row covers the change; no separate audit row.
 * Returns the recipients' ids.
 */
export async function notify(deps: Pick<NotificationsDeps, 'clock'>, dbx: DbOrTx, input: NotifyInput): Promise<string[]> {
  const message = input.message.trim();
  if (!message) throw new Error('A notification needs a message');
  if (message.length > NOTIFICATION_MESSAGE_MAX_LENGTH) {
    throw new Error(`A notification message is at most ${NOTIFICATION_MESSAGE_MAX_LENGTH} characters`);
  }
  const link = input.link ?? null;
  if (link !== null && !isNotificationLink(link)) throw new Error(`A notification link is a path of the portal: ${link}`);
  return inTransaction(dbx, async (tx) => {
    const recipients =
      'role' in input
        ? await notificationsRepository.enabledUserIdsOfRole(tx, input.role)
        : 'userIds' in input
          ? [...new Set(input.userIds)]
          : [input.userId];
    const createdAt = deps.clock.now();
    const userIds = await notificationsRepository.insertMany(
      tx,
      recipients.map((userId) => ({ userId, message, link, createdAt })),
    );
    await publishNotificationEvent(tx, userIds);
    return userIds;
  });
}

/** The bell's count: the user's unread notifications (kept in process between changes, decision 0080). */
export async function countUnread(deps: Pick<NotificationsDeps, 'db' | 'unreadCounts'>, actor: RequestUser): Promise<{ count: number }> {
  const cache = deps.unreadCounts;
  const held = cache?.get(actor.id);
  if (held !== undefined) return { count: held };
  const epoch = cache?.epoch();
  const count = await notificationsRepository.countUnread(deps.db, actor.id);
  if (cache && epoch !== undefined) cache.set(epoch, actor.id, count);
  return { count };
}

/** The user's notifications, newest first, with how long ago each came. */
export async function listNotifications(
  deps: Pick<NotificationsDeps, 'db' | 'clock'>,
  actor: RequestUser,
  query: { includeRead: boolean; limit: number },
): Promise<Notification[]> {
  const now = deps.clock.now();
  const rows = await notificationsRepository.findForUser(deps.db, actor.id, query);
  return rows.map((r) => ({
    id: r.id,
    message: r.message,
    link: r.link,
    notificationTimeSpan: formatTimeSpan(r.createdAt, now),
    createdAt: r.createdAt.toISOString(),
    isRead: r.readAt !== null,
  }));
}

/** Marks the user's notifications read (`ids` omitted or empty: all); other tabs of the user are told to refresh. */
export async function markAsRead(
  deps: NotificationsDeps,
  actor: RequestUser,
  ids: string[] | undefined,
  meta: RequestMeta,
): Promise<{ count: number }> {
  return inTransaction(deps.db, async (tx) => {
    const changed = await notificationsRepository.markRead(tx, actor.id, ids?.length ? ids : undefined, deps.clock.now());
    if (changed.length > 0) {
      await deps.audit.record(tx, {
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
}

export function createNotificationsService(deps: NotificationsDeps) {
  return {
    /** In the caller's transaction (see notify). */
    notify: (dbx: DbOrTx, input: NotifyInput) => notify(deps, dbx, input),
    count: (actor: RequestUser) => countUnread(deps, actor),
    list: (actor: RequestUser, query: { includeRead: boolean; limit: number }) => listNotifications(deps, actor, query),
    markAsRead: (actor: RequestUser, ids: string[] | undefined, meta: RequestMeta) => markAsRead(deps, actor, ids, meta),
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
