import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, buildTestApp, createUser, login, type TestContext, type TestUser } from '../../../test/build-test-app';
import { connectHub, listenLocal } from '../../../test/hub-client';
import { auditLog } from '../audit/audit.tables';
import { usersRepository } from '../users/users.repository';
import type { NotifyInput } from './notifications.service';
import { notifications } from './notifications.tables';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

async function signedIn(role: Parameters<typeof createUser>[1] = 'OABusinessUser'): Promise<TestUser & { token: string }> {
  const user = await createUser(ctx, role);
  return { ...user, token: (await login(ctx, user)).jwtToken };
}

/** What another domain does: notify inside its own transaction. */
const notify = (input: NotifyInput) => ctx.database.db.transaction((tx) => ctx.app.services.notifications.notify(tx, input));

const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const markAsRead = (token: string, body: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/Notification/MarkAsRead', headers: bearer(token), payload: body as object });
const countOf = async (token: string) => (await get('/api/Notification/NotificationCount', token)).json().data.count as number;

describe('notification REST calls', () => {
  it('counts and lists unread notifications, newest first, with a time span', async () => {
    const u = await signedIn();
    expect(await countOf(u.token)).toBe(0);
    expect((await get('/api/Notification/NotificationResult', u.token)).json().data).toEqual([]);

    await notify({ userId: u.id, message: 'Registration REG-1 was approved.' });
    ctx.clock.advance(5 * 60_000);
    await notify({ userId: u.id, message: '  Payment received.  ' });
    ctx.clock.advance(60_000);

    expect(await countOf(u.token)).toBe(2);
    const res = await get('/api/Notification/NotificationResult', u.token);
    expect(res.statusCode).toBe(200);
    const list = res.json().data;
    expect(list).toEqual([
      {
        id: expect.any(String),
        message: 'Payment received.',
        link: null,
        notificationTimeSpan: '1 minute ago',
        createdAt: expect.any(String),
        isRead: false,
      },
      {
        id: expect.any(String),
        message: 'Registration REG-1 was approved.',
        link: null,
        notificationTimeSpan: '6 minutes ago',
        createdAt: expect.any(String),
        isRead: false,
      },
    ]);
    expect(new Date(list[0].createdAt).getTime() - new Date(list[1].createdAt).getTime()).toBe(5 * 60_000);
    expect((await get('/api/Notification/NotificationResult?limit=1', u.token)).json().data).toHaveLength(1);
    expect((await get('/api/Notification/NotificationResult?limit=500', u.token)).statusCode).toBe(400);

    // Another user sees none of them.
    const other = await signedIn();
    expect(await countOf(other.token)).toBe(0);
  });

  it('stores the link to the record with every recipient of a notification and returns it', async () => {
    const a = await signedIn('SLDCApproverI');
    const b = await signedIn('SLDCApproverI');
    const link = '/applications/sldc/DayAhead/00000000-0000-4000-8000-000000000001';
    await notify({ userIds: [a.id, b.id], message: 'Application STOA/DA/2026/000001 is pending SLDC approval.', link });
    for (const u of [a, b]) {
      expect((await get('/api/Notification/NotificationResult', u.token)).json().data[0]).toMatchObject({
        message: 'Application STOA/DA/2026/000001 is pending SLDC approval.',
        link,
      });
    }
    const rows = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, a.id));
    expect(rows.map((r) => r.link)).toEqual([link]);
    // Only a path of the portal is a link: no other site, no protocol-relative URL.
    await expect(notify({ userId: a.id, message: 'x', link: 'https://example.com/x' })).rejects.toThrow('path of the portal');
    await expect(notify({ userId: a.id, message: 'x', link: '//example.com/x' })).rejects.toThrow('path of the portal');
  });

  it('marks chosen or all notifications as read, only for their owner, with an audit row', async () => {
    const u = await signedIn('Trader');
    const other = await signedIn('Trader');
    for (const m of ['one', 'two', 'three']) await notify({ userId: u.id, message: m });
    await notify({ userId: other.id, message: 'theirs' });
    const [three, two] = (await get('/api/Notification/NotificationResult', u.token)).json().data;
    const theirs = (await get('/api/Notification/NotificationResult', other.token)).json().data[0];

    const first = await markAsRead(u.token, { ids: [three.id, theirs.id] });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ count: 1 });
    expect(await countOf(u.token)).toBe(2);
    expect(await countOf(other.token)).toBe(1);
    expect((await markAsRead(u.token, { ids: [three.id] })).json().data).toEqual({ count: 0 });

    const unread = (await get('/api/Notification/NotificationResult', u.token)).json().data;
    expect(unread.map((n: { id: string }) => n.id)).not.toContain(three.id);
    const all = (await get('/api/Notification/NotificationResult?includeRead=true', u.token)).json().data;
    expect(all).toHaveLength(3);
    expect(all.find((n: { id: string }) => n.id === three.id).isRead).toBe(true);
    expect(all.find((n: { id: string }) => n.id === two.id).isRead).toBe(false);

    expect((await markAsRead(u.token, {})).json().data).toEqual({ count: 2 });
    expect(await countOf(u.token)).toBe(0);
    expect(await countOf(other.token)).toBe(1);

    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'NOTIFICATIONS_READ'), eq(auditLog.actorId, u.id)));
    expect(audits).toHaveLength(2);
    expect(await ctx.app.services.audit.verifyChain(ctx.database.db)).toBeNull();

    const invalid = await markAsRead(u.token, { ids: ['nope'] });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().code).toBe('VALIDATION_FAILED');
  });

  it('notifies every enabled user of a role, in the caller transaction', async () => {
    const a = await signedIn('SLDCApproverII');
    const b = await signedIn('SLDCApproverII');
    const disabled = await createUser(ctx, 'SLDCApproverII');
    await usersRepository.update(ctx.database.db, disabled.id, { isEnabled: false });
    const bystander = await signedIn('SLDCApproverI');

    const recipients = await notify({ role: 'SLDCApproverII', message: 'A registration awaits your approval.' });
    expect(recipients).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(recipients).not.toContain(disabled.id);
    expect(await countOf(a.token)).toBe(1);
    expect(await countOf(b.token)).toBe(1);
    expect(await countOf(bystander.token)).toBe(0);
    const rows = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, disabled.id));
    expect(rows).toEqual([]);

    // Rolled back with the caller's change.
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await ctx.app.services.notifications.notify(tx, { userIds: [a.id, b.id], message: 'never' });
        throw new Error('the caller failed');
      }),
    ).rejects.toThrow('the caller failed');
    expect(await countOf(a.token)).toBe(1);

    await expect(notify({ userId: a.id, message: '   ' })).rejects.toThrow('needs a message');
  });

  it('answers 401 to anonymous callers', async () => {
    for (const url of ['/api/Notification/NotificationCount', '/api/Notification/NotificationResult']) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect((await ctx.app.inject({ method: 'POST', url: '/api/Notification/MarkAsRead', payload: {} })).statusCode).toBe(401);
  });
});

