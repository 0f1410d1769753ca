import type { Prepare } from '../auth-matrix';

export const prepare: Record<string, Prepare> = {
  'Notification.NotificationCount': () => ({}),
  'Notification.NotificationResult': () => ({ query: { includeRead: 'true', limit: '10' } }),
  'Notification.MarkAsRead': () => ({ body: {} }),
};
