import { messages } from '@stoa/shared/messages';
import { WEB_LINKS } from '@stoa/shared/navigation';

import type { RequestUser } from '../../platform/auth';
import { inTransaction } from '../../platform/db/transaction';
import { AppError, notFound } from '../../platform/errors';
import { accountRepository } from '../account/account.repository';
import type { RequestMeta } from '../account/account.service';
import type { UsersDeps } from './users.deps';
import { usersRepository } from './users.repository';

/**
 * The Admin's switches on a user's access (spec 000 §3): enable/disable (disabling ends every
 * session at once), the defaulter flag (the user is told), and the password reset.
 */

async function toggle(
  deps: Pick<UsersDeps, 'db' | 'clock' | 'audit' | 'notifications'>,
  actor: RequestUser,
  id: string,
  flag: 'isEnabled' | 'isDefaulter',
  meta: RequestMeta,
) {
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx) => {
    const before = await usersRepository.findByIdForUpdate(tx, id);
    if (!before) throw notFound('user');
    if (flag === 'isEnabled' && before.id === actor.id) {
      throw new AppError('BUSINESS_RULE', 'You cannot disable your own account.');
    }
    const value = !before[flag];
    const after = await usersRepository.update(tx, id, {
      [flag]: value,
      // Disabling ends every session of the user at once (access tokens carry the version).
      ...(flag === 'isEnabled' && !value ? { sessionVersion: before.sessionVersion + 1 } : {}),
      updatedAt: now,
    });
    if (flag === 'isEnabled' && !value) await accountRepository.revokeUserTokens(tx, id, now, 'USER_DISABLED');
    await deps.audit.record(tx, {
      actor: { id: actor.id, role: actor.role },
      action:
        flag === 'isEnabled' ? (value ? 'USER_ENABLED' : 'USER_DISABLED') : value ? 'USER_MARKED_DEFAULTER' : 'USER_DEFAULTER_CLEARED',
      entity: 'User',
      entityId: id,
      before: { [flag]: before[flag] },
      after: { [flag]: value },
      requestId: meta.requestId,
    });
    if (flag === 'isDefaulter') {
      await deps.notifications.notify(tx, {
        userId: id,
        message: value
          ? 'The SLDC has marked your account as a defaulter. New applications are refused until the dues are cleared.'
          : 'The SLDC has cleared the defaulter flag of your account.',
        link: WEB_LINKS.profile(),
      });
    }
    return { id, isEnabled: after.isEnabled, isDefaulter: after.isDefaulter };
  });
}

export const enableDisable = (
  deps: Pick<UsersDeps, 'db' | 'clock' | 'audit' | 'notifications'>,
  actor: RequestUser,
  id: string,
  meta: RequestMeta,
) => toggle(deps, actor, id, 'isEnabled', meta);

export const toggleDefaulter = (
  deps: Pick<UsersDeps, 'db' | 'clock' | 'audit' | 'notifications'>,
  actor: RequestUser,
  id: string,
  meta: RequestMeta,
) => toggle(deps, actor, id, 'isDefaulter', meta);

/** The old password stops working; the user gets a verification code by mail. The Admin never sees it. */
export async function resetPassword(
  deps: Pick<UsersDeps, 'db' | 'clock' | 'audit' | 'account' | 'onMailQueued'>,
  actor: RequestUser,
  id: string,
  meta: RequestMeta,
): Promise<boolean> {
  const now = deps.clock.now();
  await inTransaction(deps.db, async (tx) => {
    const before = await usersRepository.findByIdForUpdate(tx, id);
    if (!before) throw notFound('user');
    // The Admin changes their own password with the current one (Change Password), never by a reset.
    if (before.id === actor.id) throw new AppError('BUSINESS_RULE', messages.errors.ownPasswordReset);
    const after = await usersRepository.update(tx, id, {
      passwordHash: null,
      sessionVersion: before.sessionVersion + 1,
      failedLoginCount: 0,
      lockedUntil: null,
      updatedAt: now,
    });
    await accountRepository.revokeUserTokens(tx, id, now, 'PASSWORD_RESET');
    await deps.account.sendVerificationCode(tx, after, 'RESET');
    await deps.audit.record(tx, {
      actor: { id: actor.id, role: actor.role },
      action: 'PASSWORD_RESET',
      entity: 'User',
      entityId: id,
      requestId: meta.requestId,
    });
  });
  deps.onMailQueued();
  return true;
}
