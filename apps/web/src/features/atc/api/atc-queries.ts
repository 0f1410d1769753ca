import { queryOptions } from '@tanstack/react-query';

import { atcEndpoints as e, type AtcMode } from '@stoa/shared/atc';

import { call } from '../../../lib/api-client';

export interface MarginQuery {
  date: string;
  element?: string;
  pageNumber: number;
  pageSize: number;
}

/** Query keys and fetchers of the ATC pages (STYLE.md §4: never type a key by hand). */
export const atcQueries = {
  all: () => ['atc'] as const,
  margins: (mode: AtcMode, q: MarginQuery) =>
    queryOptions({
      queryKey: [...atcQueries.all(), mode, 'margins', q] as const,
      queryFn: ({ signal }) => call(e.getMargins, { params: { mode }, query: q, signal }),
      staleTime: 0,
    }),
  uploads: (mode: AtcMode, q: { pageNumber: number; pageSize: number }) =>
    queryOptions({
      queryKey: [...atcQueries.all(), mode, 'uploads', q] as const,
      queryFn: ({ signal }) => call(e.getUploads, { params: { mode }, query: q, signal }),
      staleTime: 0,
    }),
};
