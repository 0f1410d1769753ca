import type { Prepare } from '../auth-matrix';
import { bearer, type TestContext } from '../build-test-app';
import { multipart } from '../files-fixtures';

let seq = 0;
/** A statement file of one credit line uploaded by the caller (formName BankStatement). */
const statementFile = async (c: TestContext, token: string) => {
  seq++;
  const csv = `Date,UTR,Amount,Narration\n01/01/2026,MXSTMT${seq}${Date.now()},1000.00,NEFT credit\n`;
  const { body, headers } = multipart('uploadedFile', 'statement.csv', Buffer.from(csv));
  const res = await c.app.inject({
    method: 'POST',
    url: '/api/File/Upload?formName=BankStatement',
    payload: body,
    headers: { ...headers, ...bearer(token) },
  });
  return res.json().data.id as string;
};
export const prepare: Record<string, Prepare> = {
  'Payment.GetReconciliationSummary': () => ({}),
  'Payment.GetBankStatement': () => ({}),
  'Payment.UploadBankStatement': async (c, u) => ({ body: { fileId: await statementFile(c, u.token) } }),
  'Payment.DownloadPaymentList': () => ({ query: { paid: 'false' } }),
  'Payment.GetEbiddingList': () => ({ query: { pageNumber: '1', pageSize: '10' } }),
  // Decision 0078: everyone's history for the SLDC roles and the Admin, the caller's own for a payer.
  'Payment.GetDefaulterHistory': () => ({ query: { pageNumber: '1', pageSize: '10' } }),
};
