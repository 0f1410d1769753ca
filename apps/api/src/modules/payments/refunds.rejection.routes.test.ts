import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestContext } from '../../../test/build-test-app';
import { inTransaction } from '../../platform/db/transaction';
import { readApplication } from '../applications/applications.test-fixtures';
import { auditLog } from '../audit/audit.tables';
import { dues } from '../configuration/configuration.tables';
import { insertInvitation } from '../e-bidding/e-bidding.test-fixtures';
import { notifications } from '../notifications/notifications.tables';
import { signIn, type SignedIn } from '../registrations/registrations.test-fixtures';
import { advanceApplication, callAs, uploadProof } from './payment-desk.test-fixtures';
import { withBank } from './refunds.test-fixtures';

/**
 * Refund after rejection (issue 13, decision 0064), through the API. An Advance application allocated
 * by e-bidding is `STOAApproved` with its e-bidding price dues (the only charges an application can
 * owe before its final approval) and its application fee. The applicant pays the fee and the price of
 * the first allocation in full, the second's in part; Approver I rejects the application. In the
 * rejection's transaction the unpaid (second) price due is cancelled and the charges paid become a
 * 'Rejection' refund item on Refund; the SLDC business user makes the refund and Approver II pays it
 * out. The fee is never refunded: a fee-only application rejected at scrutiny gives no item, and an
 * unpaid fee is cancelled.
 */
let ctx: TestContext;
let sldc: SignedIn;
let approverI: SignedIn;
let approverII: SignedIn;

beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(new Date('2026-11-16T06:00:00Z'));
  [sldc, approverI, approverII] = await Promise.all([
    signIn(ctx, 'SLDCBusinessUser'),
    signIn(ctx, 'SLDCApproverI'),
    signIn(ctx, 'SLDCApproverII'),
  ]);
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) => callAs(ctx, method, url, token, payload);

const upload = (token: string) => uploadProof(ctx, { token });
let utr = 0;
/** The payer pays `amountPaise` on a due; approved by the SLDC business user unless `approve` is false. */
async function pay(payer: SignedIn, dueId: string, amountPaise: number, approve = true) {
  utr++;
  const made = await call('POST', `/api/Payment/MakePayment/${dueId}`, payer.token, {
    mode: 'NEFT',
    reference: `REJ${String(utr).padStart(8, '0')}`,
    paymentDate: '2026-11-16',
    amountPaise,
    bankName: 'State Bank of India',
    proofFileId: await upload(payer.token),
  });
  expect(made.statusCode, made.body).toBe(200);
  if (approve) expect((await call('POST', `/api/Payment/Approve/${made.json().data.id}`, sldc.token, {})).statusCode).toBe(200);
  return made.json().data.id as string;
}
const raise = (
  payerUserId: string,
  head: 'APPLICATION_FEE' | 'STU_TRANSMISSION_CHARGE',
  recordType: string,
  recordId: string,
  quantity = '1',
) =>
  inTransaction(ctx.database.db, (tx) =>
    ctx.app.services.configuration.raiseDue(tx, {
      payerUserId,
      head,
      on: '2026-11-16',
      quantity,
      recordType,
      recordId,
      description: `${head} ${recordId}`,
    }),
  );
const dueStatus = async (id: string) => (await ctx.database.db.select().from(dues).where(eq(dues.id, id)))[0]!.status;
const rejectionItems = async (token = sldc.token) =>
  (await call('GET', '/api/Payment/GetRefundDetails?pageNumber=1&pageSize=100&sourceType=Rejection', token)).json().data.refundList as {
    sourceId: string;
    recordId: string;
    amount: number;
    balanceAmount: number;
    state: string;
    description: string;
    payerUserId: string;
  }[];
const refundAudits = async (applicationId: string) =>
  ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, applicationId), eq(auditLog.action, 'REFUND_DUE_RAISED')));

/** An applicant's application in `status` (Advance, 10 MW), with its seller and buyer. */
const applicationOf = (status: 'Submitted' | 'STOAApproved') => advanceApplication(ctx, status);
const reject = async (who: SignedIn, app: { id: string }) =>
  call('POST', `/api/Application/Reject/Advance/${app.id}`, who.token, {
    version: (await readApplication(ctx, app.id)).version,
    remarks: 'Documents do not match the registration',
  });

