import type { z } from 'zod';

import { checkUserInput, type User, type userInputSchema, type UserListQuery } from '@stoa/shared/users';
import { groupFieldErrors } from '@stoa/shared/common';
import { hasEntityData, type Role, utilityTypeOfRole } from '@stoa/shared/account';
import { messages } from '@stoa/shared/messages';
import { WEB_LINKS } from '@stoa/shared/navigation';

import type { RequestUser } from '../../platform/auth';
import type { DbOrTx, Tx } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError, notFound } from '../../platform/errors';
import type { RequestMeta } from '../account/account.service';
import { referenceRepository } from '../reference/reference.repository';
import type { UsersDeps } from './users.deps';
import { toUser } from './users.mapper';
import { duplicateUserError, type UserRow, usersRepository } from './users.repository';

/** The Admin's user management (spec 000 §3): list, read, add and edit users. */

type Input = z.output<typeof userInputSchema>;

/** The user with the name of its utility (a TRANSCO/DISCOM user). */
async function withUtility(dbx: DbOrTx, u: UserRow): Promise<User> {
  const utility = u.utilityId ? await referenceRepository.findUtility(dbx, u.utilityId) : undefined;
  return toUser(u, utility?.name ?? null);
}

function validate(v: Input) {
  const issues: { fieldName: string; message: string }[] = [];
  checkUserInput(v, (fieldName, message) => issues.push({ fieldName, message }));
  if (issues.length) throw new AppError('VALIDATION_FAILED', undefined, groupFieldErrors(issues));
}

/** The utility of a TRANSCO/DISCOM user must be of the matching type; the zone comes from it. */
async function resolveUtility(tx: Tx, role: Role, utilityId: string | null | undefined) {
  const type = utilityTypeOfRole(role);
  if (!type) return { utilityId: null, zone: null };
  const row = utilityId ? await referenceRepository.findUtility(tx, utilityId) : undefined;
  if (!row || row.type !== type) {
    throw AppError.field('VALIDATION_FAILED', 'connectedTo', `Choose a ${type} utility`);
  }
  return { utilityId: row.id, zone: row.zone };
}

async function assertUnique(
  tx: Tx,
  v: { userName?: string | null; email?: string | null; panCardNumber?: string | null; role: Role },
  exceptId?: string,
) {
  const taken = await usersRepository.findTaken(
    tx,
    { userName: v.userName ?? undefined, email: v.email ?? undefined, panCardNumber: hasEntityData(v.role) ? v.panCardNumber : null },
    exceptId,
  );
  const errors: { fieldName: string; message: string }[] = [];
  if (taken.userName) errors.push({ fieldName: 'userName', message: messages.validation.duplicateUserName });
  if (taken.email) errors.push({ fieldName: 'email', message: messages.validation.duplicateEmail });
  if (taken.panCardNumber) errors.push({ fieldName: 'panCardNumber', message: messages.validation.duplicatePan });
  if (errors.length) throw new AppError('CONFLICT', messages.errors.VALIDATION_FAILED, groupFieldErrors(errors));
}

/** One page of users, filtered by name, user name, e-mail and status (the Admin's dashboard counts through it). */
export async function findUsers(deps: Pick<UsersDeps, 'db'>, query: UserListQuery & { pageNumber: number; pageSize: number }) {
  const { rows, total } = await usersRepository.list(deps.db, query, query);
  return { userList: await Promise.all(rows.map((r) => withUtility(deps.db, r))), dataCount: total };
}

export async function getUser(deps: Pick<UsersDeps, 'db'>, id: string) {
  const row = await usersRepository.findById(deps.db, id);
  if (!row) throw notFound('user');
  return withUtility(deps.db, row);
}

