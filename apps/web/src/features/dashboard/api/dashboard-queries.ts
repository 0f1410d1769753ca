import { queryOptions } from '@tanstack/react-query';

import { type Role, roleAllowed } from '@stoa/shared/account';
import { dashboardEndpoints as e } from '@stoa/shared/dashboard';

import { call } from '../../../lib/api-client';

/** Query keys and fetchers of the role dashboard (STYLE.md §4: never type a key by hand). */
export const dashboardQueries = {
  all: () => ['dashboard'] as const,
  waitingWork: () =>
    queryOptions({
      queryKey: [...dashboardQueries.all(), 'waiting-work'] as const,
      queryFn: ({ signal }) => call(e.getWaitingWork, { signal }),
      // The figures move as others act: fresh on every visit, and every minute while the page is open.
      staleTime: 0,
      refetchInterval: 60_000,
    }),
};

/** The roles with a dashboard (GET Dashboard/GetWaitingWork): every role, the Admin with its users and jobs. */
export function hasWaitingWork(role: Role): boolean {
  return e.getWaitingWork.roles !== 'public' && roleAllowed(role, e.getWaitingWork.roles);
}
