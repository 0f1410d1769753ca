import type { Language } from './index';

/**
 * English texts of the signed-in services of issue 3 that every role (or every applicant) sees:
 * the notification bell's panel and the applicant's dues card. Kept out of `en` so that they load
 * with the signed-in chunks that use them, not with the login page; the specification's texts of
 * notifications ('No New Notifications', 'Notification Connection Error') stay in `en`
 * (en.notifications.ts). A Hindi catalog adds `hi` to `servicesCatalogs` with the same shape.
 */
export const enServices = {
  notifications: {
    /** Accessible name of the bell: the count is part of it. */
    bellLabel: (count: number) => (count === 0 ? 'Notifications' : `Notifications, ${count} new`),
    bellLabelOffline: (count: number) => `${count === 0 ? 'Notifications' : `Notifications, ${count} new`} (connection lost)`,
    markAsRead: 'Mark as read',
    markAsReadOf: (message: string) => `Mark as read: ${message}`,
    connectionErrorHint: 'Reconnecting automatically. New notifications may arrive late.',
    reconnect: 'Reconnect now',
    listLabel: 'New notifications',
    loading: 'Loading notifications…',
  },
  dues: {
    title: 'Your dues',
    subtitle: 'Fees and charges raised on your registrations and applications.',
    head: 'Head',
    description: 'Description',
    amount: 'Amount',
    dueDate: 'Due date',
    status: 'Status',
    statuses: { DUE: 'Due', PAID: 'Paid', CANCELLED: 'Cancelled' },
    /** '₹5,000.00 + GST 18%: ₹900.00' under the total. */
    gstLine: (base: string, rate: string, gst: string) => `${base} + GST ${rate}: ${gst}`,
    none: 'No dues',
    noneHint: 'Fees and charges appear here when they are raised.',
    tableLabel: 'Your dues',
    pageLabel: 'Pages of your dues',
    previousPage: 'Previous page',
    nextPage: 'Next page',
    rangeLabel: (from: number, to: number, count: number) => `${from}–${to} of ${count}`,
    /** The link to the payer's Payment Details (issue 13), where the dues are paid. */
    paymentDetails: 'Pay on Payment Details',
  },
} as const;

export type ServicesMessages = typeof enServices;

/** The services catalogs by language (same keys as `catalogs`). */
export const servicesCatalogs: Record<Language, ServicesMessages> = { en: enServices };
