import { webcrypto } from 'node:crypto';

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, SignJWT } from 'jose';

import { ALL, type Role, roleAllowed, type RoleList } from '@stoa/shared/account';

import type { Clock } from './clock';
import type { Database } from './db/client';
import { sessionState } from './db/sessions';
import { AppError } from './errors';
import type { SessionCache } from './session-cache';

export { SESSIONS_CHANNEL } from './db/sessions';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The token of an `Authorization: Bearer <token>` header; the scheme is case-insensitive (RFC 7235). */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  return match?.[1];
}

export interface RequestUser {
  id: string;
  role: Role;
  /** Refresh-token family of the session the access token belongs to. */
  familyId: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: RequestUser | null;
  }
}

export function createTokenSigner(secret: string, clock: Clock) {
  // Imported through WebCrypto once, not on every sign and verify (decision 0073).
  let imported: Promise<webcrypto.CryptoKey> | undefined;
  const cryptoKey = () =>
    (imported ??= webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]));
  return {
    async sign(user: { id: string; role: string; sessionVersion: number }, familyId: string): Promise<string> {
      const now = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ role: user.role, sv: user.sessionVersion, fid: familyId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setIssuedAt(now)
        .setExpirationTime(now + ACCESS_TOKEN_TTL_SECONDS)
        .setIssuer('stoa-portal')
        .sign(await cryptoKey());
    },
    async verify(token: string) {
      const { payload } = await jwtVerify(token, await cryptoKey(), {
        algorithms: ['HS256'],
        issuer: 'stoa-portal',
        currentDate: clock.now(),
        // A token without an expiry would never end: refused.
        requiredClaims: ['exp', 'sub'],
      });
      const { sub, role, sv, fid, exp } = payload as Record<string, unknown>;
      if (typeof sub !== 'string' || !UUID.test(sub) || typeof role !== 'string' || typeof sv !== 'number') return null;
      if (typeof fid !== 'string' || !UUID.test(fid) || typeof exp !== 'number') return null;
      return { sub, role, sv, fid, exp };
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;

/**
 * Reads the bearer token of every request. A token is honoured only while its user exists, is
 * enabled and has the same session version, so disabling a user ends their sessions at once.
 */
export const authPlugin = fp<{ db: Database; signer: TokenSigner; sessions?: SessionCache }>(async (app, { db, signer, sessions }) => {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (req) => {
    const token = bearerToken(req.headers.authorization);
    if (!token) return;
    // An invalid, expired or revoked token leaves the request anonymous; protected routes answer 401.
    req.user = (await authenticateAccessToken(db, signer, token, sessions))?.user ?? null;
  });
});

/**
 * The user of an access token, or null: the token must verify (signature, issuer, `exp` present
 * and not passed) and, in one indexed read, its user exist, be enabled and have the same role and
 * session version, and its session family still hold an unrevoked refresh token. Logout, refresh
 * token reuse, a password change (other sessions), a password set or reset and disabling the user
 * all revoke families, so their access tokens are refused at once. `expiresAt` is the token's
 * expiry (for long-lived connections such as the notification WebSocket).
 *
 * The one place that decides whether a session is live. With `sessions` (the request hook), a live
 * session read in the last few seconds is not read again (decision 0073): the cache forgets a user
 * at once when their sessions end (see session-cache.ts). The signature and expiry are checked on
 * every call.
 */
export async function authenticateAccessToken(
  db: Database,
  signer: TokenSigner,
  token: string,
  sessions?: SessionCache,
): Promise<{ user: RequestUser; expiresAt: Date } | null> {
  try {
    const claims = await signer.verify(token);
    if (!claims) return null;
    const accept = (id: string) => ({
      user: { id, role: claims.role as Role, familyId: claims.fid },
      expiresAt: new Date(claims.exp * 1000),
    });
    const cached = sessions?.get(claims.sub, claims.fid);
    if (cached && cached.sessionVersion === claims.sv && cached.role === claims.role) return accept(claims.sub);
    const epoch = sessions?.epoch();
    const row = await sessionState(db, claims.sub, claims.fid);
    if (row && row.isEnabled && row.sessionLive === true && row.sessionVersion === claims.sv && row.role === claims.role) {
      sessions?.set(epoch!, row.id, claims.fid, { role: row.role, sessionVersion: row.sessionVersion });
      return accept(row.id);
    }
  } catch {
    // invalid signature, expired, malformed: anonymous
  }
  return null;
}

/** preValidation hook enforcing the route's roles: 401 when anonymous, 403 when the role is not allowed. */
export function requireRoles(roles: 'public' | RoleList) {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    if (roles === 'public') return;
    if (!req.user) throw new AppError('UNAUTHENTICATED');
    if (!roleAllowed(req.user.role, roles === ALL ? ALL : roles)) throw new AppError('FORBIDDEN');
  };
}

export function currentUser(req: FastifyRequest): RequestUser {
  if (!req.user) throw new AppError('UNAUTHENTICATED');
  return req.user;
}

export type { FastifyInstance };
