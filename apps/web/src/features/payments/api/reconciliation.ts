import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import { filesEndpoints } from '@stoa/shared/files';
import { reconciliationEndpoints as e, STATEMENT_FORM } from '@stoa/shared/payments';

import { call, download } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { upload, UploadFailedError } from '../../../lib/upload';
import { type PaymentFilter, paymentsQueries } from './payments-queries';

type Page = { pageNumber: number; pageSize: number };

/**
 * Reconciliation's queries (decision 0055). The totals and the last statement sit under the dues'
 * key, so every payment change (make, approve, revert) refreshes them too.
 */
export const reconciliationQueries = {
  summary: () =>
    queryOptions({
      queryKey: [...paymentsQueries.dues(), 'reconciliation-summary'] as const,
      queryFn: ({ signal }) => call(e.getReconciliationSummary, { signal }),
    }),
  statement: () =>
    queryOptions({
      queryKey: [...paymentsQueries.dues(), 'bank-statement'] as const,
      queryFn: ({ signal }) => call(e.getBankStatement, { signal }),
    }),
  ebiddingList: (_filter: Record<string, never>, page: Page) =>
    queryOptions({
      queryKey: [...paymentsQueries.dues(), 'ebidding', page] as const,
      queryFn: ({ signal }) => call(e.getEbiddingList, { query: page, signal }),
    }),
  /** Decision 0078: the defaulter flag's changes (a payer's own; for the SLDC one payer's or everyone's). */
  defaulterHistory: (userId: string | undefined, page: Page) =>
    queryOptions({
      queryKey: [...paymentsQueries.dues(), 'defaulter-history', userId ?? null, page] as const,
      queryFn: ({ signal }) => call(e.getDefaulterHistory, { query: { ...page, userId }, signal }),
    }),
};

/** Upload a statement (File/Upload, formName BankStatement) and match it (Payment/UploadBankStatement). */
export function useUploadStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress?: (f: number) => void }) => {
      let uploaded;
      try {
        uploaded = await upload(filesEndpoints.upload, file, { query: { formName: STATEMENT_FORM }, onProgress });
      } catch (error) {
        throw new UploadFailedError(error);
      }
      return call(e.uploadBankStatement, { body: { fileId: uploaded.id } });
    },
    onSuccess: (statement) => queryClient.setQueryData(reconciliationQueries.statement().queryKey, { statement }),
  });
}

/** Payment/DownloadPaymentList with the list's filter, saved as the server names it. */
export async function downloadPaymentList(filter: PaymentFilter) {
  const file = await download(e.downloadPaymentList, {
    query: { paid: filter.paid || undefined, status: filter.status || undefined, overdue: filter.overdue || undefined },
  });
  saveFile(file.blob, file.fileName ?? 'payment-list.xlsx');
}
