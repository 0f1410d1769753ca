import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import {
  type CurtailmentCause,
  curtailmentEndpoints as e,
  type CurtailmentInput,
  type CurtailmentListQuery,
} from '@stoa/shared/curtailment';

import { call } from '../../../lib/api-client';

/** The filter of the list (empty values are left out of the query). */
export interface CurtailmentFilter {
  fromDate: string;
  toDate: string;
  element: string;
  cause: CurtailmentCause | 'All';
  applicationNo: string;
}

export const EMPTY_FILTER: CurtailmentFilter = { fromDate: '', toDate: '', element: '', cause: 'All', applicationNo: '' };

/** Only the filters with a value, trimmed. */
export function filterQuery(filter: CurtailmentFilter): Partial<CurtailmentListQuery> {
  const query: Partial<CurtailmentListQuery> = {};
  if (filter.fromDate) query.fromDate = filter.fromDate;
  if (filter.toDate) query.toDate = filter.toDate;
  if (filter.cause !== 'All') query.cause = filter.cause;
  const element = filter.element.trim();
  if (element) query.element = element;
  const no = filter.applicationNo.trim();
  if (no) query.applicationNo = no;
  return query;
}

type ListParams = Partial<CurtailmentListQuery> & { pageNumber: number; pageSize: number };

/** Query keys and fetchers of curtailments (STYLE.md §4: never type a key by hand). */
export const curtailmentQueries = {
  all: () => ['curtailments'] as const,
  list: (params: ListParams) =>
    queryOptions({
      queryKey: [...curtailmentQueries.all(), 'list', params] as const,
      queryFn: ({ signal }) => call(e.getAll, { query: params, signal }),
      staleTime: 0,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...curtailmentQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => call(e.get, { params: { curtailmentId: id }, signal }),
      staleTime: 0,
    }),
  elements: (date: string) =>
    queryOptions({
      queryKey: [...curtailmentQueries.all(), 'elements', date] as const,
      queryFn: ({ signal }) => call(e.getElements, { query: { date }, signal }),
      staleTime: 30_000,
    }),
};

/** What the curtailment would do (nothing saved). */
export function usePreviewCurtailment() {
  return useMutation({ mutationFn: (body: CurtailmentInput) => call(e.preview, { body }) });
}

/** Applies a curtailment; the lists are fetched again. */
export function useCreateCurtailment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CurtailmentInput) => call(e.create, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: curtailmentQueries.all() }),
  });
}
