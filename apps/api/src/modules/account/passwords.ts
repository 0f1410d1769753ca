import { messages } from '@stoa/shared/messages';

import type { RequestUser } from '../../platform/auth';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { usersRepository } from '../users/users.repository';
import { type AccountServiceDeps, codeHash, commitAndMail, type RequestMeta } from './account.deps';
import { accountRepository } from './account.repository';
import { isCommonPasswordMd5 } from './common-passwords';
import { CODE_MAX_ATTEMPTS, CODE_PURPOSE, sendVerificationCode } from './verification-codes';

/** Passwords: forgot (a code by mail), set with a code, and change with the current one. */

function assertNotCommon(newPasswordMd5: string) {
  if (isCommonPasswordMd5(newPasswordMd5)) {
    throw AppError.field('COMMON_PASSWORD', 'newPassword', messages.errors.COMMON_PASSWORD);
  }
}

/** Always answers true so the form cannot be used to find out which addresses have accounts. */
export async function forgotPassword(
  deps: Pick<AccountServiceDeps, 'db' | 'clock' | 'audit' | 'codeSecret' | 'publicUrl' | 'onMailQueued'>,
  emailAddress: string,
  meta: RequestMeta,
): Promise<boolean> {
  const user = await usersRepository.findByEmail(deps.db, emailAddress);
  if (!user || !user.isEnabled) return true;
  await commitAndMail(deps, async (tx) => {
    await sendVerificationCode(deps, tx, user, 'FORGOT');
    await deps.audit.record(tx, {
      actor: { id: null, role: 'ANONYMOUS' },
      action: 'PASSWORD_CODE_REQUESTED',
      entity: 'User',
      entityId: user.id,
      requestId: meta.requestId,
    });
  });
  return true;
}

/**
 * Sets a password with a verification code (the old password field carries the code's MD5). A
 * wrong code counts against the code; the code is used once; every session of the user ends.
 */
export async function setPasswordWithCode(
  deps: Pick<AccountServiceDeps, 'db' | 'clock' | 'audit' | 'codeSecret'>,
  input: { emailAddress: string; oldPassword: string; newPassword: string },
  meta: RequestMeta,
): Promise<boolean> {
  assertNotCommon(input.newPassword);
  const user = await usersRepository.findByEmail(deps.db, input.emailAddress);
  const invalid = () => AppError.field('INVALID_VERIFICATION_CODE', 'oldPassword', messages.verification.invalid);
  if (!user || !user.isEnabled) throw invalid();
  const newHash = await hashPassword(input.newPassword);
  const now = deps.clock.now();
  const ok = await inTransaction(deps.db, async (tx) => {
    const code = await accountRepository.findLiveCodeForUpdate(tx, user.id, CODE_PURPOSE, now);
    if (!code) return false;
    if (code.codeHash !== codeHash(deps, input.oldPassword)) {
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
    await deps.audit.record(tx, {
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
}

/** Changes the signed-in user's password with the current one; the other sessions end, this one goes on. */
export async function changePassword(
  deps: Pick<AccountServiceDeps, 'db' | 'clock' | 'audit'>,
  actor: RequestUser,
  input: { userId: string; oldPassword: string; newPassword: string },
  meta: RequestMeta,
): Promise<boolean> {
  if (input.userId !== actor.id) throw new AppError('USER_ID_MISMATCH');
  const user = await usersRepository.findById(deps.db, actor.id);
  if (!user) throw new AppError('UNAUTHENTICATED');
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
    throw AppError.field('WRONG_PASSWORD', 'oldPassword', messages.password.wrongCurrent);
  }
  if (input.oldPassword === input.newPassword) {
    throw AppError.field('BAD_REQUEST', 'newPassword', messages.password.sameAsOld);
  }
  assertNotCommon(input.newPassword);
  const newHash = await hashPassword(input.newPassword);
  const now = deps.clock.now();
  await inTransaction(deps.db, async (tx) => {
    await usersRepository.update(tx, user.id, { passwordHash: newHash, passwordChangedAt: now, updatedAt: now });
    // Other sessions end; the one that changed the password goes on.
    await accountRepository.revokeUserTokens(tx, user.id, now, 'PASSWORD_CHANGED', actor.familyId);
    await deps.audit.record(tx, {
      actor: { id: user.id, role: user.role },
      action: 'PASSWORD_CHANGED',
      entity: 'User',
      entityId: user.id,
      requestId: meta.requestId,
    });
  });
  return true;
}