describe('WebSocket hub /api/notify', () => {
  let base: string;
  beforeAll(async () => {
    base = await listenLocal(ctx.app);
  });

  it('sends BroadcastMessage to the user only after the notification commits, never after a rollback', async () => {
    const u = await signedIn();
    const other = await signedIn();
    const socket = connectHub(base, { token: u.token });
    const otherSocket = connectHub(base, { token: other.token });
    expect(await socket.next()).toEqual({ type: 'Connected' });
    expect(await otherSocket.next()).toEqual({ type: 'Connected' });
    expect(socket.ws.protocol).toBe('stoa');

    let releaseCommit!: () => void;
    const committing = ctx.database.db.transaction(async (tx) => {
      await ctx.app.services.notifications.notify(tx, { userId: u.id, message: 'Your application was forwarded.' });
      await new Promise<void>((r) => (releaseCommit = r));
    });
    await new Promise((r) => setTimeout(r, 50));
    // Not yet committed: nothing is sent.
    expect(await socket.silentFor(300)).toBe(true);
    releaseCommit();
    await committing;
    expect(await socket.next()).toEqual({ type: 'BroadcastMessage' });

    await ctx.database.db
      .transaction(async (tx) => {
        await ctx.app.services.notifications.notify(tx, { userId: u.id, message: 'rolled back' });
        tx.rollback();
      })
      .catch(() => {});
    expect(await socket.silentFor(500)).toBe(true);
    expect(await otherSocket.silentFor(0)).toBe(true);

    // The client refetches on the frame and sees the committed notification only.
    expect((await get('/api/Notification/NotificationResult', u.token)).json().data.map((n: { message: string }) => n.message)).toEqual([
      'Your application was forwarded.',
    ]);
    // Marking as read tells the user's other tabs to refresh too.
    await markAsRead(u.token, {});
    expect(await socket.next()).toEqual({ type: 'BroadcastMessage' });
    socket.close();
    otherSocket.close();
  });

  it('reaches every socket of a role fan-out, and accepts a Bearer header from non-browser clients', async () => {
    const a = await signedIn('TRANSCOBusinessUser');
    const b = await signedIn('TRANSCOBusinessUser');
    const tabs = [
      connectHub(base, { token: a.token }),
      connectHub(base, { token: a.token }),
      connectHub(base, { headers: bearer(b.token) }),
    ];
    for (const t of tabs) expect(await t.next()).toEqual({ type: 'Connected' });
    expect(ctx.app.services.hub.connections(a.id)).toBe(2);
    await notify({ role: 'TRANSCOBusinessUser', message: 'Consent requested.' });
    for (const t of tabs) expect(await t.next()).toEqual({ type: 'BroadcastMessage' });
    for (const t of tabs) t.close();
    await Promise.all(tabs.map((t) => t.closed));
    await new Promise((r) => setTimeout(r, 50));
    expect(ctx.app.services.hub.connections(a.id)).toBe(0);
  });

  it('closes unauthenticated sockets with 4401', async () => {
    const u = await signedIn();
    const cases = [
      connectHub(base),
      connectHub(base, { protocols: ['stoa'] }),
      connectHub(base, { token: 'not-a-jwt' }),
      connectHub(base, { token: `${u.token.slice(0, -4)}AAAA` }),
    ];
    for (const c of cases) expect((await c.closed).code).toBe(4401);
    expect(cases.every((c) => c.frames.length === 0)).toBe(true);

    // A disabled user's token stops working at once.
    const d = await signedIn();
    await usersRepository.update(ctx.database.db, d.id, { isEnabled: false, sessionVersion: 2 });
    expect((await connectHub(base, { token: d.token }).closed).code).toBe(4401);
  });

  it('closes a socket with 4401 when its access token expires', async () => {
    const user = await createUser(ctx, 'Trader');
    ctx.clock.advance(-(15 * 60_000 - 2_000));
    const { jwtToken } = await login(ctx, user);
    ctx.clock.advance(15 * 60_000 - 2_000);
    const socket = connectHub(base, { token: jwtToken });
    expect(await socket.next()).toEqual({ type: 'Connected' });
    const started = Date.now();
    expect((await socket.closed).code).toBe(4401);
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('answers a plain HTTP GET in the error envelope', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/notify' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ isSuccessful: false, code: 'BAD_REQUEST', message: 'Connect to this path with a WebSocket.' });
  });

  it('drops sockets that stop answering pings', async () => {
    const fast = await buildTestApp({ notifyHeartbeatMs: 100 }, ctx.database);
    try {
      const fastBase = await listenLocal(fast.app);
      const user = await createUser(fast, 'OABusinessUser');
      const token = (await login(fast, user)).jwtToken;
      const healthy = connectHub(fastBase, { token });
      const dead = connectHub(fastBase, { token, autoPong: false });
      expect(await healthy.next()).toEqual({ type: 'Connected' });
      expect(await dead.next()).toEqual({ type: 'Connected' });
      expect((await dead.closed).code).toBe(1006);
      await new Promise((r) => setTimeout(r, 300));
      expect(healthy.ws.readyState).toBe(healthy.ws.OPEN);
      expect(fast.app.services.hub.connections(user.id)).toBe(1);
      healthy.close();
    } finally {
      await fast.close();
    }
  });
});
