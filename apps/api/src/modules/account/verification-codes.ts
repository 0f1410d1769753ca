import { createHash, randomInt } from 'node:crypto';

import type { Tx } from '../../platform/db/client';
import { enqueueMail } from '../../platform/mail/outbox';
import type { UserRow } from '../users/users.repository';
import { type AccountServiceDeps, codeHash } from './account.deps';
import { accountRepository } from './account.repository';

/**
 * Verification codes: the one-time code mailed to a new user, to someone who forgot the password,
 * and after the Admin resets one; the user sets a password with it (passwords.ts).
 */

export const CODE_TTL_MS = 30 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_PURPOSE = 'SET_PASSWORD';
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Issues a verification code, invalidating earlier ones, and queues the mail. */
export async function sendVerificationCode(
  deps: Pick<AccountServiceDeps, 'clock' | 'codeSecret' | 'publicUrl'>,
  tx: Tx,
  user: UserRow,
  reason: 'PREREGISTER' | 'FORGOT' | 'RESET',
) {
  const code = Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  const now = deps.clock.now();
  await accountRepository.invalidateCodes(tx, user.id, CODE_PURPOSE, now);
  await accountRepository.insertCode(tx, {
    userId: user.id,
    purpose: CODE_PURPOSE,
    codeHash: codeHash(deps, createHash('md5').update(code).digest('hex')),
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
  });
  const intro =
    reason === 'PREREGISTER'
      ? 'Thank you for pre-registering on the STOA portal.'
      : reason === 'RESET'
        ? 'The administrator has reset the password of your STOA portal account.'
        : 'We received a request to set a new password for your STOA portal account.';
  await enqueueMail(
    tx,
    {
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
    },
    now,
  );
}
