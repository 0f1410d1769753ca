import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';

import { filesEndpoints } from '@stoa/shared/files';
import { type makeTdsPaymentInputSchema, TDS_CHALLAN_FORM, tdsChallanEndpoints as tc, type TdsMonthStatus } from '@stoa/shared/payments';

import { call, download } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { upload, UploadFailedError } from '../../../lib/upload';
import { paymentsQueries } from './payments-queries';

type Page = { pageNumber: number; pageSize: number };
/** The filter of the monthly TDS lists: month (YYYY-MM) and the month's status. */
export interface TdsMonthFilter {
  month: string;
  status: '' | TdsMonthStatus;
}

/** Query keys and fetchers of TDS Challan Details and TDS Reconciliation (decision 0053). */
export const tdsChallanQueries = {
  months: () => [...paymentsQueries.all(), 'tds-months'] as const,
  monthList: (filter: TdsMonthFilter, page: Page) =>
    queryOptions({
      queryKey: [...tdsChallanQueries.months(), filter, page] as const,
      queryFn: ({ signal }) =>
        call(tc.getMonthlyTdsList, { query: { ...page, month: filter.month || undefined, status: filter.status || undefined }, signal }),
    }),
  /** GetTDSDetails: under the dues' key, so approving or reverting a payment refreshes it. */
  details: (applicationId: string) =>
    queryOptions({
      queryKey: [...paymentsQueries.dues(), 'tds-details', applicationId] as const,
      queryFn: ({ signal }) => call(tc.getTdsDetails, { params: { applicationId }, signal }),
    }),
};

/** The TDS lines of the payments against one application's (or other record's) dues, with the TDS accepted. */
export function useTdsDetails(applicationId: string) {
  return useQuery(tdsChallanQueries.details(applicationId));
}

type MakeBody = Omit<z.input<typeof makeTdsPaymentInputSchema>, 'fileId'>;

/** Upload Challan: the file first (File/Upload, formName=TdsChallan), then the challan with its id. */
export function useMakeTdsPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, file, onProgress }: { body: MakeBody; file: File; onProgress?: (f: number) => void }) => {
      let uploaded;
      try {
        uploaded = await upload(filesEndpoints.upload, file, { query: { formName: TDS_CHALLAN_FORM }, onProgress });
      } catch (error) {
        throw new UploadFailedError(error);
      }
      return call(tc.makeTdsPayment, { body: { ...body, fileId: uploaded.id } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tdsChallanQueries.months() }),
  });
}

/** Approve (optional remarks) or revert (remarks required) a pending challan; an approval may raise an interest due. */
export function useCheckTdsPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, remarks }: { id: string; action: 'approve' | 'revert'; remarks: string }) =>
      action === 'approve'
        ? call(tc.approveTdsPayment, { params: { paymentId: id }, body: { remarks: remarks || null } })
        : call(tc.revertTdsPayment, { params: { paymentId: id }, body: { remarks } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tdsChallanQueries.months() }),
        queryClient.invalidateQueries({ queryKey: paymentsQueries.dues() }),
      ]),
  });
}

/** Downloads a challan's file (File/Download: the payer and the SLDC roles may read it). */
export async function downloadChallan(fileId: string, fileName: string | null) {
  const file = await download(filesEndpoints.download, { params: { id: fileId } });
  saveFile(file.blob, file.fileName ?? fileName ?? 'tds-challan');
}
