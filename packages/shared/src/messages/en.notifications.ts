/** English texts of the notifications domain (issue 3). A plain object to be merged into `en` by the lead. */
export const enNotifications = {
  notifications: {
    title: 'Notifications',
    /** Spec 000 §8. */
    empty: 'No New Notifications',
    /** Spec 000 §8: title of the alert when the real-time connection fails. */
    connectionError: 'Notification Connection Error',
    markAllRead: 'Mark all as read',
    webSocketOnly: 'Connect to this path with a WebSocket.',
    justNow: 'just now',
    minutesAgo: (n: number) => (n === 1 ? '1 minute ago' : `${n} minutes ago`),
    hoursAgo: (n: number) => (n === 1 ? '1 hour ago' : `${n} hours ago`),
    daysAgo: (n: number) => (n === 1 ? '1 day ago' : `${n} days ago`),
    monthsAgo: (n: number) => (n === 1 ? '1 month ago' : `${n} months ago`),
    yearsAgo: (n: number) => (n === 1 ? '1 year ago' : `${n} years ago`),
  },
} as const;
