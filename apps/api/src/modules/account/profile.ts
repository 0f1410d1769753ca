import type { z } from 'zod';

import { editProfileSchemaFor, type editProfileRequestSchema, hasEntityData, type Profile } from '@stoa/shared/account';
import { type FieldError, groupFieldErrors } from '@stoa/shared/common';
import { messages } from '@stoa/shared/messages';

import type { RequestUser } from '../../platform/auth';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import type { Actor } from '../audit/audit.service';
import { duplicateUserError, usersRepository } from '../users/users.repository';
import type { AccountServiceDeps, RequestMeta } from './account.deps';
import { toProfile } from './account.mapper';

/** The signed-in user's own profile (spec 000 §2 Profile). */

export async function getProfile(deps: Pick<AccountServiceDeps, 'db'>, actor: RequestUser): Promise<Profile> {
  const user = await usersRepository.findById(deps.db, actor.id);
  if (!user) throw new AppError('UNAUTHENTICATED');
  return toProfile(user);
}

/**
 * Edits the profile with the role's own field rules: only the Admin changes an e-mail address; a
 * taken e-mail or PAN is a conflict on its field.
 */
export async function editProfile(
  deps: Pick<AccountServiceDeps, 'db' | 'clock' | 'audit'>,
  actor: RequestUser,
  body: z.output<typeof editProfileRequestSchema>,
  meta: RequestMeta,
): Promise<Profile> {
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
  const now = deps.clock.now();
  try {
    return await inTransaction(deps.db, async (tx) => {
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
      await deps.audit.record(tx, {
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
}
