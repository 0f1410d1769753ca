import { queryOptions } from '@tanstack/react-query';

import { tdsEndpoints as e } from '@stoa/shared/payments';

import { call } from '../../../lib/api-client';

type Page = { pageNumber: number; pageSize: number };

/** Query keys and fetchers of the payments pages (STYLE.md §4: never type a key by hand). */
export const paymentsQueries = {
  all: () => ['payments'] as const,
  tdsLists: () => [...paymentsQueries.all(), 'tds'] as const,
  tdsConfigs: (page: Page) =>
    queryOptions({
      queryKey: [...paymentsQueries.tdsLists(), 'configs', page] as const,
      queryFn: ({ signal }) => call(e.tdsGetAll, { query: page, signal }),
    }),
  tdsInterestLists: () => [...paymentsQueries.all(), 'tds-interest'] as const,
  tdsInterest: (page: Page) =>
    queryOptions({
      queryKey: [...paymentsQueries.tdsInterestLists(), page] as const,
      queryFn: ({ signal }) => call(e.tdsInterestGetAll, { query: page, signal }),
    }),
};
