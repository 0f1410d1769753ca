import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import type { z } from 'zod';

import {
  checkUserInput,
  type EntityType,
  groupFieldErrors,
  hasEntityData,
  messages,
  type Role,
  type User,
  type userInputSchema,
  type UserListQuery,
  utilityTypeOfRole,
} from '@stoa/shared';

import type { RequestUser } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import type { Database, DbOrTx, Tx } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError, notFound } from '../../platform/errors';
import { accountRepository } from '../account/account.repository';
import type { AccountService, RequestMeta } from '../account/account.service';
import type { AuditService } from '../audit/audit.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { transcoDiscom } from '../reference/reference.tables';
import { duplicateUserError, usersRepository } from './users.repository';
import { users, type UserRow } from './users.tables';

type Input = z.output<typeof userInputSchema>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createUsersService(deps: {
  db: Database;
  clock: Clock;
  audit: AuditService;
  account: AccountService;
  notifications: NotificationsService;
  onMailQueued: () => void;
}) {
  const { db, clock, audit } = deps;

  async function toUser(dbx: DbOrTx, u: UserRow): Promise<User> {
    const utility = u.utilityId
      ? (await dbx.select().from(transcoDiscom).where(eq(transcoDiscom.id, u.utilityId)).limit(1))[0]
      : undefined;
    const role = u.role as Role;
    return {
      id: u.id,
      firstName: u.firstName,
      lastName: u.lastName,
      userName: u.userName,
      email: u.email,
      contactNumber: u.contactNumber,
      role,
      entityName: u.entityName,
      entityType: (u.entityType as EntityType | null) ?? null,
      registeredAddress: u.registeredAddress,
      dateOfIncorporation: u.dateOfIncorporation,
      panCardNumber: u.panCardNumber,
      zone: u.zone,
      connectedTo: utilityTypeOfRole(role) ? u.utilityId : u.connectedTo,
      connectedToName: utility?.name ?? null,
      isEnabled: u.isEnabled,
      isDefaulter: u.isDefaulter,
    };
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
    const row = utilityId && /^[0-9a-f-]{36}$/i.test(utilityId)
      ? (await tx.select().from(transcoDiscom).where(eq(transcoDiscom.id, utilityId)).limit(1))[0]
      : undefined;
    if (!row || row.type !== type) {
      throw AppError.field('VALIDATION_FAILED', 'connectedTo', `Choose a ${type} utility`);
    }
    return { utilityId: row.id, zone: row.zone };
  }

  async function assertUnique(tx: Tx, v: { userName?: string | null; email?: string | null; panCardNumber?: string | null; role: Role }, exceptId?: string) {
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

  async function toggle(actor: RequestUser, id: string, flag: 'isEnabled' | 'isDefaulter', meta: RequestMeta) {
    const now = clock.now();
    return inTransaction(db, async (tx) => {
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
      await audit.record(tx, {
        actor: { id: actor.id, role: actor.role },
        action: flag === 'isEnabled' ? (value ? 'USER_ENABLED' : 'USER_DISABLED') : value ? 'USER_MARKED_DEFAULTER' : 'USER_DEFAULTER_CLEARED',
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
        });
      }
      return { id, isEnabled: after.isEnabled, isDefaulter: after.isDefaulter };
    });
  }

  return {
    async find(query: UserListQuery & { pageNumber: number; pageSize: number }) {
      const filters: SQL[] = [];
      for (const key of ['firstName', 'lastName', 'userName', 'email'] as const) {
        const value = query[key];
        if (value) filters.push(ilike(users[key], `%${escapeLike(value)}%`));
      }
      const where = filters.length ? and(...filters) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
          .limit(query.pageSize)
          .offset((query.pageNumber - 1) * query.pageSize),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { userList: await Promise.all(rows.map((r) => toUser(db, r))), dataCount: Number(total?.n ?? 0) };
    },

    async get(id: string) {
      const row = await usersRepository.findById(db, id);
      if (!row) throw notFound('user');
      return toUser(db, row);
    },

    async add(actor: RequestUser, input: Input, meta: RequestMeta): Promise<User> {
      validate(input);
      const role = input.role as Role;
      try {
        const created = await inTransaction(db, async (tx) => {
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
          const user = await toUser(tx, row);
          await audit.record(tx, { actor: { id: actor.id, role: actor.role }, action: 'USER_CREATED', entity: 'User', entityId: row.id, after: user, requestId: meta.requestId });
          return user;
        });
        deps.onMailQueued();
        return created;
      } catch (err) {
        throw duplicateUserError(err) ?? err;
      }
    },

    async update(actor: RequestUser, id: string, input: Input & { id: string }, meta: RequestMeta): Promise<User> {
      if (input.id !== id) throw AppError.field('VALIDATION_FAILED', 'id', 'The id in the body does not match the path.');
      return inTransaction(db, async (tx) => {
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
          updatedAt: clock.now(),
        });
        const [b, a] = [await toUser(tx, before), await toUser(tx, after)];
        await audit.record(tx, { actor: { id: actor.id, role: actor.role }, action: 'USER_UPDATED', entity: 'User', entityId: id, before: b, after: a, requestId: meta.requestId });
        await deps.notifications.notify(tx, { userId: id, message: 'The administrator has updated the details of your account.' });
        return a;
      });
    },

    enableDisable: (actor: RequestUser, id: string, meta: RequestMeta) => toggle(actor, id, 'isEnabled', meta),
    toggleDefaulter: (actor: RequestUser, id: string, meta: RequestMeta) => toggle(actor, id, 'isDefaulter', meta),

    /** The old password stops working; the user gets a verification code by mail. The Admin never sees it. */
    async resetPassword(actor: RequestUser, id: string, meta: RequestMeta): Promise<boolean> {
      const now = clock.now();
      await inTransaction(db, async (tx) => {
        const before = await usersRepository.findByIdForUpdate(tx, id);
        if (!before) throw notFound('user');
        const after = await usersRepository.update(tx, id, {
          passwordHash: null,
          sessionVersion: before.sessionVersion + 1,
          failedLoginCount: 0,
          lockedUntil: null,
          updatedAt: now,
        });
        await accountRepository.revokeUserTokens(tx, id, now, 'PASSWORD_RESET');
        await deps.account.sendVerificationCode(tx, after, 'RESET');
        await audit.record(tx, { actor: { id: actor.id, role: actor.role }, action: 'PASSWORD_RESET', entity: 'User', entityId: id, requestId: meta.requestId });
      });
      deps.onMailQueued();
      return true;
    },

    async utilities() {
      const rows = await db
        .select({ id: transcoDiscom.id, name: transcoDiscom.name, type: transcoDiscom.type, zone: transcoDiscom.zone })
        .from(transcoDiscom)
        .where(eq(transcoDiscom.isActive, true))
        .orderBy(asc(transcoDiscom.type), asc(transcoDiscom.name));
      return { transcoDiscomList: rows };
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
