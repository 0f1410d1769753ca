import type { z } from 'zod';

import { groupFieldErrors } from '@stoa/shared/common';
import { messages } from '@stoa/shared/messages';
import type { preRegisterRequestSchema } from '@stoa/shared/account';

import { enqueueMail } from '../../platform/mail/outbox';
import { AppError } from '../../platform/errors';
import { duplicateUserError, usersRepository } from '../users/users.repository';
import { type AccountServiceDeps, commitAndMail, type RequestMeta } from './account.deps';
import { toProfile } from './account.mapper';
import { sendVerificationCode } from './verification-codes';

type PreregisterDeps = Pick<AccountServiceDeps, 'db' | 'clock' | 'audit' | 'codeSecret' | 'publicUrl' | 'onMailQueued'>;
type PreregisterInput = z.output<typeof preRegisterRequestSchema>;

/**
 * A pre-registration with the e-mail or PAN of existing accounts: nothing is created; each such
 * account's owner is mailed (through the outbox) that an account exists, with the same kind of
 * work as a new registration (one transaction: a mail, an audit row). Answers the same `true`.
 */
async function mailKnownAccounts(deps: PreregisterDeps, input: PreregisterInput, meta: RequestMeta): Promise<boolean> {
  const owners = await usersRepository.findAccountsHolding(deps.db, { email: input.email, panCardNumber: input.panCardNumber });
  await commitAndMail(deps, async (tx) => {
    const now = deps.clock.now();
    for (const owner of owners) {
      const byEmail = owner.email.toLowerCase() === input.email.toLowerCase();
      await enqueueMail(
        tx,
        {
          to: owner.email,
          subject: 'STOA portal: you already have an account',
          text: [
            `Dear ${owner.firstName} ${owner.lastName},`,
            '',
            byEmail
              ? 'Someone pre-registered on the STOA portal with your e-mail address.'
              : 'Someone pre-registered on the STOA portal with the PAN Card Number of your entity.',
            `You already have an account; its user name is: ${owner.userName}`,
            '',
            `To sign in, go to ${deps.publicUrl}/login. If you forgot your password, set a new one at ${deps.publicUrl}/forgot-password.`,
            'No new account was created. If this was not you, ignore this mail or tell the SLDC.',
            '',
            'State Load Dispatch Centre',
          ].join('\n'),
        },
        now,
      );
      await deps.audit.record(tx, {
        actor: { id: null, role: 'ANONYMOUS' },
        action: 'PREREGISTER_KNOWN_ACCOUNT',
        entity: 'User',
        entityId: owner.id,
        after: { matched: byEmail ? 'email' : 'panCardNumber', ip: meta.ip },
        requestId: meta.requestId,
      });
    }
  });
  return true;
}

/**
 * Pre-registration (decision 0017). A taken user name is a field error (the person must choose
 * another). A known e-mail or PAN answers the same success as a new registration, so the form
 * cannot be used to find out who is registered; the owner of the account is mailed instead.
 */
export async function preregister(deps: PreregisterDeps, input: PreregisterInput, meta: RequestMeta): Promise<boolean> {
  const taken = await usersRepository.findTaken(deps.db, input);
  const userNameTaken = () =>
    new AppError(
      'CONFLICT',
      messages.errors.VALIDATION_FAILED,
      groupFieldErrors([{ fieldName: 'userName', message: messages.validation.duplicateUserName }]),
    );
  if (taken.userName) throw userNameTaken();
  if (taken.email || taken.panCardNumber) return mailKnownAccounts(deps, input, meta);
  try {
    return await commitAndMail(deps, async (tx) => {
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
      await sendVerificationCode(deps, tx, user, 'PREREGISTER');
      await deps.audit.record(tx, {
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
    const duplicate = duplicateUserError(err);
    if (!duplicate) throw err;
    // Someone registered the same details meanwhile: the same answers as above.
    if (duplicate.fieldErrors[0]?.fieldName === 'userName') throw userNameTaken();
    return mailKnownAccounts(deps, input, meta);
  }
}
