import type { z } from 'zod';

import type { userInputSchema, UserListQuery } from '@stoa/shared/users';

import type { RequestUser } from '../../platform/auth';
import type { RequestMeta } from '../account/account.service';
import { enableDisable, resetPassword, toggleDefaulter } from './user-access';
import { addUser, findUsers, getUser, updateUser, utilityList } from './user-records';
import type { UsersDeps } from './users.deps';

type Input = z.output<typeof userInputSchema>;

/**
 * The Admin's user management (spec 000 §3), table of contents: user-records.ts (list, read, add,
 * edit), user-access.ts (enable/disable, defaulter, password reset); SQL in users.repository.ts,
 * the utilities through reference.repository.ts.
 */
export function createUsersService(deps: UsersDeps) {
  return {
    find: (query: UserListQuery & { pageNumber: number; pageSize: number }) => findUsers(deps, query),
    get: (id: string) => getUser(deps, id),
    add: (actor: RequestUser, input: Input, meta: RequestMeta) => addUser(deps, actor, input, meta),
    update: (actor: RequestUser, id: string, input: Input & { id: string }, meta: RequestMeta) => updateUser(deps, actor, id, input, meta),
    enableDisable: (actor: RequestUser, id: string, meta: RequestMeta) => enableDisable(deps, actor, id, meta),
    toggleDefaulter: (actor: RequestUser, id: string, meta: RequestMeta) => toggleDefaulter(deps, actor, id, meta),
    resetPassword: (actor: RequestUser, id: string, meta: RequestMeta) => resetPassword(deps, actor, id, meta),
    utilities: () => utilityList(deps),
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
