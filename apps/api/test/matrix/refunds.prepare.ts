import { istDate } from '@stoa/shared/common';
import { overPaymentCredit, withBank } from '../../src/modules/payments/refunds.test-fixtures';
import type { Prepare } from '../auth-matrix';
import { signedIn } from '../auth-matrix';
import type { TestContext } from '../build-test-app';

const SYSTEM = { requestId: 'matrix' };

/** A fresh payer with a registered bank account and an over-payment credit of ₹100.00. */
async function credit(c: TestContext) {
  const payer = await signedIn(c, 'OABusinessUser');
  await withBank(c, payer.id);
  return overPaymentCredit(c, payer.id);
}
/** A pending refund made by a fresh SLDC business user (so the approver calling is never its maker). */
async function pendingRefund(c: TestContext) {
  const { key } = await credit(c);
  const maker = await signedIn(c, 'SLDCBusinessUser');
  const r = await c.app.services.payments.makeRefund(
    { id: maker.id, role: maker.role, familyId: null },
    { ...key, amountPaise: 10_000, remarks: 'Over-payment' },
    SYSTEM,
  );
  return r.id;
}

export const prepare: Record<string, Prepare> = {
  'Payment.GetRefundDetails': () => ({ query: { pageNumber: '1', pageSize: '10' } }),
  'Payment.DownloadRefundDetails': () => ({ query: { state: 'REFUNDABLE' } }),
  'Payment.GetRefundHistory': async (c) => ({ params: { applicationId: (await credit(c)).key.recordId } }),
  'Payment.MakeRefund': async (c) => ({ body: { ...(await credit(c)).key, amountPaise: 10_000, remarks: 'Over-payment' } }),
  'Payment.ApproveRefund': async (c) => ({
    params: { refundId: await pendingRefund(c) },
    body: { payoutReference: 'UTRMATRIX01', payoutDate: istDate(c.clock.now()) },
  }),
  'Payment.ReturnRefund': async (c) => ({ params: { refundId: await pendingRefund(c) }, body: { remarks: 'Check the account' } }),
};
