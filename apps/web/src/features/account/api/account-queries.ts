import { queryOptions } from '@tanstack/react-query';

import { accountEndpoints } from '@stoa/shared/account';

import { call } from '../../../lib/api-client';

/** Query keys and fetchers of the account domain (STYLE.md §4: never type a key by hand). */
export const accountQueries = {
  all: () => ['account'] as const,
  profiles: () => [...accountQueries.all(), 'profile'] as const,
  profile: (userId: string) =>
    queryOptions({
      queryKey: [...accountQueries.profiles(), userId] as const,
      queryFn: ({ signal }) => call(accountEndpoints.getProfile, { signal }),
    }),
};
