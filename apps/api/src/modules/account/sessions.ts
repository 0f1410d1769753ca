import { createHash, randomBytes, randomUUID } from 'node:crypto';

import type { AuthUser, EntityType, Role } from '@stoa/shared/account';
import { messages } from '@stoa/shared/messages';

import type { RequestUser } from '../../platform/auth';
import type { Tx } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import { verifyPassword } from '../../platform/passwords';
import { type UserRow, usersRepository } from '../users/users.repository';
import type { AccountServiceDeps, RequestMeta } from './account.deps';
import { accountRepository } from './account.repository';

/**
 * Sessions (ARCHITECTURE.md §5): sign-in with captcha and lockout, refresh-token rotation with
 * reuse detection, and logout. A session is a family of refresh tokens; its access tokens live
 * while the family has an unrevoked token (platform/auth checks that on every request).
 */

export const LOCKOUT_THRESHOLD = 5;
export const REFRESH_TOKEN_TTL_MS = 7 * 24 * 3_600_000;
/** fieldName of the login failure entry: no single field is wrong (user name or password). */
export const LOGIN_FAILURE_FIELD = 'credentials';

/** Lock duration after the n-th consecutive failure: 1, 2, 4 … minutes, at most an hour. */
export function lockoutMs(failures: number): number {
  if (failures < LOCKOUT_THRESHOLD) return 0;
  return Math.min(60_000 * 2 ** (failures - LOCKOUT_THRESHOLD), 3_600_000);
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** A new refresh token (stored as its hash) in the family, and an access token for the user. */
async function issueSession(deps: Pick<AccountServiceDeps, 'clock' | 'signer'>, tx: Tx, user: UserRow, familyId: string = randomUUID()) {
  const refreshToken = randomBytes(32).toString('base64url');
  const row = await accountRepository.insertRefreshToken(tx, {
    userId: user.id,
    familyId,
    tokenHash: sha256(refreshToken),
    expiresAt: new Date(deps.clock.now().getTime() + REFRESH_TOKEN_TTL_MS),
  });
  const jwtToken = await deps.signer.sign(user, familyId);
  const auth: AuthUser = {
    jwtToken,
    refreshToken,
    userId: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role as Role,
    entityType: (user.entityType as EntityType | null) ?? null,
  };
  return { auth, tokenId: row.id };
}

/**
 * Sign-in: the captcha (when required), then user name and password. Every failure gives the same
 * message; repeated wrong passwords lock the account for a growing time (lockoutMs).
 */
export async function authenticate(
  deps: Pick<AccountServiceDeps, 'db' | 'clock' | 'audit' | 'signer' | 'captcha' | 'loginCaptcha' | 'loginThrottle'>,
  input: { username: string; password: string; captchaId: string; captcha: string },
  meta: RequestMeta,
): Promise<AuthUser> {
  const { db, clock, audit } = deps;
  // An address that failed too often waits, before any captcha or password work (decision 0081).
  const waitMs = deps.loginThrottle.retryAfterMs(meta.ip);
  if (waitMs > 0) throw new AppError('RATE_LIMITED', undefined, [], { 'retry-after': String(Math.ceil(waitMs / 1000)) });
  if (deps.loginCaptcha && !(await deps.captcha.check(input.captchaId, input.captcha))) {
    throw AppError.field('INCORRECT_CAPTCHA', 'captcha', messages.login.incorrectCaptcha);
  }
  const now = clock.now();
  const user = await usersRepository.findByUserName(db, input.username);
  const locked = !!user?.lockedUntil && user.lockedUntil > now;
  const ok = await verifyPassword(locked ? null : (user?.passwordHash ?? null), input.password);
  if (!user || !ok || locked || !user.isEnabled) {
    if (user && !locked && !ok && user.passwordHash) {
      await inTransaction(db, async (tx) => {
        const fresh = (await usersRepository.findByIdForUpdate(tx, user.id))!;
        const failures = fresh.failedLoginCount + 1;
        const lockMs = lockoutMs(failures);
        await usersRepository.update(tx, user.id, {
          failedLoginCount: failures,
          lockedUntil: lockMs ? new Date(now.getTime() + lockMs) : fresh.lockedUntil,
        });
        if (lockMs) {
          await audit.record(tx, {
            actor: { id: null, role: 'SYSTEM' },
            action: 'ACCOUNT_LOCKED',
            entity: 'User',
            entityId: user.id,
            after: { failedLoginCount: failures, lockedForSeconds: lockMs / 1000, ip: meta.ip },
            requestId: meta.requestId,
          });
        }
      });
    }
    deps.loginThrottle.recordFailure(meta.ip);
    // The message in both places: spec 000 §8 shows the first of errorResponse[0].errorMessages.
    throw new AppError('INVALID_CREDENTIALS', messages.login.failed, [
      { fieldName: LOGIN_FAILURE_FIELD, errorMessages: [messages.login.failed] },
    ]);
  }
  return inTransaction(db, async (tx) => {
    await usersRepository.update(tx, user.id, { failedLoginCount: 0, lockedUntil: null, lastLoginAt: now });
    const { auth } = await issueSession(deps, tx, user);
    await audit.record(tx, {
      actor: { id: user.id, role: user.role },
      action: 'LOGIN',
      entity: 'User',
      entityId: user.id,
      after: { ip: meta.ip },
      requestId: meta.requestId,
    });
    return auth;
  });
}

/**
 * Rotates a refresh token: the token is used up and its family gets a new one. A rotated token
 * that comes back means someone holds a copy: the whole family (session) ends.
 */
export async function refresh(
  deps: Pick<AccountServiceDeps, 'db' | 'clock' | 'audit' | 'signer'>,
  refreshToken: string | undefined,
  meta: RequestMeta,
): Promise<AuthUser> {
  if (!refreshToken) throw new AppError('INVALID_REFRESH_TOKEN');
  const { db, clock, audit } = deps;
  const now = clock.now();
  const outcome = await inTransaction(db, async (tx) => {
    const row = await accountRepository.findRefreshTokenByHash(tx, sha256(refreshToken));
    if (!row) return { error: 'unknown' as const };
    if (row.revokedAt) {
      if (row.revokedReason === 'ROTATED') {
        // A rotated token came back: someone holds a copy. End the whole session family.
        await accountRepository.revokeFamily(tx, row.familyId, now, 'REUSE_DETECTED');
        await audit.record(tx, {
          actor: { id: row.userId, role: 'SYSTEM' },
          action: 'REFRESH_TOKEN_REUSE',
          entity: 'Session',
          entityId: row.familyId,
          requestId: meta.requestId,
        });
        return { error: 'reuse' as const };
      }
      return { error: 'revoked' as const };
    }
    if (row.expiresAt <= now) return { error: 'expired' as const };
    const user = await usersRepository.findById(tx, row.userId);
    if (!user || !user.isEnabled) return { error: 'disabled' as const };
    if (!(await accountRepository.claimRefreshToken(tx, row.id, now))) {
      await accountRepository.revokeFamily(tx, row.familyId, now, 'REUSE_DETECTED');
      return { error: 'reuse' as const };
    }
    const { auth, tokenId } = await issueSession(deps, tx, user, row.familyId);
    await accountRepository.setReplacedBy(tx, row.id, tokenId);
    return { auth };
  });
  if ('error' in outcome) throw new AppError('INVALID_REFRESH_TOKEN');
  return outcome.auth;
}

/** Ends the session of the refresh token (or of the signed-in access token). Always true. */
export async function logout(
  deps: Pick<AccountServiceDeps, 'db' | 'clock' | 'audit'>,
  refreshToken: string | undefined,
  user: RequestUser | null,
  meta: RequestMeta,
): Promise<boolean> {
  const now = deps.clock.now();
  await inTransaction(deps.db, async (tx) => {
    const row = refreshToken ? await accountRepository.findRefreshTokenByHash(tx, sha256(refreshToken)) : undefined;
    const familyId = row?.familyId ?? user?.familyId;
    if (!familyId) return;
    await accountRepository.revokeFamily(tx, familyId, now, 'LOGOUT');
    await deps.audit.record(tx, {
      actor: { id: row?.userId ?? user?.id ?? null, role: user?.role ?? 'ANONYMOUS' },
      action: 'LOGOUT',
      entity: 'Session',
      entityId: familyId,
      requestId: meta.requestId,
    });
  });
  return true;
}
