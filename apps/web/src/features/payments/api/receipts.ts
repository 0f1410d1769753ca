import { queryOptions } from '@tanstack/react-query';

import { paymentEndpoints as pe } from '@stoa/shared/payments';

import { call, download } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** Payment/Receipt/{id}: fetches the receipt PDF of an approved payment and hands it to the browser (decision 0049). */
export async function downloadReceipt(paymentId: string, receiptNo: string | null): Promise<void> {
  const file = await download(pe.downloadReceipt, { params: { id: paymentId } });
  saveFile(file.blob, file.fileName ?? `receipt-${(receiptNo ?? paymentId).replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`);
}

/** Payment/Verify/{code}: the public check of a receipt (no sign-in). */
export const receiptVerification = (code: string) =>
  queryOptions({
    queryKey: ['payments', 'receipt-verification', code] as const,
    queryFn: ({ signal }) => call(pe.verifyReceipt, { params: { code }, signal }),
    retry: false,
  });
