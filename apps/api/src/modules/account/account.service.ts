import { createHash, createHmac, randomBytes, randomInt, randomUUID } from 'node:crypto';

import type { z } from 'zod';

import {
  type AuthUser,
  editProfileSchemaFor,
  type editProfileRequestSchema,
  type EntityType,
  type FieldError,
  groupFieldErrors,
  hasEntityData,
  messages,
  type preRegisterRequestSchema,
  type Profile,
  type Role,
} from '@stoa/shared';

import type { RequestUser, TokenSigner } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import type { Database, Tx } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/outbox';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import type { Actor, AuditService } from '../audit/audit.service';
import { duplicateUserError, usersRepository } from '../users/users.repository';
import type { UserRow } from '../users/users.tables';
import { accountRepository } from './account.repository';
import type { CaptchaService } from './captcha';
import { isCommonPasswordMd5 } from './common-passwords';

export const LOCKOUT_THRESHOLD = 5;
export const REFRESH_TOKEN_TTL_MS = 7 * 24 * 3_600_000;
export const CODE_TTL_MS = 30 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
const CODE_PURPOSE = 'SET_PASSWORD';
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Lock duration after the n-th consecutive failure: 1, 2, 4 … minutes, at most an hour. */
export function lockoutMs(failures: number): number {
  if (failures < LOCKOUT_THRESHOLD) return 0;
  return Math.min(60_000 * 2 ** (failures - LOCKOUT_THRESHOLD), 3_600_000);
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export interface RequestMeta {
  requestId: string;
  ip?: string;
}

export interface AccountServiceDeps {
  db: Database;
  clock: Clock;
  audit: AuditService;
  signer: TokenSigner;
  captcha: CaptchaService;
  loginCaptcha: boolean;
  codeSecret: string;
  publicUrl: string;
  /** Called after a commit that queued mail. */
  onMailQueued: () => void;
}

export function toProfile(u: UserRow): Profile {
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    userName: u.userName,
    email: u.email,
    contactNumber: u.contactNumber,
    contactPersonName: u.contactPersonName,
    panCardNumber: u.panCardNumber,
    registeredAddress: u.registeredAddress,
    role: u.role as Role,
    dateOfRegistration: u.createdAt.toISOString().slice(0, 10),
    isEnabled: u.isEnabled,
    entityName: u.entityName,
    entityType: (u.entityType as EntityType | null) ?? null,
    dateOfIncorporation: u.dateOfIncorporation,
    connectedTo: u.connectedTo,
    zone: u.zone,
  };
}

