import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, createUser, login, bearer, type TestContext } from '../../test/build-test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ loginRateLimitPerMinute: 3 });
});
afterAll(() => ctx.close());

describe('HTTP platform', () => {
  it('routes case-insensitively', async () => {
    const u = await createUser(ctx, 'Trader');
    const t = await login(ctx, u);
    const res = await ctx.app.inject({ method: 'GET', url: '/API/account/getprofile', headers: bearer(t.jwtToken) });
    expect(res.statusCode).toBe(200);
  });

  it('answers unknown API paths with the error envelope and a request id', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/Nope/Nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ isSuccessful: false, code: 'ROUTE_NOT_FOUND', errorResponse: [] });
    expect(res.json().requestId).toBe(res.headers['x-request-id']);
  });

  it('answers malformed JSON with 400 in the envelope', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/Account/ForgotPassword',
      payload: '{"emailAddress":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ isSuccessful: false, code: 'BAD_REQUEST' });
  });

  it('rate-limits login attempts per IP with 429 and Retry-After', async () => {
    const payload = { username: 'someone', password: 'd41d8cd98f00b204e9800998ecf8427e' };
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/Account/authenticate', payload, remoteAddress: '10.9.8.7' });
      codes.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.headers['retry-after']).toBeDefined();
        expect(res.json()).toMatchObject({ isSuccessful: false, code: 'RATE_LIMITED' });
      }
    }
    expect(codes).toEqual([401, 401, 401, 429, 429]);
    // Another address is not affected.
    const other = await ctx.app.inject({ method: 'POST', url: '/api/Account/authenticate', payload, remoteAddress: '10.9.8.6' });
    expect(other.statusCode).toBe(401);
  });

  it('hides internals of unexpected errors', async () => {
    const { app } = await buildTestApp({}, ctx.database, (a) =>
      a.get('/api/test/explode', async () => {
        throw new Error('secret stack detail at db.ts:42');
      }),
    );
    const res = await app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    expect(res.json()).toMatchObject({
      isSuccessful: false,
      code: 'INTERNAL',
      message: 'Sorry! Something went wrong. Please try again later.',
    });
    await app.close();
  });

  it('serves the OpenAPI document and its UI at /api/docs', async () => {
    const json = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const doc = json.json();
    expect(doc.paths['/api/Account/authenticate'].post).toBeDefined();
    expect(doc.paths['/api/Account/ChangePassword'].post.security).toEqual([{ bearerAuth: [] }]);
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });
});