/** Adds a user of any role; the user sets a password with the verification code mailed to it. */
export async function addUser(deps: UsersDeps, actor: RequestUser, input: Input, meta: RequestMeta): Promise<User> {
  validate(input);
  const role = input.role as Role;
  try {
    const created = await inTransaction(deps.db, async (tx) => {
      await assertUnique(tx, { ...input, role });
      const utility = await resolveUtility(tx, role, input.connectedTo);
      const entity = hasEntityData(role);
      const row = await usersRepository.insert(tx, {
        role,
        userName: input.userName!,
        email: input.email!,
        firstName: input.firstName!,
        lastName: input.lastName!,
        contactNumber: input.contactNumber!,
        contactPersonName: `${input.firstName} ${input.lastName}`,
        registeredAddress: input.registeredAddress!,
        entityName: entity ? input.entityName! : null,
        entityType: role === 'Trader' ? 'Trader' : entity ? input.entityType! : null,
        dateOfIncorporation: entity ? input.dateOfIncorporation! : null,
        panCardNumber: input.panCardNumber || null,
        connectedTo: utility.utilityId ? utilityTypeOfRole(role) : (input.connectedTo ?? null),
        utilityId: utility.utilityId,
        zone: utility.zone,
      });
      await deps.account.sendVerificationCode(tx, row, 'PREREGISTER');
      const user = await withUtility(tx, row);
      await deps.audit.record(tx, {
        actor: { id: actor.id, role: actor.role },
        action: 'USER_CREATED',
        entity: 'User',
        entityId: row.id,
        after: user,
        requestId: meta.requestId,
      });
      return user;
    });
    deps.onMailQueued();
    return created;
  } catch (err) {
    throw duplicateUserError(err) ?? err;
  }
}

/** Edits a user's details; role, user name, e-mail, entity and utility keep their stored values. */
export async function updateUser(
  deps: Pick<UsersDeps, 'db' | 'clock' | 'audit' | 'notifications'>,
  actor: RequestUser,
  id: string,
  input: Input & { id: string },
  meta: RequestMeta,
): Promise<User> {
  if (input.id !== id) throw AppError.field('VALIDATION_FAILED', 'id', 'The id in the body does not match the path.');
  return inTransaction(deps.db, async (tx) => {
    const before = await usersRepository.findByIdForUpdate(tx, id);
    if (!before) throw notFound('user');
    const role = before.role as Role;
    // Fields that cannot change in edit mode keep their stored values.
    const merged: Input = {
      ...input,
      role,
      userName: before.userName,
      email: before.email,
      entityName: before.entityName,
      entityType: before.entityType,
      connectedTo: utilityTypeOfRole(role) ? before.utilityId : before.connectedTo,
      zone: before.zone,
    };
    validate(merged);
    await assertUnique(tx, { panCardNumber: merged.panCardNumber, role }, id);
    const after = await usersRepository.update(tx, id, {
      firstName: merged.firstName!,
      lastName: merged.lastName!,
      contactNumber: merged.contactNumber!,
      registeredAddress: merged.registeredAddress!,
      dateOfIncorporation: hasEntityData(role) ? merged.dateOfIncorporation! : before.dateOfIncorporation,
      panCardNumber: merged.panCardNumber || null,
      updatedAt: deps.clock.now(),
    });
    const [b, a] = [await withUtility(tx, before), await withUtility(tx, after)];
    await deps.audit.record(tx, {
      actor: { id: actor.id, role: actor.role },
      action: 'USER_UPDATED',
      entity: 'User',
      entityId: id,
      before: b,
      after: a,
      requestId: meta.requestId,
    });
    await deps.notifications.notify(tx, {
      userId: id,
      message: 'The administrator has updated the details of your account.',
      link: WEB_LINKS.profile(),
    });
    return a;
  });
}

/** The active utilities a TRANSCO/DISCOM user can be tied to. */
export async function utilityList(deps: Pick<UsersDeps, 'db'>) {
  return { transcoDiscomList: await referenceRepository.utilities(deps.db, { activeOnly: true }) };
}
