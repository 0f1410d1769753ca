import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { bearer, buildTestApp, createUser, login, type TestContext } from '../../../test/build-test-app';
import { inTransaction } from '../../platform/db/transaction';
import { createUnreadCounts } from './unread-counts';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

describe('unread counts kept in process', () => {
  it('keeps a count for its TTL, then reads it again', () => {
    let now = 1_000;
    const counts = createUnreadCounts({ ttlMs: 30_000, now: () => now });
    counts.set(counts.epoch(), A, 3);
    expect(counts.get(A)).toBe(3);
    expect(counts.get(B)).toBeUndefined();
    now += 29_999;
    expect(counts.get(A)).toBe(3);
    now += 1;
    expect(counts.get(A)).toBeUndefined();
  });

  it('forgets the invalidated users and only them; a read started before an invalidation is not stored', () => {
    const counts = createUnreadCounts();
    counts.set(counts.epoch(), A, 1);
    counts.set(counts.epoch(), B, 2);
    const before = counts.epoch();
    counts.invalidate([A]);
    expect(counts.get(A)).toBeUndefined();
    expect(counts.get(B)).toBe(2);
    counts.set(before, A, 1);
    expect(counts.get(A)).toBeUndefined();
  });

  it('takes NOTIFY payloads: named users are forgotten, a malformed payload drops everything', () => {
    const counts = createUnreadCounts();
    counts.set(counts.epoch(), A, 1);
    counts.set(counts.epoch(), B, 2);
    counts.onPayload(JSON.stringify({ u: [A] }));
    expect(counts.get(A)).toBeUndefined();
    expect(counts.get(B)).toBe(2);
    counts.onPayload('not json');
    expect(counts.size()).toBe(0);
  });

  it('holds at most maxUsers, dropping the oldest', () => {
    const counts = createUnreadCounts({ maxUsers: 1 });
    counts.set(counts.epoch(), A, 1);
    counts.set(counts.epoch(), B, 2);
    expect(counts.get(A)).toBeUndefined();
    expect(counts.get(B)).toBe(2);
  });
});

describe('the bell count through the API', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const countOf = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/Notification/NotificationCount', headers: bearer(token) })).json().data.count as number;

  it('answers from memory between changes and sees a committed notification at once', async () => {
    const user = await createUser(t, 'Trader');
    const token = (await login(t, user)).jwtToken;
    // Kept once no change is in flight (on PostgreSQL a NOTIFY arriving during the read stops it being kept).
    await vi.waitFor(async () => {
      expect(await countOf(token)).toBe(0);
      expect(t.app.services.unreadCounts.get(user.id)).toBe(0);
    });

    await inTransaction(t.database.db, (tx) => t.app.services.notifications.notify(tx, { userId: user.id, message: 'One' }));
    expect(t.app.services.unreadCounts.get(user.id)).toBeUndefined();
    expect(await countOf(token)).toBe(1);
    await vi.waitFor(async () => {
      expect(await countOf(token)).toBe(1);
      expect(t.app.services.unreadCounts.get(user.id)).toBe(1);
    });
  });

  it('does not keep a count read while a notification was being written', async () => {
    const user = await createUser(t, 'Trader');
    const token = (await login(t, user)).jwtToken;
    expect(await countOf(token)).toBe(0);
    let countedInside: number | undefined;
    await inTransaction(t.database.db, async (tx) => {
      await t.app.services.notifications.notify(tx, { userId: user.id, message: 'Written, not yet committed' });
      // Another request reads (outside the transaction) before the commit: the old count, not kept.
      countedInside = t.app.services.unreadCounts.get(user.id);
    });
    expect(countedInside).toBeUndefined();
    expect(await countOf(token)).toBe(1);
  });

  it('forgets nothing of a rolled-back notification: the count stays right', async () => {
    const user = await createUser(t, 'Trader');
    const token = (await login(t, user)).jwtToken;
    expect(await countOf(token)).toBe(0);
    await expect(
      inTransaction(t.database.db, async (tx) => {
        await t.app.services.notifications.notify(tx, { userId: user.id, message: 'Rolled back' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await countOf(token)).toBe(0);
  });
});
