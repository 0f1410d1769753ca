import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, createUser, md5, type TestContext } from '../../../test/build-test-app';
import { createLoginThrottle } from './login-throttle';

/** Login limits (decision 0081): per user name and address, failures per address, an office behind one address. */
describe('login throttle', () => {
  it('refuses an address once it failed `failures` times in the window, until the window ends; other addresses unaffected', () => {
    let now = 0;
    const throttle = createLoginThrottle({ failures: 3, windowMs: 60_000, now: () => now });
    for (let i = 0; i < 3; i++) {
      expect(throttle.retryAfterMs('10.0.0.1')).toBe(0);
      throttle.recordFailure('10.0.0.1');
      now += 1_000;
    }
    expect(throttle.retryAfterMs('10.0.0.1')).toBe(57_000);
    expect(throttle.retryAfterMs('10.0.0.2')).toBe(0);
    now = 60_000;
    expect(throttle.retryAfterMs('10.0.0.1')).toBe(0);
    throttle.recordFailure('10.0.0.1');
    expect(throttle.retryAfterMs('10.0.0.1')).toBe(0);
  });

  it('forgets the oldest address beyond its bound', () => {
    const throttle = createLoginThrottle({ failures: 1, windowMs: 60_000, maxAddresses: 1 });
    throttle.recordFailure('a');
    throttle.recordFailure('b');
    expect(throttle.retryAfterMs('a')).toBe(0);
    expect(throttle.retryAfterMs('b')).toBeGreaterThan(0);
  });
});

describe('sign-in limits through the API', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ loginRateLimitPerMinute: 3, loginFailuresPerAddress: 5 });
  });
  afterAll(() => ctx.close());

  const signIn = (username: string, password: string, remoteAddress: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/Account/authenticate',
      payload: { username, password: md5(password), captchaId: '', captcha: '' },
      remoteAddress,
    });

  it('an office of twelve behind one address all sign in (each with a captcha), past both per-address limits', async () => {
    const staff = await Promise.all(Array.from({ length: 12 }, () => createUser(ctx, 'SLDCBusinessUser')));
    const codes: number[] = [];
    for (const user of staff) {
      const captcha = await ctx.app.inject({ method: 'GET', url: '/api/Account/GetCaptcha', remoteAddress: '10.1.1.1' });
      codes.push(captcha.statusCode, (await signIn(user.userName, user.password, '10.1.1.1')).statusCode);
    }
    expect(codes).toEqual(Array(24).fill(200));
  });

  it('one user name from one address: at most the per-minute limit, other names and addresses unaffected', async () => {
    const user = await createUser(ctx, 'Trader');
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await signIn(user.userName, 'Wrong#Pass1', '10.2.2.2')).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
    // The same name in another case is the same name.
    expect((await signIn(user.userName.toUpperCase(), 'Wrong#Pass1', '10.2.2.2')).statusCode).toBe(429);
    const other = await createUser(ctx, 'Trader');
    expect((await signIn(other.userName, other.password, '10.2.2.2')).statusCode).toBe(200);
    expect((await signIn(user.userName, user.password, '10.2.2.3')).statusCode).toBe(200);
  });

  it('failures from one address across names: refused with Retry-After once the limit is reached, even a right password; another address signs in', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await signIn(`nobody_${i}`, 'Wrong#Pass1', '10.3.3.3')).statusCode).toBe(401);
    }
    const user = await createUser(ctx, 'OABusinessUser');
    const refused = await signIn(user.userName, user.password, '10.3.3.3');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ isSuccessful: false, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect((await signIn(user.userName, user.password, '10.3.3.4')).statusCode).toBe(200);
  });
});
