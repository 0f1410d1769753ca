import { queryOptions } from '@tanstack/react-query';

import type { ALL } from '@stoa/shared/account';
import { type UserStatus, usersEndpoints } from '@stoa/shared/users';

import { call } from '../../../lib/api-client';

/** The filter of the users list (empty strings and All are left out of the query). */
export interface UserFilter {
  firstName: string;
  lastName: string;
  userName: string;
  email: string;
  status: UserStatus | typeof ALL;
}

type UserQuery = Partial<Omit<UserFilter, 'status'>> & { status?: UserStatus };

export interface UserListParams extends UserQuery {
  /** From 1 (spec 000 §9). */
  pageNumber: number;
  pageSize: number;
}

/** Only the filters with a value, trimmed (spec 000 §7: the query is built from non-empty filters). */
export function filterQuery(filter: Partial<UserFilter>): UserQuery {
  const query: UserQuery = {};
  for (const key of ['firstName', 'lastName', 'userName', 'email'] as const) {
    const value = filter[key]?.trim();
    if (value) query[key] = value;
  }
  if (filter.status && filter.status !== 'All') query.status = filter.status;
  return query;
}

/** Query keys and fetchers of user administration (STYLE.md §4: never type a key by hand). */
export const userQueries = {
  all: () => ['users'] as const,
  lists: () => [...userQueries.all(), 'list'] as const,
  list: (params: UserListParams) =>
    queryOptions({
      queryKey: [...userQueries.lists(), params] as const,
      queryFn: ({ signal }) => call(usersEndpoints.getUsers, { query: params, signal }),
      // Submit and Reset of the filter show the users as they are now, even for a page seen before.
      staleTime: 0,
    }),
  details: () => [...userQueries.all(), 'detail'] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...userQueries.details(), id] as const,
      queryFn: ({ signal }) => call(usersEndpoints.getUser, { params: { id }, signal }),
      // The dialog always shows the record as stored now.
      staleTime: 0,
    }),
  /**
   * TRANSCO and DISCOM utilities for the user dialog. Maintained on the configuration pages, so
   * fetched afresh whenever the dialog opens.
   */
  utilities: () =>
    queryOptions({
      queryKey: [...userQueries.all(), 'utilities'] as const,
      queryFn: ({ signal }) => call(usersEndpoints.transcoDiscomGetAll, { signal }),
      staleTime: 0,
    }),
};
