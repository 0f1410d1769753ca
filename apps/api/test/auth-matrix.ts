import { ALL, buildPath, type Endpoint, ROLES, type Role } from '@stoa/shared';

import { bearer, createUser, login, md5, type TestContext, type TestUser } from './build-test-app';

export interface PreparedRequest {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Builds a valid request of an endpoint for a signed-in user (so an allowed role gets 200). */
export type Prepare = (ctx: TestContext, user: TestUser & { token: string; refreshToken: string }) => Promise<PreparedRequest> | PreparedRequest;

export function allowedRoles(e: Endpoint): readonly Role[] {
  if (e.roles === 'public' || e.roles === ALL) return ROLES;
  return e.roles;
}

export async function inject(ctx: TestContext, e: Endpoint, req: PreparedRequest, token?: string) {
  const qs = req.query ? `?${new URLSearchParams(req.query).toString()}` : '';
  return ctx.app.inject({
    method: e.method,
    url: buildPath(e.path, req.params) + qs,
    headers: { ...(token ? bearer(token) : {}), ...(req.headers ?? {}) },
    ...(req.body !== undefined ? { payload: req.body as object } : {}),
  });
}

/** A fresh signed-in user of the role, for one call (calls may change the user). */
export async function signedIn(ctx: TestContext, role: Role) {
  const user = await createUser(ctx, role);
  const t = await login(ctx, user);
  return { ...user, token: t.jwtToken, refreshToken: t.refreshToken };
}

export { md5 };
