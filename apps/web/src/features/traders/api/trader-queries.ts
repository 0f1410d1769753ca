import { queryOptions } from '@tanstack/react-query';

import type { EntityType } from '@stoa/shared/account';
import { traderEndpoints } from '@stoa/shared/traders';

import { call } from '../../../lib/api-client';

export interface PageParams {
  /** From 1 (spec 001 §9). */
  pageNumber: number;
  pageSize: number;
}

/** The filter of 'Associated Approved Applicants' (empty values are left out of the query). */
export interface ApplicantFilter {
  entityName: string;
  entityType: EntityType | '';
  registrationNo: string;
}

/** Only the filters with a value, trimmed. */
export function applicantFilterQuery(
  filter: ApplicantFilter,
): Partial<{ entityName: string; entityType: EntityType; registrationNo: string }> {
  const entityName = filter.entityName.trim();
  const registrationNo = filter.registrationNo.trim();
  return {
    ...(entityName ? { entityName } : {}),
    ...(filter.entityType ? { entityType: filter.entityType } : {}),
    ...(registrationNo ? { registrationNo } : {}),
  };
}

/** Query keys and fetchers of trader management (STYLE.md §4: never type a key by hand). */
export const traderQueries = {
  all: () => ['traders'] as const,
  /** Traders with an approved registration, for the trader selection. */
  registered: () =>
    queryOptions({
      queryKey: [...traderQueries.all(), 'registered'] as const,
      queryFn: ({ signal }) => call(traderEndpoints.getAllRegisteredTraders, { signal }),
    }),
  mineLists: () => [...traderQueries.all(), 'mine'] as const,
  /** The signed-in applicant's traders, one page. */
  mine: (params: PageParams) =>
    queryOptions({
      queryKey: [...traderQueries.mineLists(), params] as const,
      queryFn: ({ signal }) => call(traderEndpoints.userBasedTradersGetAll, { query: params, signal }),
      staleTime: 0,
    }),
  /** The signed-in trader's approved applicants, filtered, one page. */
  applicants: (params: PageParams & Partial<{ entityName: string; entityType: EntityType; registrationNo: string }>) =>
    queryOptions({
      queryKey: [...traderQueries.all(), 'applicants', params] as const,
      queryFn: ({ signal }) => call(traderEndpoints.entityBasedOnTraderGetAll, { query: params, signal }),
      // Submit and Reset of the filter show the applicants as they are now.
      staleTime: 0,
    }),
};
