import { ALL } from '../account/roles';
import { defineEndpoint } from '../common/endpoint';
import {
  markAsReadRequestSchema,
  markAsReadResultSchema,
  notificationCountSchema,
  notificationListQuerySchema,
  notificationListSchema,
} from './notifications.schemas';

/** Notifications (spec 001 §2, §7). The real-time hub is the WebSocket at NOTIFY_PATH. */
export const notificationsEndpoints = {
  count: defineEndpoint({
    id: 'Notification.NotificationCount',
    method: 'GET',
    path: '/api/Notification/NotificationCount',
    roles: ALL,
    summary: 'Number of unread notifications of the signed-in user',
    response: notificationCountSchema,
  }),
  result: defineEndpoint({
    id: 'Notification.NotificationResult',
    method: 'GET',
    path: '/api/Notification/NotificationResult',
    roles: ALL,
    summary: 'Notifications of the signed-in user, newest first (unread only unless includeRead=true)',
    query: notificationListQuerySchema,
    response: notificationListSchema,
  }),
  markAsRead: defineEndpoint({
    id: 'Notification.MarkAsRead',
    method: 'POST',
    path: '/api/Notification/MarkAsRead',
    roles: ALL,
    summary: 'Mark notifications of the signed-in user as read (no ids: all of them)',
    body: markAsReadRequestSchema,
    response: markAsReadResultSchema,
  }),
} as const;
