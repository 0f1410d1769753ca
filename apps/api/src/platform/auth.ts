import { createHmac, createSecretKey, timingSafeEqual, webcrypto } from 'node:crypto';

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SignJWT } from 'jose';

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

const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** HMAC-SHA-256 is 32 bytes: 43 base64url characters without padding. */
const HS256_SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

/** A JWS part as a JSON object, or null. */
function jsonPart(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const numericDate = (v: unknown) => v === undefined || (typeof v === 'number' && Number.isFinite(v));

export function createTokenSigner(secret: string, clock: Clock) {
  // The key is prepared once, not on every sign and verify (decision 0073).
  const hmacKey = createSecretKey(Buffer.from(secret, 'utf8'));
  let imported: Promise<webcrypto.CryptoKey> | undefined;
  const cryptoKey = () =>
    (imported ??= webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']));
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
    /**
     * The claims of a token this portal signed, or null. The checks of jose's jwtVerify with
     * `algorithms: ['HS256']`, the issuer and `exp` and `sub` required (auth.test.ts compares the
     * two on forged and altered tokens), done synchronously with node:crypto: WebCrypto's
     * asynchronous HMAC was the largest cost of an authenticated request (decision 0073).
     */
    async verify(token: string) {
      const parts = token.split('.');
      if (parts.length !== 3) return null;
      const [h, p, signature] = parts as [string, string, string];
      if (!BASE64URL.test(h) || !BASE64URL.test(p) || !HS256_SIGNATURE.test(signature)) return null;
      const expected = createHmac('sha256', hmacKey).update(`${h}.${p}`).digest();
      if (!timingSafeEqual(expected, Buffer.from(signature, 'base64url'))) return null;
      // Only HS256; a critical header parameter is one this verifier does not understand.
      const header = jsonPart(h);
      if (!header || header.alg !== 'HS256' || header.crit !== undefined) return null;
      const payload = jsonPart(p);
      if (!payload || payload.iss !== 'stoa-portal') return null;
      if (!numericDate(payload.iat) || !numericDate(payload.nbf) || !numericDate(payload.exp)) return null;
      const now = Math.floor(clock.now().getTime() / 1000);
      // A token without an expiry would never end: refused.
      if (payload.exp === undefined || (payload.exp as number) <= now) return null;
      if (payload.nbf !== undefined && (payload.nbf as number) > now) return null;
      const { sub, role, sv, fid, exp } = payload;
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
