import { queryOptions } from '@tanstack/react-query';

import { jobsEndpoints as e } from '@stoa/shared/jobs';

import { call } from '../../../lib/api-client';

/** Query keys and fetchers of the jobs page (STYLE.md §4: never type a key by hand). */
export const jobQueries = {
  all: () => ['jobs'] as const,
  /** The first 50 recurring jobs, ordered by id (spec 000 §9). */
  recurring: () =>
    queryOptions({
      queryKey: [...jobQueries.all(), 'recurring'] as const,
      queryFn: ({ signal }) => call(e.getRecurringJobs, { signal }),
      staleTime: 0,
    }),
};
