import { queryOptions } from '@tanstack/react-query';

import { configurationEndpoints as e, manualsEndpoints } from '@stoa/shared/configuration';
import { usersEndpoints } from '@stoa/shared/users';

import { call } from '../../../lib/api-client';

export type ChargeKind = 'FEE' | 'CHARGE';

/** Query keys and fetchers of the configuration pages (STYLE.md §4: never type a key by hand). */
export const configurationQueries = {
  all: () => ['configuration'] as const,
  chargeLists: () => [...configurationQueries.all(), 'charges'] as const,
  charges: (kind: ChargeKind) =>
    queryOptions({
      queryKey: [...configurationQueries.chargeLists(), kind] as const,
      queryFn: ({ signal }) => call(e.chargesGetAll, { query: { kind }, signal }),
    }),
  settings: () =>
    queryOptions({
      queryKey: [...configurationQueries.all(), 'settings'] as const,
      queryFn: ({ signal }) => call(e.settingsGetAll, { signal }),
    }),
  holidayLists: () => [...configurationQueries.all(), 'holidays'] as const,
  holidays: (year: number) =>
    queryOptions({
      queryKey: [...configurationQueries.holidayLists(), year] as const,
      queryFn: ({ signal }) => call(e.holidaysGetAll, { query: { year }, signal }),
    }),
  bankDetails: () =>
    queryOptions({
      queryKey: [...configurationQueries.all(), 'bank-details'] as const,
      queryFn: ({ signal }) => call(e.bankDetailsGetAll, { signal }),
    }),
  /** Every manual target (each role, and each OA entity type) with its current file. */
  manuals: () =>
    queryOptions({
      queryKey: [...configurationQueries.all(), 'manuals'] as const,
      queryFn: ({ signal }) => call(manualsEndpoints.manualsGetAll, { signal }),
    }),
  paymentDetails: () =>
    queryOptions({
      queryKey: [...configurationQueries.all(), 'payment-details'] as const,
      queryFn: ({ signal }) => call(manualsEndpoints.paymentDetailsGetAll, { signal }),
    }),
  utilities: () =>
    queryOptions({
      queryKey: [...configurationQueries.all(), 'utilities'] as const,
      queryFn: ({ signal }) => call(usersEndpoints.transcoDiscomGetAll, { signal }),
    }),
};
