import { ALL, ENTITY_TYPES, ROLES, type Role } from '@stoa/shared/account';
import { buildPath, type Endpoint } from '@stoa/shared/common';

import { bearer, createUser, login, md5, type TestContext, type TestUser } from './build-test-app';

export interface PreparedRequest {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Builds a valid request of an endpoint for a signed-in user (so an allowed role gets 200). */
export type Prepare = (ctx: TestContext, user: SignedInUser) => Promise<PreparedRequest> | PreparedRequest;

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

export type SignedInUser = TestUser & { token: string; refreshToken: string };

/** A fresh signed-in user of the role, for one call (calls may change the user). */
export async function signedIn(ctx: TestContext, role: Role): Promise<SignedInUser> {
  const user = await createUser(ctx, role);
  const t = await login(ctx, user);
  return { ...user, token: t.jwtToken, refreshToken: t.refreshToken };
}

/**
 * Endpoints whose call (or whose preparation) changes the caller's password, session or identity,
 * so a user that made it cannot be reused: each call gets a fresh user.
 */
export const CHANGES_CALLER: ReadonlySet<string> = new Set([
  'Account.refresh-token',
  'Account.Logout',
  'Account.ForgotPassword',
  'Account.ChangeTemporaryPassword',
  'Account.ChangePassword',
  'Account.EditProfile',
  // A user has at most one registration in progress: submitting one makes the next submission a renewal.
  ...ENTITY_TYPES.map((t) => `Registration.Submit${t}Registration`),
]);

const signedInPerRole = new WeakMap<TestContext, Map<Role, Promise<SignedInUser>>>();

/**
 * The user of the role for a call of the endpoint: one user per role per app (test file), created
 * and signed in once and reused, unless the endpoint changes its caller (CHANGES_CALLER).
 */
export function signedInFor(ctx: TestContext, role: Role, endpoint: Endpoint): Promise<SignedInUser> {
  if (CHANGES_CALLER.has(endpoint.id)) return signedIn(ctx, role);
  let perRole = signedInPerRole.get(ctx);
  if (!perRole) signedInPerRole.set(ctx, (perRole = new Map()));
  let user = perRole.get(role);
  if (!user) perRole.set(role, (user = signedIn(ctx, role)));
  return user;
}

export { md5 };
