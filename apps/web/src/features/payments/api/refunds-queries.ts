import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import { type MakeRefundInput, type RefundableState, refundEndpoints as re, type RefundSource } from '@stoa/shared/payments';

import { call, download } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

type Page = { pageNumber: number; pageSize: number };
/** The filter of the refund list: the item's state and what it is refundable for. */
export interface RefundFilter {
  state: '' | RefundableState;
  sourceType: '' | RefundSource;
}
const queryOf = (f: RefundFilter) => ({ state: f.state || undefined, sourceType: f.sourceType || undefined });

/** Query keys and fetchers of the Refund page (STYLE.md §4: never type a key by hand). */
export const refundsQueries = {
  all: () => ['payments', 'refunds'] as const,
  list: (filter: RefundFilter, page: Page) =>
    queryOptions({
      queryKey: [...refundsQueries.all(), 'list', filter, page] as const,
      queryFn: ({ signal }) => call(re.getRefundDetails, { query: { ...page, ...queryOf(filter) }, signal }),
    }),
  history: (recordId: string) =>
    queryOptions({
      queryKey: [...refundsQueries.all(), 'history', recordId] as const,
      queryFn: ({ signal }) => call(re.getRefundHistory, { params: { applicationId: recordId }, signal }),
    }),
};

/** The refund list of the filter as Excel (Payment/DownloadRefundDetails, streamed by the server). */
export async function downloadRefunds(filter: RefundFilter) {
  const file = await download(re.downloadRefundDetails, { query: queryOf(filter) });
  saveFile(file.blob, file.fileName ?? 'refunds.xlsx');
}

/** Make Refund (SLDC business user): proposes a refund; every refund change refreshes the list and histories. */
export function useMakeRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MakeRefundInput) => call(re.makeRefund, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: refundsQueries.all() }),
  });
}

/** Approve (payout reference and date) or return (remarks) a pending refund (SLDC approvers). */
export function useCheckRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      v:
        | { action: 'approve'; id: string; payoutReference: string; payoutDate: string; remarks: string }
        | { action: 'return'; id: string; remarks: string },
    ) =>
      v.action === 'approve'
        ? call(re.approveRefund, {
            params: { refundId: v.id },
            body: { payoutReference: v.payoutReference, payoutDate: v.payoutDate, remarks: v.remarks || null },
          })
        : call(re.returnRefund, { params: { refundId: v.id }, body: { remarks: v.remarks } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: refundsQueries.all() }),
  });
}
