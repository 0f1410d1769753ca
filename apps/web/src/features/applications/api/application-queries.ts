import { queryOptions, useQuery } from '@tanstack/react-query';

import { applicationEndpoints, type AppliedApplicationsQuery } from '@stoa/shared/applications';

import { call } from '../../../lib/api-client';

export type AppliedListParams = Partial<AppliedApplicationsQuery> & { pageNumber: number; pageSize: number };

/** Query keys and fetchers of applications (STYLE.md §4: never type a key by hand). */
export const applicationKeys = {
  all: () => ['applications'] as const,
  lists: () => [...applicationKeys.all(), 'list'] as const,
  applied: (params: AppliedListParams) =>
    queryOptions({
      queryKey: [...applicationKeys.lists(), 'applied', params] as const,
      queryFn: ({ signal }) => call(applicationEndpoints.getAppliedApplications, { query: params, signal }),
      staleTime: 0,
    }),
  details: () => [...applicationKeys.all(), 'detail'] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...applicationKeys.details(), id] as const,
      queryFn: ({ signal }) => call(applicationEndpoints.get, { params: { id }, signal }),
      staleTime: 0,
    }),
  openAccess: (applicationId: string) =>
    queryOptions({
      queryKey: [...applicationKeys.details(), applicationId, 'openAccess'] as const,
      queryFn: ({ signal }) => call(applicationEndpoints.getOpenAccessDetails, { params: { applicationId }, signal }),
      staleTime: 0,
    }),
  fee: () =>
    queryOptions({
      queryKey: [...applicationKeys.all(), 'fee'] as const,
      queryFn: ({ signal }) => call(applicationEndpoints.getApplicationFee, { signal }),
      staleTime: 5 * 60_000,
    }),
  isDefaulter: () =>
    queryOptions({
      queryKey: [...applicationKeys.all(), 'isDefaulter'] as const,
      queryFn: ({ signal }) => call(applicationEndpoints.isDefaulter, { signal }),
      staleTime: 0,
    }),
  parties: (side: 'sellers' | 'buyers', asTrader: boolean) =>
    queryOptions({
      queryKey: [...applicationKeys.all(), 'parties', side, asTrader] as const,
      queryFn: ({ signal }) => {
        const endpoint = asTrader
          ? side === 'sellers'
            ? applicationEndpoints.getSellersForTrader
            : applicationEndpoints.getBuyersForTrader
          : side === 'sellers'
            ? applicationEndpoints.getSellers
            : applicationEndpoints.getBuyers;
        return call(endpoint, { signal });
      },
      staleTime: 60_000,
    }),
  userBasedTraders: () =>
    queryOptions({
      queryKey: [...applicationKeys.all(), 'userBasedTraders'] as const,
      queryFn: ({ signal }) => call(applicationEndpoints.getUserBasedTraders, { signal }),
      staleTime: 60_000,
    }),
  injectingDetails: (id: string) =>
    queryOptions({
      queryKey: [...applicationKeys.all(), 'injecting', id] as const,
      queryFn: ({ signal }) => call(applicationEndpoints.getInjectingEntityDetails, { params: { id }, signal }),
      staleTime: 60_000,
    }),
  draweeDetails: (id: string) =>
    queryOptions({
      queryKey: [...applicationKeys.all(), 'drawee', id] as const,
      queryFn: ({ signal }) => call(applicationEndpoints.getDraweeEntityDetails, { params: { id }, signal }),
      staleTime: 60_000,
    }),
  remainingQuantum: (q: {
    SellerId: string;
    BuyerId: string;
    FromTimeBlock: string;
    ToTimeBlock: string;
    OAFromDate: string;
    OAToDate: string;
  }) =>
    queryOptions({
      queryKey: [...applicationKeys.all(), 'remaining', q] as const,
      queryFn: ({ signal }) => call(applicationEndpoints.getRemainingQuatumDetails, { query: q, signal }),
      staleTime: 0,
      retry: false,
    }),
};

/** One application (Application/Get/{id}); disabled without an id. */
export function useApplication(id: string | undefined) {
  return useQuery({ ...applicationKeys.detail(id ?? ''), enabled: Boolean(id) });
}

/** Requested and granted MW per day and block (Application/GetOpenAccessDetails/{applicationId}). */
export function useOpenAccessDetails(applicationId: string | undefined) {
  return useQuery({ ...applicationKeys.openAccess(applicationId ?? ''), enabled: Boolean(applicationId) });
}
