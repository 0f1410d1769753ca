import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, SignJWT } from 'jose';

import { ALL, type Role, roleAllowed, type RoleList } from '@stoa/shared';

import { users } from '../modules/users/users.tables';
import type { Clock } from './clock';
import type { Database } from './db/client';
import { AppError } from './errors';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

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
  const key = new TextEncoder().encode(secret);
  return {
    async sign(user: { id: string; role: string; sessionVersion: number }, familyId: string): Promise<string> {
      const now = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ role: user.role, sv: user.sessionVersion, fid: familyId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setIssuedAt(now)
        .setExpirationTime(now + ACCESS_TOKEN_TTL_SECONDS)
        .setIssuer('stoa-portal')
        .sign(key);
    },
    async verify(token: string) {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        issuer: 'stoa-portal',
        currentDate: clock.now(),
      });
      return payload as { sub: string; role: string; sv: number; fid: string };
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;

/**
 * Reads the bearer token of every request. A token is honoured only while its user exists, is
 * enabled and has the same session version, so disabling a user ends their sessions at once.
 */
export const authPlugin = fp<{ db: Database; signer: TokenSigner }>(async (app, { db, signer }) => {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (req) => {
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    // An invalid or expired token leaves the request anonymous; protected routes answer 401.
    req.user = (await authenticateAccessToken(db, signer, header.slice(7).trim()))?.user ?? null;
  });
});

/**
 * The user of an access token, or null: the token must verify and its user exist, be enabled and
 * have the same role and session version. `expiresAt` is the token's expiry (for long-lived
 * connections such as the notification WebSocket).
 */
export async function authenticateAccessToken(
  db: Database,
  signer: TokenSigner,
  token: string,
): Promise<{ user: RequestUser; expiresAt: Date | null } | null> {
  try {
    const claims = await signer.verify(token);
    const [row] = await db
      .select({ id: users.id, role: users.role, isEnabled: users.isEnabled, sessionVersion: users.sessionVersion })
      .from(users)
      .where(eq(users.id, claims.sub))
      .limit(1);
    if (row && row.isEnabled && row.sessionVersion === claims.sv && row.role === claims.role) {
      const exp = (claims as { exp?: unknown }).exp;
      return {
        user: { id: row.id, role: row.role as Role, familyId: claims.fid ?? null },
        expiresAt: typeof exp === 'number' ? new Date(exp * 1000) : null,
      };
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
