import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { messages } from '@stoa/shared/messages';

import { bearer, buildTestApp, createUser, login, md5, type TestContext, testConfig } from '../../../test/build-test-app';
import { connectHub, listenLocal } from '../../../test/hub-client';
import { LOGIN_FAILURE_FIELD } from './sessions';

/** Issue 11 item 1 (access tokens end with their session) and item 13 (envelopes, empty JSON bodies). */
let ctx: TestContext;
let base: string;
beforeAll(async () => {
  ctx = await buildTestApp();
  base = await listenLocal(ctx.app);
});
afterAll(() => ctx.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });
/** A POST without a body but with the JSON content type, as fetch/axios clients send it. */
const emptyJsonPost = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers } });
const profile = (token: string, scheme = 'Bearer') =>
  ctx.app.inject({ method: 'GET', url: '/api/Account/GetProfile', headers: { authorization: `${scheme} ${token}` } });
const notificationCount = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/Notification/NotificationCount', headers: bearer(token) });
const refresh = (token: string) => post('/api/Account/refresh-token', undefined, { refreshtoken: token });

async function signedInAdmin() {
  const admin = await createUser(ctx, 'Admin');
  return (await login(ctx, admin)).jwtToken;
}

describe('an access token ends with its session', () => {
  it('is refused on every route after logout', async () => {
    const u = await createUser(ctx, 'Trader');
    const t = await login(ctx, u);
    expect((await profile(t.jwtToken)).statusCode).toBe(200);
    expect((await post('/api/Account/Logout', undefined, { refreshtoken: t.refreshToken, ...bearer(t.jwtToken) })).statusCode).toBe(200);
    const after = await profile(t.jwtToken);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('UNAUTHENTICATED');
    expect((await notificationCount(t.jwtToken)).statusCode).toBe(401);
  });

  it('is refused after logout with the access token only (no refresh token header)', async () => {
    const u = await createUser(ctx, 'Trader');
    const t = await login(ctx, u);
    expect((await post('/api/Account/Logout', undefined, bearer(t.jwtToken))).statusCode).toBe(200);
    expect((await profile(t.jwtToken)).statusCode).toBe(401);
    expect((await refresh(t.refreshToken)).statusCode).toBe(401);
  });

  it('a password change ends every other session at once and keeps the one that changed it', async () => {
    const u = await createUser(ctx, 'SLDCApproverI');
    const mine = await login(ctx, u);
    const other = await login(ctx, u);
    const res = await post(
      '/api/Account/ChangePassword',
      { userId: u.id, oldPassword: md5(u.password), newPassword: md5('Brand#New99') },
      bearer(mine.jwtToken),
    );
    expect(res.statusCode).toBe(200);
    expect((await profile(other.jwtToken)).statusCode).toBe(401);
    expect((await refresh(other.refreshToken)).statusCode).toBe(401);
    expect((await profile(mine.jwtToken)).statusCode).toBe(200);
    expect((await refresh(mine.refreshToken)).statusCode).toBe(200);
  });

  it('a password set with a code (forgot password) ends every session', async () => {
    const u = await createUser(ctx, 'Trader');
    const a = await login(ctx, u);
    const b = await login(ctx, u);
    await post('/api/Account/ForgotPassword', { emailAddress: u.email });
    await ctx.app.services.outbox.drain();
    const set = await post('/api/Account/ChangeTemporaryPassword', {
      emailAddress: u.email,
      oldPassword: md5(ctx.mail.codeFor(u.email)),
      newPassword: md5('Reset#Pass77'),
    });
    expect(set.statusCode).toBe(200);
    for (const t of [a, b]) {
      expect((await profile(t.jwtToken)).statusCode).toBe(401);
      expect((await refresh(t.refreshToken)).statusCode).toBe(401);
    }
  });

  it("the Admin's password reset ends every session of the user", async () => {
    const adminToken = await signedInAdmin();
    const u = await createUser(ctx, 'OABusinessUser');
    const t = await login(ctx, u);
    const res = await emptyJsonPost(`/api/Admin/ResetPassword/${u.id}`, bearer(adminToken));
    expect(res.statusCode).toBe(200);
    expect((await profile(t.jwtToken)).statusCode).toBe(401);
    expect((await refresh(t.refreshToken)).statusCode).toBe(401);
  });

  it('refresh token reuse ends the access tokens of the whole family', async () => {
    const u = await createUser(ctx, 'Trader');
    const first = await login(ctx, u);
    const second = (await refresh(first.refreshToken)).json().data;
    expect((await profile(second.jwtToken)).statusCode).toBe(200);
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
    expect((await profile(first.jwtToken)).statusCode).toBe(401);
    expect((await profile(second.jwtToken)).statusCode).toBe(401);
  });

  it('rotating the refresh token keeps the session (and its access tokens) alive', async () => {
    const u = await createUser(ctx, 'Trader');
    const first = await login(ctx, u);
    const second = (await refresh(first.refreshToken)).json().data;
    expect((await profile(first.jwtToken)).statusCode).toBe(200);
    expect((await profile(second.jwtToken)).statusCode).toBe(200);
  });

  it('disabling the user (toggle sent with an empty JSON body) refuses the token at once', async () => {
    const adminToken = await signedInAdmin();
    const u = await createUser(ctx, 'Trader');
    const t = await login(ctx, u);
    const toggle = await emptyJsonPost(`/api/Admin/EnableDisableUser/${u.id}`, bearer(adminToken));
    expect(toggle.statusCode).toBe(200);
    expect((await profile(t.jwtToken)).statusCode).toBe(401);
    expect((await notificationCount(t.jwtToken)).statusCode).toBe(401);
  });

  it('refuses a correctly signed token without exp', async () => {
    const u = await createUser(ctx, 'Trader');
    const t = await login(ctx, u);
    const claims = JSON.parse(Buffer.from(t.jwtToken.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    const key = new TextEncoder().encode(testConfig().jwtSecret);
    const forge = (withExp: boolean) => {
      const jwt = new SignJWT({ role: claims.role, sv: claims.sv, fid: claims.fid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(u.id)
        .setIssuedAt(claims.iat as number)
        .setIssuer('stoa-portal');
      return (withExp ? jwt.setExpirationTime(claims.exp as number) : jwt).sign(key);
    };
    // The same claims with exp pass, so only the missing exp is refused.
    expect((await profile(await forge(true))).statusCode).toBe(200);
    expect((await profile(await forge(false))).statusCode).toBe(401);
  });

  it('accepts the Bearer scheme in any case', async () => {
    const u = await createUser(ctx, 'Trader');
    const t = await login(ctx, u);
    expect((await profile(t.jwtToken, 'bearer')).statusCode).toBe(200);
    expect((await profile(t.jwtToken, 'BEARER')).statusCode).toBe(200);
    expect((await profile(t.jwtToken, 'Basic')).statusCode).toBe(401);
  });
});

describe('the notification WebSocket of an ended session', () => {
  // The test app's heartbeat is 30 s: a prompt close comes from the NOTIFY of the revocation.
  it('is closed with 4401 right after logout', async () => {
    const u = await createUser(ctx, 'OABusinessUser');
    const t = await login(ctx, u);
    const socket = connectHub(base, { token: t.jwtToken });
    expect(await socket.next()).toEqual({ type: 'Connected' });
    const started = Date.now();
    expect((await post('/api/Account/Logout', undefined, { refreshtoken: t.refreshToken, ...bearer(t.jwtToken) })).statusCode).toBe(200);
    expect((await socket.closed).code).toBe(4401);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("closes the other session's socket on a password change and keeps this session's", async () => {
    const u = await createUser(ctx, 'OABusinessUser');
    const mine = await login(ctx, u);
    const other = await login(ctx, u);
    const mySocket = connectHub(base, { token: mine.jwtToken });
    const otherSocket = connectHub(base, { token: other.jwtToken });
    expect(await mySocket.next()).toEqual({ type: 'Connected' });
    expect(await otherSocket.next()).toEqual({ type: 'Connected' });
    const res = await post(
      '/api/Account/ChangePassword',
      { userId: u.id, oldPassword: md5(u.password), newPassword: md5('Brand#New99') },
      bearer(mine.jwtToken),
    );
    expect(res.statusCode).toBe(200);
    expect((await otherSocket.closed).code).toBe(4401);
    await new Promise((r) => setTimeout(r, 300));
    expect(mySocket.ws.readyState).toBe(mySocket.ws.OPEN);
    mySocket.close();
  });

  it('is closed on the heartbeat when no NOTIFY came (session revoked directly in the database)', async () => {
    const fast = await buildTestApp({ notifyHeartbeatMs: 200 }, ctx.database);
    try {
      const fastBase = await listenLocal(fast.app);
      const user = await createUser(fast, 'OABusinessUser');
      const t = await login(fast, user);
      const socket = connectHub(fastBase, { token: t.jwtToken });
      expect(await socket.next()).toEqual({ type: 'Connected' });
      const { sql } = await import('drizzle-orm');
      await fast.database.db.execute(sql`update refresh_tokens set revoked_at = now(), revoked_reason = 'TEST' where user_id = ${user.id}`);
      expect((await socket.closed).code).toBe(4401);
    } finally {
      await fast.close();
    }
  });
});

describe('envelopes and empty JSON bodies (item 13)', () => {
  it('sends the login failure message in message and in errorResponse[0].errorMessages', async () => {
    const u = await createUser(ctx, 'Trader');
    const res = await post('/api/Account/authenticate', { username: u.userName, password: md5('Wrong#Pass1'), captchaId: '', captcha: '' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      isSuccessful: false,
      code: 'INVALID_CREDENTIALS',
      message: messages.login.failed,
      errorResponse: [{ fieldName: LOGIN_FAILURE_FIELD, errorMessages: [messages.login.failed] }],
    });
  });

  it('accepts refresh-token and Logout with an empty body and the JSON content type', async () => {
    const u = await createUser(ctx, 'Trader');
    const t = await login(ctx, u);
    const rotated = await emptyJsonPost('/api/Account/refresh-token', { refreshtoken: t.refreshToken });
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json().data;
    const out = await emptyJsonPost('/api/Account/Logout', { refreshtoken: next.refreshToken, ...bearer(next.jwtToken) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ isSuccessful: true, data: true });
  });

  it('accepts an Admin toggle with an empty body and the JSON content type', async () => {
    const adminToken = await signedInAdmin();
    const u = await createUser(ctx, 'Trader');
    const res = await emptyJsonPost(`/api/Admin/EnableDisableUserDefaulter/${u.id}`, bearer(adminToken));
    expect(res.statusCode).toBe(200);
  });

  it('still refuses malformed JSON and a missing body where one is required', async () => {
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/Account/authenticate',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(bad.statusCode).toBe(400);
    const missing = await emptyJsonPost('/api/Account/authenticate');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('VALIDATION_FAILED');
    const poisoned = await ctx.app.inject({
      method: 'POST',
      url: '/api/Account/ForgotPassword',
      headers: { 'content-type': 'application/json' },
      payload: '{"emailAddress":"a@example.com","__proto__":{"x":1}}',
    });
    expect(poisoned.statusCode).toBe(400);
  });
});
