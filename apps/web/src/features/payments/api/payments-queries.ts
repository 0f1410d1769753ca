import { queryOptions } from '@tanstack/react-query';

import { filesEndpoints } from '@stoa/shared/files';
import { paymentEndpoints as pe, type PaymentStatus, tdsEndpoints as e } from '@stoa/shared/payments';

import { call, download } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

type Page = { pageNumber: number; pageSize: number };
/** The filter of the payment lists: Paid (spec 001 §3: 'true' Paid, 'false' Due) and the payments' status. */
export interface PaymentFilter {
  paid: '' | 'true' | 'false';
  status: '' | PaymentStatus;
  /** Decision 0084: 'true' lists only the dues unpaid past their due date. */
  overdue: '' | 'true';
}

/** The filter a payment list opened from a link starts with: `?overdue=true` (the dashboard's overdue figure). */
export const filterWithOverdueFrom = (search: URLSearchParams, empty: PaymentFilter): PaymentFilter =>
  search.get('overdue') === 'true' ? { ...empty, overdue: 'true' } : empty;

/** Query keys and fetchers of the payments pages (STYLE.md §4: never type a key by hand). */
export const paymentsQueries = {
  all: () => ['payments'] as const,
  tdsLists: () => [...paymentsQueries.all(), 'tds'] as const,
  tdsConfigs: (page: Page) =>
    queryOptions({
      queryKey: [...paymentsQueries.tdsLists(), 'configs', page] as const,
      queryFn: ({ signal }) => call(e.tdsGetAll, { query: page, signal }),
    }),
  /** Every charge head with the caller's TDS declaration in force today (Make Payment proposes it, decision 0040). */
  tdsConfiguredCharges: () =>
    queryOptions({
      queryKey: [...paymentsQueries.tdsLists(), 'configured'] as const,
      queryFn: ({ signal }) => call(e.tdsGetConfiguredCharges, { signal }),
    }),
  tdsInterestLists: () => [...paymentsQueries.all(), 'tds-interest'] as const,
  tdsInterest: (page: Page) =>
    queryOptions({
      queryKey: [...paymentsQueries.tdsInterestLists(), page] as const,
      queryFn: ({ signal }) => call(e.tdsInterestGetAll, { query: page, signal }),
    }),
  /** Dues with their payments (both payment pages); every payment change invalidates it. */
  dues: () => [...paymentsQueries.all(), 'dues'] as const,
  paymentList: (filter: PaymentFilter, page: Page) =>
    queryOptions({
      queryKey: [...paymentsQueries.dues(), 'list', filter, page] as const,
      queryFn: ({ signal }) =>
        call(pe.getPaymentList, {
          query: { ...page, paid: filter.paid || undefined, status: filter.status || undefined, overdue: filter.overdue || undefined },
          signal,
        }),
    }),
  paymentDetails: (dueId: string) =>
    queryOptions({
      queryKey: [...paymentsQueries.dues(), 'details', dueId] as const,
      queryFn: ({ signal }) => call(pe.getPaymentDetails, { params: { id: dueId }, signal }),
    }),
};

/** Downloads a payment's proof (File/Download: the payer and the SLDC roles may read it). */
export async function downloadProof(fileId: string, fileName: string | null) {
  const file = await download(filesEndpoints.download, { params: { id: fileId } });
  saveFile(file.blob, file.fileName ?? fileName ?? 'payment-proof');
}