export function createAccountService(deps: AccountServiceDeps) {
  const { db, clock, audit, signer } = deps;
  const codeHash = (md5: string) => createHmac('sha256', deps.codeSecret).update(md5.toLowerCase()).digest('hex');

  async function issueSession(tx: Tx, user: UserRow, familyId: string = randomUUID()) {
    const refreshToken = randomBytes(32).toString('base64url');
    const row = await accountRepository.insertRefreshToken(tx, {
      userId: user.id,
      familyId,
      tokenHash: sha256(refreshToken),
      expiresAt: new Date(clock.now().getTime() + REFRESH_TOKEN_TTL_MS),
    });
    const jwtToken = await signer.sign(user, familyId);
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

  /** Issues a verification code, invalidating earlier ones, and queues the mail. */
  async function sendVerificationCode(tx: Tx, user: UserRow, reason: 'PREREGISTER' | 'FORGOT' | 'RESET') {
    const code = Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
    const now = clock.now();
    await accountRepository.invalidateCodes(tx, user.id, CODE_PURPOSE, now);
    await accountRepository.insertCode(tx, {
      userId: user.id,
      purpose: CODE_PURPOSE,
      codeHash: codeHash(createHash('md5').update(code).digest('hex')),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    });
    const intro =
      reason === 'PREREGISTER'
        ? 'Thank you for pre-registering on the STOA portal.'
        : reason === 'RESET'
          ? 'The administrator has reset the password of your STOA portal account.'
          : 'We received a request to set a new password for your STOA portal account.';
    await enqueueMail(tx, {
      to: user.email,
      subject: 'STOA portal: your verification code',
      text: [
        `Dear ${user.firstName} ${user.lastName},`,
        '',
        intro,
        `Your user name is: ${user.userName}`,
        `Your verification code is: ${code}`,
        '',
        `Set your password at ${deps.publicUrl}/set-password within ${CODE_TTL_MS / 60_000} minutes.`,
        'The code can be used once. If you did not ask for it, ignore this mail.',
        '',
        'State Load Dispatch Centre',
      ].join('\n'),
    }, now);
  }

  async function commitAndMail<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const result = await inTransaction(db, fn);
    deps.onMailQueued();
    return result;
  }

  function assertNotCommon(newPasswordMd5: string) {
    if (isCommonPasswordMd5(newPasswordMd5)) {
      throw AppError.field('COMMON_PASSWORD', 'newPassword', messages.errors.COMMON_PASSWORD);
    }
  }

  return {
    async authenticate(
      input: { username: string; password: string; captchaId: string; captcha: string },
      meta: RequestMeta,
    ): Promise<AuthUser> {
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
        throw new AppError('INVALID_CREDENTIALS', messages.login.failed);
      }
      return inTransaction(db, async (tx) => {
        await usersRepository.update(tx, user.id, { failedLoginCount: 0, lockedUntil: null, lastLoginAt: now });
        const { auth } = await issueSession(tx, user);
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
    },

    async refresh(refreshToken: string | undefined, meta: RequestMeta): Promise<AuthUser> {
      if (!refreshToken) throw new AppError('INVALID_REFRESH_TOKEN');
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
        const { auth, tokenId } = await issueSession(tx, user, row.familyId);
        await accountRepository.setReplacedBy(tx, row.id, tokenId);
        return { auth };
      });
      if ('error' in outcome) throw new AppError('INVALID_REFRESH_TOKEN');
      return outcome.auth;
    },

    async logout(refreshToken: string | undefined, user: RequestUser | null, meta: RequestMeta): Promise<boolean> {
      const now = clock.now();
      await inTransaction(db, async (tx) => {
        const row = refreshToken ? await accountRepository.findRefreshTokenByHash(tx, sha256(refreshToken)) : undefined;
        const familyId = row?.familyId ?? user?.familyId;
        if (!familyId) return;
        await accountRepository.revokeFamily(tx, familyId, now, 'LOGOUT');
        await audit.record(tx, {
          actor: { id: row?.userId ?? user?.id ?? null, role: user?.role ?? 'ANONYMOUS' },
          action: 'LOGOUT',
          entity: 'Session',
          entityId: familyId,
          requestId: meta.requestId,
        });
      });
      return true;
    },

    async preregister(input: z.output<typeof preRegisterRequestSchema>, meta: RequestMeta): Promise<boolean> {
      const taken = await usersRepository.findTaken(db, input);
      const errors: { fieldName: string; message: string }[] = [];
      if (taken.userName) errors.push({ fieldName: 'userName', message: messages.validation.duplicateUserName });
      if (taken.email) errors.push({ fieldName: 'email', message: messages.validation.duplicateEmail });
      if (taken.panCardNumber) errors.push({ fieldName: 'panCardNumber', message: messages.validation.duplicatePan });
      if (errors.length) throw new AppError('CONFLICT', messages.errors.VALIDATION_FAILED, groupFieldErrors(errors));
      try {
        return await commitAndMail(async (tx) => {
          const user = await usersRepository.insert(tx, {
            userName: input.userName,
            email: input.email,
            firstName: input.firstName,
            lastName: input.lastName,
            contactNumber: input.contactNumber,
            contactPersonName: `${input.firstName} ${input.lastName}`,
            role: input.isTrader ? 'Trader' : 'OABusinessUser',
            entityName: input.entityName,
            entityType: input.isTrader ? 'Trader' : input.entityType,
            registeredAddress: input.registeredAddress,
            dateOfIncorporation: input.dateOfIncorporation,
            panCardNumber: input.panCardNumber,
          });
          await sendVerificationCode(tx, user, 'PREREGISTER');
          await audit.record(tx, {
            actor: { id: user.id, role: 'ANONYMOUS' },
            action: 'PREREGISTER',
            entity: 'User',
            entityId: user.id,
            after: {
              ...toProfile(user),
              acceptTerms: input.acceptTerms,
              acceptContractDemandTerms: input.acceptContractDemandTerms,
              acceptDedicatedFeederTerms: input.acceptDedicatedFeederTerms,
              ip: meta.ip,
            },
            requestId: meta.requestId,
          });
          return true;
        });
      } catch (err) {
        throw duplicateUserError(err) ?? err;
      }
    },

    /** Always answers true so the form cannot be used to find out which addresses have accounts. */
    async forgotPassword(emailAddress: string, meta: RequestMeta): Promise<boolean> {
      const user = await usersRepository.findByEmail(db, emailAddress);
      if (!user || !user.isEnabled) return true;
      await commitAndMail(async (tx) => {
        await sendVerificationCode(tx, user, 'FORGOT');
        await audit.record(tx, {
          actor: { id: null, role: 'ANONYMOUS' },
          action: 'PASSWORD_CODE_REQUESTED',
          entity: 'User',
          entityId: user.id,
          requestId: meta.requestId,
        });
      });
      return true;
    },

    sendVerificationCode,

    async setPasswordWithCode(
      input: { emailAddress: string; oldPassword: string; newPassword: string },
      meta: RequestMeta,
    ): Promise<boolean> {
      assertNotCommon(input.newPassword);
      const user = await usersRepository.findByEmail(db, input.emailAddress);
      const invalid = () => AppError.field('INVALID_VERIFICATION_CODE', 'oldPassword', messages.verification.invalid);
      if (!user || !user.isEnabled) throw invalid();
      const newHash = await hashPassword(input.newPassword);
      const now = clock.now();
      const ok = await inTransaction(db, async (tx) => {
        const code = await accountRepository.findLiveCodeForUpdate(tx, user.id, CODE_PURPOSE, now);
        if (!code) return false;
        if (code.codeHash !== codeHash(input.oldPassword)) {
          await accountRepository.recordCodeFailure(tx, code.id, code.failedAttempts + 1, now, CODE_MAX_ATTEMPTS);
          return false;
        }
        await accountRepository.markCodeUsed(tx, code.id, now);
        const before = await usersRepository.findByIdForUpdate(tx, user.id);
        await usersRepository.update(tx, user.id, {
          passwordHash: newHash,
          passwordChangedAt: now,
          failedLoginCount: 0,
          lockedUntil: null,
          sessionVersion: (before?.sessionVersion ?? 1) + 1,
          updatedAt: now,
        });
        await accountRepository.revokeUserTokens(tx, user.id, now, 'PASSWORD_SET');
        await audit.record(tx, {
          actor: { id: user.id, role: user.role },
          action: 'PASSWORD_SET',
          entity: 'User',
          entityId: user.id,
          requestId: meta.requestId,
        });
        return true;
      });
      if (!ok) throw invalid();
      return true;
    },

    async changePassword(
      actor: RequestUser,
      input: { userId: string; oldPassword: string; newPassword: string },
      meta: RequestMeta,
    ): Promise<boolean> {
      if (input.userId !== actor.id) throw new AppError('USER_ID_MISMATCH');
      const user = await usersRepository.findById(db, actor.id);
      if (!user) throw new AppError('UNAUTHENTICATED');
      if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
        throw AppError.field('WRONG_PASSWORD', 'oldPassword', messages.password.wrongCurrent);
      }
      if (input.oldPassword === input.newPassword) {
        throw AppError.field('BAD_REQUEST', 'newPassword', messages.password.sameAsOld);
      }
      assertNotCommon(input.newPassword);
      const newHash = await hashPassword(input.newPassword);
      const now = clock.now();
      await inTransaction(db, async (tx) => {
        await usersRepository.update(tx, user.id, { passwordHash: newHash, passwordChangedAt: now, updatedAt: now });
        // Other sessions end; the one that changed the password goes on.
        await accountRepository.revokeUserTokens(tx, user.id, now, 'PASSWORD_CHANGED', actor.familyId);
        await audit.record(tx, {
          actor: { id: user.id, role: user.role },
          action: 'PASSWORD_CHANGED',
          entity: 'User',
          entityId: user.id,
          requestId: meta.requestId,
        });
      });
      return true;
    },

    async getProfile(actor: RequestUser): Promise<Profile> {
      const user = await usersRepository.findById(db, actor.id);
      if (!user) throw new AppError('UNAUTHENTICATED');
      return toProfile(user);
    },

    async editProfile(actor: RequestUser, body: z.output<typeof editProfileRequestSchema>, meta: RequestMeta): Promise<Profile> {
      const role = actor.role;
      const checked = editProfileSchemaFor(role).safeParse(body);
      // The route validated the common shape; this applies the role's own field rules.
      if (!checked.success) {
        throw new AppError(
          'VALIDATION_FAILED',
          undefined,
          groupFieldErrors(checked.error.issues.map((i) => ({ fieldName: i.path.join('.'), message: i.message }))),
        );
      }
      const v = checked.data;
      const now = clock.now();
      try {
        return await inTransaction(db, async (tx) => {
          const before = await usersRepository.findByIdForUpdate(tx, actor.id);
          if (!before) throw new AppError('UNAUTHENTICATED');
          // Only the Admin may change an e-mail address (spec 000 §2 Profile).
          const email = role === 'Admin' ? v.email : before.email;
          const errors: FieldError[] = [];
          if (role === 'Admin' && email.toLowerCase() !== before.email.toLowerCase()) {
            const taken = await usersRepository.findTaken(tx, { email }, actor.id);
            if (taken.email) errors.push({ fieldName: 'email', errorMessages: [messages.validation.duplicateEmail] });
          }
          const pan = v.panCardNumber || null;
          if (hasEntityData(role) && pan && pan !== before.panCardNumber) {
            const taken = await usersRepository.findTaken(tx, { panCardNumber: pan }, actor.id);
            if (taken.panCardNumber) errors.push({ fieldName: 'panCardNumber', errorMessages: [messages.validation.duplicatePan] });
          }
          if (errors.length) throw new AppError('CONFLICT', messages.errors.VALIDATION_FAILED, errors);
          const after = await usersRepository.update(tx, actor.id, {
            firstName: v.firstName,
            lastName: v.lastName,
            email,
            contactNumber: v.contactNumber,
            contactPersonName: v.contactPersonName ?? null,
            panCardNumber: pan,
            registeredAddress: v.registeredAddress,
            ...(hasEntityData(role) && v.dateOfIncorporation ? { dateOfIncorporation: v.dateOfIncorporation } : {}),
            ...(role === 'OABusinessUser' ? { connectedTo: v.connectedTo ?? null } : {}),
            updatedAt: now,
          });
          await audit.record(tx, {
            actor: { id: actor.id, role } satisfies Actor,
            action: 'PROFILE_UPDATED',
            entity: 'User',
            entityId: actor.id,
            before: toProfile(before),
            after: toProfile(after),
            requestId: meta.requestId,
          });
          return toProfile(after);
        });
      } catch (err) {
        throw duplicateUserError(err) ?? err;
      }
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
