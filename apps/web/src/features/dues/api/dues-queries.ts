import { keepPreviousData, queryOptions } from '@tanstack/react-query';

import { configurationEndpoints as e } from '@stoa/shared/configuration';
import { type Role, roleAllowed } from '@stoa/shared/account';

import { call } from '../../../lib/api-client';

/** The dues card shows ten dues a page (spec 000 §9: default page size 10). */
export const DUES_PAGE_SIZE = 10;

/** Query keys and fetchers of the applicant's dues (STYLE.md §4: never type a key by hand). */
export const duesQueries = {
  all: () => ['dues'] as const,
  page: (pageNumber: number) =>
    queryOptions({
      queryKey: [...duesQueries.all(), 'page', pageNumber] as const,
      queryFn: ({ signal }) => call(e.getDues, { query: { pageNumber, pageSize: DUES_PAGE_SIZE }, signal }),
      placeholderData: keepPreviousData,
    }),
};

/** Applicants (OABusinessUser, Trader) have dues: the roles of GET Payment/GetDues. */
export function hasDues(role: Role): boolean {
  return e.getDues.roles !== 'public' && roleAllowed(role, e.getDues.roles);
}
