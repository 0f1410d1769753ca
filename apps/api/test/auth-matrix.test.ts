import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ALL_ENDPOINTS } from '@stoa/shared/endpoints';
import type { Endpoint } from '@stoa/shared/common';
import { ROLES } from '@stoa/shared/account';

import { buildTestApp, type TestContext } from './build-test-app';
import { allowedRoles, CHANGES_CALLER, inject, type Prepare, signedInFor } from './auth-matrix';

/** A valid request per endpoint id. Every endpoint must have one. */
/** Valid requests per endpoint id, one file per domain in ./matrix. Every endpoint must have one. */
const PREPARE: Record<string, Prepare> = Object.assign(
  {},
  ...Object.values(import.meta.glob<{ prepare: Record<string, Prepare> }>('./matrix/*.prepare.ts', { eager: true })).map((m) => m.prepare),
);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

describe('every API route has a contract and a matrix entry', () => {
  it('registers exactly the endpoints of packages/shared', () => {
    const registered = ctx.app.printRoutes({ commonPrefix: false }).split('\n').filter(Boolean);
    expect(registered.length).toBeGreaterThan(0);
    for (const e of ALL_ENDPOINTS) {
      expect(ctx.app.hasRoute({ method: e.method, url: e.path }), `${e.method} ${e.path}`).toBe(true);
      expect(PREPARE[e.id], `PREPARE entry for ${e.id}`).toBeDefined();
    }
  });
});

describe('the matrix fixtures', () => {
  it('sign in one user per role per file and reuse it, except for endpoints that change their caller', async () => {
    const reads = ALL_ENDPOINTS.filter((e) => !CHANGES_CALLER.has(e.id)).slice(0, 2);
    const changes = ALL_ENDPOINTS.find((e) => e.id === 'Account.ChangePassword')!;
    expect(CHANGES_CALLER.has(changes.id)).toBe(true);
    for (const role of ROLES) {
      const [a, b] = await Promise.all(reads.map((e) => signedInFor(ctx, role, e)));
      expect(a!.role).toBe(role);
      expect(b).toBe(a);
      const fresh = await signedInFor(ctx, role, changes);
      expect(fresh.role).toBe(role);
      expect(fresh.id).not.toBe(a!.id);
    }
    const other = await signedInFor(ctx, 'Admin', reads[0]!);
    expect(other.id).not.toBe((await signedInFor(ctx, 'Trader', reads[0]!)).id);
  });
});

describe.each(ALL_ENDPOINTS.map((e) => [`${e.method} ${e.path}`, e] as [string, Endpoint]))('%s', (_name, endpoint) => {
  if (endpoint.roles === 'public') {
    it('is open to anonymous callers', async () => {
      const u = await signedInFor(ctx, 'OABusinessUser', endpoint);
      const res = await inject(ctx, endpoint, await PREPARE[endpoint.id]!(ctx, u));
      expect(res.statusCode, res.body).toBe(200);
    });
    return;
  }
  // Any path parameter: the role gate (preValidation) answers before the record is looked up.
  const anyParams = Object.fromEntries([...endpoint.path.matchAll(/:(\w+)/g)].map((m) => [m[1]!, '00000000-0000-4000-8000-000000000000']));
  it('answers 401 to anonymous callers', async () => {
    const res = await inject(ctx, endpoint, { params: anyParams });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });
  for (const role of ROLES) {
    const allowed = allowedRoles(endpoint).includes(role);
    if (allowed) {
      it(`answers 200 to ${role}`, async () => {
        const u = await signedInFor(ctx, role, endpoint);
        const res = await inject(ctx, endpoint, await PREPARE[endpoint.id]!(ctx, u), u.token);
        expect(res.statusCode, res.body).toBe(200);
      });
      continue;
    }
    // A role that may not call the route is refused before its input or record matters, so the request
    // is not prepared (preparing it created records for nothing: most of this file's time). A route
    // that checked the role only after validating or loading would answer 400/404 here and fail.
    it(`answers 403 to ${role}`, async () => {
      const u = await signedInFor(ctx, role, endpoint);
      const res = await inject(ctx, endpoint, { params: anyParams }, u.token);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    });
  }
});