describe('refund after rejection (decision 0064)', () => {
  it('refunds the charges paid when an approver rejects: unpaid dues cancelled, the refund made and paid out; the fee kept', async () => {
    const { applicant, app } = await applicationOf('STOAApproved');
    const fee = await raise(applicant.id, 'APPLICATION_FEE', 'Application', app.id);
    await pay(applicant, fee.id, fee.totalAmount);
    // Two e-bidding allocations of the application, each with its price due (10,000 kWh and 5,000 kWh).
    const first = await insertInvitation(ctx, sldc.id, [{ id: app.id, appliedCenti: 1000 }], { status: 'Completed' });
    const second = await insertInvitation(ctx, sldc.id, [{ id: app.id, appliedCenti: 1000 }], { status: 'Completed' });
    const price1 = await raise(applicant.id, 'STU_TRANSMISSION_CHARGE', 'EBiddingApplication', first.invited[0]!.id, '10000');
    const price2 = await raise(applicant.id, 'STU_TRANSMISSION_CHARGE', 'EBiddingApplication', second.invited[0]!.id, '5000');
    expect(price2.totalAmount).toBeGreaterThan(10_000);
    await pay(applicant, price1.id, price1.totalAmount);
    await pay(applicant, price2.id, 10_000);
    const pending = await pay(applicant, price2.id, 5_000, false);
    const paid = price1.totalAmount + 10_000;

    const res = await reject(approverI, app);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('Rejected');
    // The unpaid price due is cancelled (nobody is asked to pay it); the paid ones stay as they were.
    expect(await dueStatus(price2.id)).toBe('CANCELLED');
    expect(await dueStatus(price1.id)).toBe('PAID');
    expect(await dueStatus(fee.id)).toBe('PAID');
    const cancelled = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, price2.id), eq(auditLog.action, 'DUE_CANCELLED')));
    expect(cancelled).toHaveLength(1);
    // The refund due, with its audit row and the notices, in the rejection's transaction.
    const [audit] = await refundAudits(app.id);
    expect(audit!.after).toMatchObject({ sourceType: 'Rejection', amountPaise: paid });
    const sldcBell = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, sldc.id));
    expect(sldcBell.some((n) => n.message.includes(app.applicationNo) && n.link === '/payments/refund')).toBe(true);
    const payerBell = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, applicant.id));
    expect(payerBell.some((n) => n.message.includes('will be refunded') && n.message.includes('unpaid dues'))).toBe(true);

    // On Refund: the charges paid, never the fee.
    const key = { sourceType: 'Rejection', sourceId: app.id, recordId: app.id };
    const item = (await rejectionItems()).find((i) => i.sourceId === app.id);
    expect(item).toMatchObject({
      recordId: app.id,
      payerUserId: applicant.id,
      amount: paid,
      balanceAmount: paid,
      state: 'REFUNDABLE',
      description: `Charges paid on rejected application ${app.applicationNo}`,
    });
    expect((await rejectionItems(applicant.token)).map((i) => i.sourceId)).toEqual([app.id]);
    // The payment still pending on the cancelled due, approved now, is all over-payment credit: the item does not grow.
    expect((await call('POST', `/api/Payment/Approve/${pending}`, sldc.token, {})).json().data).toMatchObject({ excessAmount: 5_000 });
    expect((await rejectionItems()).find((i) => i.sourceId === app.id)!.amount).toBe(paid);
    // A cancelled due takes no payment.
    utr++;
    const late = await call('POST', `/api/Payment/MakePayment/${price2.id}`, applicant.token, {
      mode: 'NEFT',
      reference: `REJ${String(utr).padStart(8, '0')}`,
      paymentDate: '2026-11-16',
      amountPaise: 100,
      bankName: 'SBI',
      proofFileId: await upload(applicant.token),
    });
    expect(late.statusCode).toBe(422);

    // Maker (SLDC business user) then checker (Approver II).
    await withBank(ctx, applicant.id);
    const made = await call('POST', '/api/Payment/MakeRefund', sldc.token, { ...key, amountPaise: paid, remarks: 'Application rejected' });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data).toMatchObject({ sourceType: 'Rejection', amount: paid, status: 'PENDING' });
    expect((await rejectionItems()).find((i) => i.sourceId === app.id)!.state).toBe('PENDING');
    const again = await call('POST', '/api/Payment/MakeRefund', sldc.token, { ...key, amountPaise: 1, remarks: 'Twice' });
    expect(again.statusCode).toBe(409);
    const approved = await call('POST', `/api/Payment/ApproveRefund/${made.json().data.id}`, approverII.token, {
      payoutReference: 'SBIN26111600077',
      payoutDate: '2026-11-16',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'PAID', payoutReference: 'SBIN26111600077' });
    expect((await rejectionItems()).find((i) => i.sourceId === app.id)).toMatchObject({ state: 'REFUNDED', balanceAmount: 0 });
    const history = (await call('GET', `/api/Payment/GetRefundHistory/${app.id}`, applicant.token)).json().data;
    expect(JSON.stringify(history)).toContain('SBIN26111600077');
  });

  it('a fee-only paid application rejected at scrutiny gives no refund; an unpaid fee is cancelled', async () => {
    const { applicant, app } = await applicationOf('Submitted');
    const fee = await raise(applicant.id, 'APPLICATION_FEE', 'Application', app.id);
    await pay(applicant, fee.id, fee.totalAmount);
    const res = await reject(sldc, app);
    expect(res.statusCode, res.body).toBe(200);
    expect(await dueStatus(fee.id)).toBe('PAID');
    expect(await refundAudits(app.id)).toEqual([]);
    expect((await rejectionItems()).some((i) => i.sourceId === app.id)).toBe(false);

    const unpaid = await applicationOf('Submitted');
    const unpaidFee = await raise(unpaid.applicant.id, 'APPLICATION_FEE', 'Application', unpaid.app.id);
    expect((await reject(sldc, unpaid.app)).statusCode).toBe(200);
    expect(await dueStatus(unpaidFee.id)).toBe('CANCELLED');
    expect(await refundAudits(unpaid.app.id)).toEqual([]);
    expect((await rejectionItems()).some((i) => i.sourceId === unpaid.app.id)).toBe(false);
  });

  it('a rejection item names an application: another record answers 404', async () => {
    const res = await call('POST', '/api/Payment/MakeRefund', sldc.token, {
      sourceType: 'Rejection',
      sourceId: '00000000-0000-4000-8000-000000000001',
      recordId: '00000000-0000-4000-8000-000000000001',
      amountPaise: 1,
      remarks: 'None',
    });
    expect(res.statusCode).toBe(404);
  });
});
