import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, buildTestApp, createUser, login, md5, type TestContext } from '../../test/build-test-app';
import { connectHub, listenLocal } from '../../test/hub-client';
import { refreshTokens } from '../modules/account/account.tables';
import { SESSIONS_CHANNEL } from './auth';
import { createSessionCache } from './session-cache';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const F1 = '00000000-0000-4000-8000-0000000000f1';
const F2 = '00000000-0000-4000-8000-0000000000f2';
const live = { role: 'Trader', sessionVersion: 1 };

describe('session cache', () => {
  it('keeps a live session for its TTL, then reads it again', () => {
    let now = 1_000;
    const cache = createSessionCache({ ttlMs: 5_000, now: () => now });
    cache.set(cache.epoch(), A, F1, live);
    expect(cache.get(A, F1)).toMatchObject(live);
    expect(cache.get(A, F2)).toBeUndefined();
    now += 4_999;
    expect(cache.get(A, F1)).toMatchObject(live);
    now += 1;
    expect(cache.get(A, F1)).toBeUndefined();
  });

  it('forgets every session of the invalidated users and only theirs', () => {
    const cache = createSessionCache();
    cache.set(cache.epoch(), A, F1, live);
    cache.set(cache.epoch(), A, F2, live);
    cache.set(cache.epoch(), B, F1, live);
    cache.invalidateUsers([A]);
    expect(cache.get(A, F1)).toBeUndefined();
    expect(cache.get(A, F2)).toBeUndefined();
    expect(cache.get(B, F1)).toMatchObject(live);
  });

  it('does not store a read that started before an invalidation', () => {
    const cache = createSessionCache();
    const before = cache.epoch();
    cache.invalidateUsers([B]);
    cache.set(before, A, F1, live);
    expect(cache.get(A, F1)).toBeUndefined();
    cache.set(cache.epoch(), A, F1, live);
    expect(cache.get(A, F1)).toMatchObject(live);
  });

  it('follows the SESSIONS_CHANNEL payload, and drops everything on a malformed one', () => {
    const cache = createSessionCache();
    cache.set(cache.epoch(), A, F1, live);
    cache.set(cache.epoch(), B, F1, live);
    cache.onSessionsPayload(JSON.stringify({ u: [A] }));
    expect(cache.get(A, F1)).toBeUndefined();
    expect(cache.get(B, F1)).toMatchObject(live);
    cache.onSessionsPayload('{"u":"nope"}');
    expect(cache.size()).toBe(0);
  });

  it('holds at most maxUsers, dropping the oldest', () => {
    const cache = createSessionCache({ maxUsers: 1 });
    cache.set(cache.epoch(), A, F1, live);
    cache.set(cache.epoch(), B, F1, live);
    expect(cache.get(A, F1)).toBeUndefined();
    expect(cache.get(B, F1)).toMatchObject(live);
  });
});

describe('the API with its session cache (decision 0073): an ended session is refused at once', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const emptyJsonPost = (url: string, headers: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers } });
  const count = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/Notification/NotificationCount', headers: bearer(token) });
  const familyOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { fid: string }).fid;

  /** Signs the user in and makes one authenticated request, so the session is in the cache. */
  async function cachedSession(user: { id: string; userName: string; password: string }) {
    const t = await login(ctx, user);
    expect((await count(t.jwtToken)).statusCode).toBe(200);
    expect(ctx.app.services.sessions.get(user.id, familyOf(t.jwtToken))).toBeDefined();
    return t;
  }
  const cached = (userId: string, token: string) => ctx.app.services.sessions.get(userId, familyOf(token));

  it('serves repeated requests of a live session from the cache', async () => {
    const u = await createUser(ctx, 'Trader');
    const t = await cachedSession(u);
    // The read is skipped: the request still answers for this user.
    const res = await ctx.app.inject({ method: 'GET', url: '/api/Account/GetProfile', headers: bearer(t.jwtToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ userName: u.userName });
  });

  it('logout', async () => {
    const u = await createUser(ctx, 'Trader');
    const t = await cachedSession(u);
    expect((await post('/api/Account/Logout', undefined, { refreshtoken: t.refreshToken, ...bearer(t.jwtToken) })).statusCode).toBe(200);
    expect(cached(u.id, t.jwtToken)).toBeUndefined();
    expect((await count(t.jwtToken)).statusCode).toBe(401);
  });

  it('a password change (the other sessions; the one that changed it goes on)', async () => {
    const u = await createUser(ctx, 'SLDCApproverI');
    const mine = await cachedSession(u);
    const other = await cachedSession(u);
    const res = await post(
      '/api/Account/ChangePassword',
      { userId: u.id, oldPassword: md5(u.password), newPassword: md5('Brand#New99') },
      bearer(mine.jwtToken),
    );
    expect(res.statusCode).toBe(200);
    expect(cached(u.id, other.jwtToken)).toBeUndefined();
    expect((await count(other.jwtToken)).statusCode).toBe(401);
    expect((await count(mine.jwtToken)).statusCode).toBe(200);
  });

  it("disabling the user and the Admin's password reset", async () => {
    const admin = await createUser(ctx, 'Admin');
    const adminToken = (await login(ctx, admin)).jwtToken;
    const disabled = await createUser(ctx, 'Trader');
    const d = await cachedSession(disabled);
    expect((await emptyJsonPost(`/api/Admin/EnableDisableUser/${disabled.id}`, bearer(adminToken))).statusCode).toBe(200);
    expect(cached(disabled.id, d.jwtToken)).toBeUndefined();
    expect((await count(d.jwtToken)).statusCode).toBe(401);

    const reset = await createUser(ctx, 'OABusinessUser');
    const r = await cachedSession(reset);
    expect((await emptyJsonPost(`/api/Admin/ResetPassword/${reset.id}`, bearer(adminToken))).statusCode).toBe(200);
    expect((await count(r.jwtToken)).statusCode).toBe(401);
  });

  it('refresh token reuse', async () => {
    const u = await createUser(ctx, 'Trader');
    const first = await cachedSession(u);
    const second = (await post('/api/Account/refresh-token', undefined, { refreshtoken: first.refreshToken })).json().data as {
      jwtToken: string;
    };
    expect((await count(second.jwtToken)).statusCode).toBe(200);
    expect((await post('/api/Account/refresh-token', undefined, { refreshtoken: first.refreshToken })).statusCode).toBe(401);
    expect((await count(first.jwtToken)).statusCode).toBe(401);
    expect((await count(second.jwtToken)).statusCode).toBe(401);
  });

  it('a session ended by another process: forgotten on the NOTIFY on SESSIONS_CHANNEL', async () => {
    const u = await createUser(ctx, 'Trader');
    const t = await cachedSession(u);
    const socket = connectHub(await listenLocal(ctx.app), { token: t.jwtToken });
    expect(await socket.next()).toEqual({ type: 'Connected' });
    // Another process's logout, as this one sees it: the revocation in the database (not through
    // this process's code) and the NOTIFY sent on its commit.
    await ctx.database.db.transaction(async (tx) => {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date(), revokedReason: 'LOGOUT' })
        .where(and(eq(refreshTokens.familyId, familyOf(t.jwtToken)), isNull(refreshTokens.revokedAt)));
      await tx.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${JSON.stringify({ u: [u.id] })})`);
    });
    // The hub hears the same NOTIFY right after the cache: once it closed the socket, the cache has forgotten.
    expect((await socket.closed).code).toBe(4401);
    expect(cached(u.id, t.jwtToken)).toBeUndefined();
    expect((await count(t.jwtToken)).statusCode).toBe(401);
  });
});
