import { eq } from 'drizzle-orm';

import { paymentReceipts } from '../../src/modules/payments/payments.tables';
import { inTransaction } from '../../src/platform/db/transaction';
import type { Prepare, SignedInUser } from '../auth-matrix';
import { signedIn } from '../auth-matrix';
import { bearer, type TestContext } from '../build-test-app';
import { FIXTURES, multipart } from '../files-fixtures';

let dueSeq = 0;
/** An application fee owed by `payerUserId`, unique per call. */
const raiseDue = (c: TestContext, payerUserId: string) =>
  inTransaction(c.database.db, (tx) =>
    c.app.services.configuration.raiseDue(tx, {
      payerUserId,
      head: 'APPLICATION_FEE',
      on: '2026-01-01',
      quantity: '1',
      recordType: 'Application',
      recordId: `MATRIX-${++dueSeq}-${Date.now()}`,
      description: 'Application fee',
    }),
  );
const uploadProof = async (c: TestContext, token: string) => {
  const { body, headers } = multipart('uploadedFile', 'proof.pdf', FIXTURES.pdf);
  const res = await c.app.inject({
    method: 'POST',
    url: '/api/File/Upload?formName=Payment',
    payload: body,
    headers: { ...headers, ...bearer(token) },
  });
  return res.json().data.id as string;
};
const paymentBody = async (c: TestContext, u: SignedInUser) => ({
  mode: 'NEFT',
  reference: `MX${++dueSeq}${Date.now()}`.slice(0, 30),
  paymentDate: '2026-01-01',
  amountPaise: 1000,
  bankName: 'Matrix Bank',
  proofFileId: await uploadProof(c, u.token),
});
/** A pending payment made by a fresh payer (so the SLDC caller is never its maker). */
const pendingPayment = async (c: TestContext) => {
  const payer = await signedIn(c, 'OABusinessUser');
  const due = await raiseDue(c, payer.id);
  const p = await c.app.services.payments.makePayment(
    { id: payer.id, role: payer.role, familyId: null },
    due.id,
    (await paymentBody(c, payer)) as never,
    { requestId: 'x' },
  );
  return p.id;
};

/** An approved payment (with its receipt) of `payer`, approved by a fresh SLDC business user. */
const approvedPayment = async (c: TestContext, payer: SignedInUser) => {
  const due = await raiseDue(c, payer.id);
  const p = await c.app.services.payments.makePayment(
    { id: payer.id, role: payer.role, familyId: null },
    due.id,
    (await paymentBody(c, payer)) as never,
    { requestId: 'x' },
  );
  const checker = await signedIn(c, 'SLDCBusinessUser');
  return c.app.services.payments.approvePayment({ id: checker.id, role: checker.role, familyId: null }, p.id, {}, { requestId: 'x' });
};
const PAYER_ROLES: readonly string[] = ['OABusinessUser', 'Trader'];

let n = 0;
/** A future date unique per call, so adds never collide. */
const futureDate = () => {
  n++;
  return new Date(Date.UTC(2031, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
};
const ADMIN = { id: '00000000-0000-4000-8000-000000000000', role: 'Admin' as const, familyId: null };
const page = { query: { pageNumber: '1', pageSize: '10' } };

export const prepare: Record<string, Prepare> = {
  'Configuration.Tds.GetAll': () => page,
  'Configuration.Tds.InterestPercentage.GetAll': () => page,
  'Configuration.Tds.GetConfiguredCharges': () => ({}),
  'Configuration.Tds.IsTDSConfigured': () => ({}),
  'Configuration.Tds.Add': () => ({ body: { head: 'SLDC_OPERATING_CHARGE', section: '194C_OTHER', effectiveFrom: futureDate() } }),
  // The caller's own declaration (another user's answers 404, tested in payments.routes.test.ts).
  'Configuration.Tds.Update': async (c, u) => {
    const row = await c.app.services.payments.addTdsConfig(
      { id: u.id, role: u.role, familyId: null },
      { head: 'STU_TRANSMISSION_CHARGE', section: '194J_A', effectiveFrom: futureDate() },
      { requestId: 'x' },
    );
    return { params: { id: row.id }, body: { head: 'STU_TRANSMISSION_CHARGE', section: '194J_B', effectiveFrom: row.effectiveFrom } };
  },
  'Configuration.Tds.InterestPercentage.Add': () => ({ body: { ratePercent: '1.5', effectiveFrom: futureDate() } }),
  'Configuration.Tds.InterestPercentage.Update': async (c) => {
    const row = await c.app.services.payments.addTdsInterest(ADMIN, { ratePercent: '1', effectiveFrom: futureDate() }, { requestId: 'x' });
    return { params: { id: row.id }, body: { ratePercent: '1.25', effectiveFrom: row.effectiveFrom } };
  },
  'Payment.GetPaymentList': () => page,
  // The caller's own due (the SLDC roles see every payer's; another payer's answers 404, payment-desk.routes.test.ts).
  'Payment.GetPaymentDetails': async (c, u) => ({ params: { id: (await raiseDue(c, u.id)).id } }),
  'Payment.MakePayment': async (c, u) => ({ params: { id: (await raiseDue(c, u.id)).id }, body: await paymentBody(c, u) }),
  'Payment.Approve': async (c) => ({ params: { id: await pendingPayment(c) }, body: { remarks: 'Seen in the account' } }),
  'Payment.Revert': async (c) => ({ params: { id: await pendingPayment(c) }, body: { remarks: 'No credit seen' } }),
  // A payer's own approved payment; for the SLDC (and the roles answered 403) a fresh payer's.
  'Payment.Receipt': async (c, u) => ({
    params: { id: (await approvedPayment(c, PAYER_ROLES.includes(u.role) ? u : await signedIn(c, 'OABusinessUser'))).id },
  }),
  'Payment.Verify': async (c) => {
    const p = await approvedPayment(c, await signedIn(c, 'OABusinessUser'));
    const [r] = await c.database.db.select().from(paymentReceipts).where(eq(paymentReceipts.paymentId, p.id));
    return { params: { code: r!.verificationCode } };
  },
};
