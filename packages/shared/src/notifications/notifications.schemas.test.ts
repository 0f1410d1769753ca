import { describe, expect, it } from 'vitest';

import { formatTimeSpan, markAsReadRequestSchema, notificationListQuerySchema, notifyFrameSchema } from './notifications.schemas';

describe('formatTimeSpan', () => {
  const now = new Date('2025-03-10T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it.each([
    [0, 'just now'],
    [59_000, 'just now'],
    [60_000, '1 minute ago'],
    [5 * 60_000, '5 minutes ago'],
    [59 * 60_000, '59 minutes ago'],
    [3_600_000, '1 hour ago'],
    [23 * 3_600_000, '23 hours ago'],
    [24 * 3_600_000, '1 day ago'],
    [29 * 86_400_000, '29 days ago'],
    [60 * 86_400_000, '2 months ago'],
    [400 * 86_400_000, '1 year ago'],
    [-5_000, 'just now'],
  ])('%i ms → %s', (ms, text) => {
    expect(formatTimeSpan(ago(ms), now)).toBe(text);
  });

  it('accepts ISO strings', () => {
    expect(formatTimeSpan('2025-03-10T11:55:00Z', now)).toBe('5 minutes ago');
  });
});

describe('notification contracts', () => {
  it('defaults the list to 50 unread and caps it at 100', () => {
    expect(notificationListQuerySchema.parse({})).toEqual({ includeRead: false, limit: 50 });
    expect(notificationListQuerySchema.parse({ includeRead: 'true', limit: '5' })).toEqual({ includeRead: true, limit: 5 });
    expect(notificationListQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
  });

  it('takes optional ids to mark as read', () => {
    expect(markAsReadRequestSchema.parse({})).toEqual({});
    expect(markAsReadRequestSchema.safeParse({ ids: ['x'] }).success).toBe(false);
  });

  it('parses the frames of the hub', () => {
    expect(notifyFrameSchema.parse({ type: 'BroadcastMessage' })).toEqual({ type: 'BroadcastMessage' });
    expect(notifyFrameSchema.safeParse({ type: 'Other' }).success).toBe(false);
  });
});
