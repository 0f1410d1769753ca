import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';

import { type User, type userInputSchema, usersEndpoints, type userUpdateSchema } from '@stoa/shared/users';

import { call } from '../../../lib/api-client';
import { userQueries } from './user-queries';

type ListData = { userList: User[]; dataCount: number };

/** Puts a changed user into every cached page of the list and its detail. */
function patchCachedUser(queryClient: QueryClient, id: string, patch: Partial<User>) {
  queryClient.setQueriesData<ListData>({ queryKey: userQueries.lists() }, (old) =>
    old ? { ...old, userList: old.userList.map((u) => (u.id === id ? { ...u, ...patch } : u)) } : old,
  );
  queryClient.setQueryData<User>(userQueries.detail(id).queryKey, (old) => (old ? { ...old, ...patch } : old));
}

export function useAddUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof userInputSchema>) => call(usersEndpoints.addUser, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueries.lists() }),
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof userUpdateSchema>) => call(usersEndpoints.updateUser, { params: { id: body.id }, body }),
    onSuccess: (user) => {
      queryClient.setQueryData(userQueries.detail(user.id).queryKey, user);
      patchCachedUser(queryClient, user.id, user);
      return queryClient.invalidateQueries({ queryKey: userQueries.lists() });
    },
  });
}

export type UserFlag = 'isEnabled' | 'isDefaulter';

/** Enable/disable (ends the user's sessions) or mark/clear defaulter: one POST each (spec 000 §4). */
export function useToggleUserFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, flag }: { id: string; flag: UserFlag }) =>
      call(flag === 'isEnabled' ? usersEndpoints.enableDisable : usersEndpoints.defaulter, { params: { id }, body: {} }),
    onSuccess: (result) => {
      patchCachedUser(queryClient, result.id, { isEnabled: result.isEnabled, isDefaulter: result.isDefaulter });
      return queryClient.invalidateQueries({ queryKey: userQueries.lists() });
    },
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (id: string) => call(usersEndpoints.resetPassword, { params: { id }, body: {} }),
  });
}
