import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestContext } from '../../test/build-test-app';
import { SECURITY_HEADER_OPTIONS } from './security-headers';

let ctx: TestContext;
let helmets: Record<string, unknown>;
beforeAll(async () => {
  ctx = await buildTestApp({}, undefined, (a) =>
    a.get('/api/test/explode', async () => {
      throw new Error('boom');
    }),
  );
  // What @fastify/helmet itself sends with the portal's settings.
  const plain = Fastify({ logger: false });
  await plain.register(helmet, SECURITY_HEADER_OPTIONS);
  plain.get('/', async () => '');
  const res = await plain.inject({ method: 'GET', url: '/' });
  await plain.close();
  helmets = Object.fromEntries(
    Object.entries(res.headers).filter(([name]) => !['content-type', 'content-length', 'date', 'connection', 'keep-alive'].includes(name)),
  );
});
afterAll(() => ctx.close());

describe('security headers (computed once, decision 0073)', () => {
  it("are @fastify/helmet's on every kind of response: success, 401, 404, 500, the API docs", async () => {
    expect(Object.keys(helmets).length).toBeGreaterThanOrEqual(10);
    expect(helmets['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(helmets['strict-transport-security']).toMatch(/max-age=\d+/);
    for (const [url, status] of [
      ['/api/health', 200],
      ['/api/Account/GetProfile', 401],
      ['/api/nope', 404],
      ['/api/test/explode', 500],
      ['/api/docs/json', 200],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(status);
      expect(res.headers).toMatchObject(helmets);
    }
  });
});
