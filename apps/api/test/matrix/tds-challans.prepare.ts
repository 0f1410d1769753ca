import type { Prepare, SignedInUser } from '../auth-matrix';
import { signedIn } from '../auth-matrix';
import { bearer, type TestContext } from '../build-test-app';
import { FIXTURES, multipart } from '../files-fixtures';

/** TDS challans (decision 0053): a valid request of every call for the auth matrix. */
let seq = 0;
const uploadChallan = async (c: TestContext, token: string) => {
  const { body, headers } = multipart('uploadedFile', 'challan.pdf', FIXTURES.pdf);
  const res = await c.app.inject({
    method: 'POST',
    url: '/api/File/Upload?formName=TdsChallan',
    payload: body,
    headers: { ...headers, ...bearer(token) },
  });
  return res.json().data.id as string;
};
const challanBody = async (c: TestContext, u: SignedInUser) => ({
  month: '2026-01',
  challanNo: String(10_000 + ++seq),
  bsrCode: '0510308',
  challanDate: '2026-02-05',
  amountPaise: 10_000,
  fileId: await uploadChallan(c, u.token),
});
/** A pending challan of a fresh payer (so the SLDC caller is never its maker). */
const pendingChallan = async (c: TestContext) => {
  const payer = await signedIn(c, 'OABusinessUser');
  const row = await c.app.services.payments.makeTdsPayment(
    { id: payer.id, role: payer.role, familyId: null },
    (await challanBody(c, payer)) as never,
    { requestId: 'x' },
  );
  return row.id;
};

export const prepare: Record<string, Prepare> = {
  'Payment.GetMonthlyTDSList': () => ({ query: { pageNumber: '1', pageSize: '10' } }),
  'Payment.GetTDSDetails': () => ({ params: { applicationId: 'APP-MATRIX-1' } }),
  'Payment.MakeTDSPayment': async (c, u) => ({ body: await challanBody(c, u) }),
  'Payment.ApproveTDSPayment': async (c) => ({ params: { paymentId: await pendingChallan(c) }, body: { remarks: 'Seen on TRACES' } }),
  'Payment.RevertTDSPayment': async (c) => ({ params: { paymentId: await pendingChallan(c) }, body: { remarks: 'Not on TRACES' } }),
};
