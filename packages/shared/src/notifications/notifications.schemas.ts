import { z } from 'zod';

import { enNotifications } from '../messages/en.notifications';

/** A notification link: a path of the SPA (one leading '/', no scheme or host), at most 300 characters. */
export function isNotificationLink(link: string): boolean {
  return link.length <= 300 && /^\/(?!\/)[^\s\\]*$/.test(link);
}

/** Longest notification text, in characters. */
export const NOTIFICATION_MESSAGE_MAX_LENGTH = 1000;
/** Default and largest number of notifications NotificationResult returns. */
export const NOTIFICATION_LIST_DEFAULT = 50;
export const NOTIFICATION_LIST_MAX = 100;

export const notificationCountSchema = z.object({ count: z.number().int().min(0) });
export type NotificationCount = z.infer<typeof notificationCountSchema>;

/** Spec 001 §3 Notification: message and notificationTimeSpan, plus id, the instant and the read flag. */
export const notificationSchema = z.object({
  id: z.string(),
  message: z.string(),
  /** The portal route of the record the notification is about (WEB_LINKS); null when it is about none. */
  link: z.string().nullable(),
  /** Display-friendly age at the time of the request ('5 minutes ago'); see formatTimeSpan. */
  notificationTimeSpan: z.string(),
  /** ISO 8601 instant the notification was created (to recompute the span on the client). */
  createdAt: z.string(),
  isRead: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListSchema = z.array(notificationSchema);

export const notificationListQuerySchema = z.object({
  /** 'true' also lists notifications already read; by default only unread ('new') ones are listed. */
  includeRead: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_LIST_MAX).default(NOTIFICATION_LIST_DEFAULT),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

export const markAsReadRequestSchema = z.object({
  /** The notifications to mark; omitted (or empty) marks every unread notification of the user. */
  ids: z.array(z.string().uuid('Invalid id')).max(500).optional(),
});
export type MarkAsReadRequest = z.infer<typeof markAsReadRequestSchema>;
/** How many notifications changed from unread to read. */
export const markAsReadResultSchema = z.object({ count: z.number().int().min(0) });

/** The WebSocket hub (ARCHITECTURE.md §7). */
export const NOTIFY_PATH = '/api/notify';
/** Sub-protocol the client offers (and the server selects) next to `access_token.<jwt>`. */
export const NOTIFY_SUBPROTOCOL = 'stoa';
export const NOTIFY_TOKEN_PROTOCOL_PREFIX = 'access_token.';
/** Close codes: 4401 the token is missing, invalid or expired (refresh it, then reconnect). */
export const NOTIFY_CLOSE_UNAUTHORIZED = 4401;

/** Frames the hub sends. `Connected` after authentication; `BroadcastMessage` when the user's notifications changed. */
export const notifyFrameSchema = z.union([z.object({ type: z.literal('Connected') }), z.object({ type: z.literal('BroadcastMessage') })]);
export type NotifyFrame = z.infer<typeof notifyFrameSchema>;

type SpanTexts = typeof enNotifications.notifications;

/** The age of a notification as a short English phrase ('just now', '5 minutes ago', '2 days ago'). */
export function formatTimeSpan(from: Date | string, now: Date, texts: SpanTexts = enNotifications.notifications): string {
  const ms = now.getTime() - new Date(from).getTime();
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return texts.justNow;
  if (minutes < 60) return texts.minutesAgo(minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return texts.hoursAgo(hours);
  const days = Math.floor(hours / 24);
  if (days < 30) return texts.daysAgo(days);
  const months = Math.floor(days / 30);
  if (months < 12) return texts.monthsAgo(months);
  return texts.yearsAgo(Math.floor(days / 365));
}
