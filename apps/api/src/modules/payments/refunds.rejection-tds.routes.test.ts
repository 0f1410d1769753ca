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
import { payments } from './payments.tables';
import { advanceApplication, callAs, uploadProof } from './payment-desk.test-fixtures';
import { withBank } from './refunds.test-fixtures';
import { declareTds } from './tds.test-fixtures';

/**
 * What a rejection does to TDS and to late-payment interest (decision 0071, on top of 0064), through
 * the API. An Advance application allocated by e-bidding is `STOAApproved` with e-bidding price dues;
 * its applicant deducts TDS under 194J(a) (2 %) on the STU transmission charge. Approver I rejects it:
 * - the TDS accepted with approved payments on its charges is refunded with the cash (the SLDC got
 *   the tax credit for it) and stays on the payer's monthly TDS list (the deduction stands);
 * - a TDS claim on a payment still pending on one of its dues is withdrawn (audit row, notice); the
 *   cash of that payment, approved later, is all over-payment credit and the refund does not grow;
 * - unpaid late-payment interest charged on a due the rejection cancels is cancelled with it; interest
 *   on a settled due stays owed (0064).
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
/** The payer pays cash (and TDS) on a due; approved by the SLDC business user unless `approve` is false. */
async function pay(payer: SignedIn, dueId: string, amountPaise: number, tdsAmountPaise = 0, approve = true, paymentDate = '2026-11-16') {
  utr++;
  const made = await call('POST', `/api/Payment/MakePayment/${dueId}`, payer.token, {
    mode: 'NEFT',
    reference: `RTDS${String(utr).padStart(8, '0')}`,
    paymentDate,
    amountPaise,
    bankName: 'State Bank of India',
    proofFileId: await upload(payer.token),
    ...(tdsAmountPaise > 0 ? { tdsSection: '194J_A', tdsAmountPaise } : {}),
  });
  expect(made.statusCode, made.body).toBe(200);
  if (approve) {
    const ok = await call('POST', `/api/Payment/Approve/${made.json().data.id}`, sldc.token, {});
    expect(ok.statusCode, ok.body).toBe(200);
  }
  return made.json().data.id as string;
}
const raise = (
  payerUserId: string,
  head: 'APPLICATION_FEE' | 'STU_TRANSMISSION_CHARGE' | 'LATE_PAYMENT_INTEREST',
  recordType: string,
  recordId: string,
  quantity = '1',
  over: { on?: string; dueDate?: string } = {},
) =>
  inTransaction(ctx.database.db, (tx) =>
    ctx.app.services.configuration.raiseDue(tx, {
      payerUserId,
      head,
      on: over.on ?? '2026-11-16',
      quantity,
      recordType,
      recordId,
      description: `${head} ${recordId}`,
      ...(over.dueDate ? { dueDate: over.dueDate } : {}),
    }),
  );
const dueRow = async (id: string) => (await ctx.database.db.select().from(dues).where(eq(dues.id, id)))[0]!;
const paymentRow = async (id: string) => (await ctx.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const auditsOf = (entityId: string, action: string) =>
  ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, action)));
const rejectionItem = async (appId: string, token = sldc.token) =>
  (
    (await call('GET', '/api/Payment/GetRefundDetails?pageNumber=1&pageSize=100&sourceType=Rejection', token)).json().data.refundList as {
      sourceId: string;
      amount: number;
      balanceAmount: number;
      state: string;
      description: string;
    }[]
  ).find((i) => i.sourceId === appId);
const tdsMonth = async (payer: SignedIn) =>
  (
    (await call('GET', '/api/Payment/GetMonthlyTDSList?pageNumber=1&pageSize=50&month=2026-11', payer.token)).json().data.tdsMonthList as {
      deductedAmount: number;
    }[]
  )[0];

/** An applicant's STOAApproved Advance application (10 MW) with its seller and buyer. */
const approvedApplication = () => advanceApplication(ctx, 'STOAApproved');
/** A price due of a new e-bidding allocation of the application. */
async function priceDue(applicant: SignedIn, appId: string, kWh: string) {
  const inv = await insertInvitation(ctx, sldc.id, [{ id: appId, appliedCenti: 1000 }], { status: 'Completed' });
  return raise(applicant.id, 'STU_TRANSMISSION_CHARGE', 'EBiddingApplication', inv.invited[0]!.id, kWh);
}
const reject = async (app: { id: string }) =>
  call('POST', `/api/Application/Reject/Advance/${app.id}`, approverI.token, {
    version: (await readApplication(ctx, app.id)).version,
    remarks: 'Documents do not match the registration',
  });

describe('rejection: TDS (decision 0071)', () => {
  it('refunds the TDS accepted on the charges with the cash, withdraws pending TDS claims, and keeps the deduction on the TDS list', async () => {
    const { applicant, app } = await approvedApplication();
    await declareTds(ctx.database.db, applicant.id, 'STU_TRANSMISSION_CHARGE', '194J_A');
    const fee = await raise(applicant.id, 'APPLICATION_FEE', 'Application', app.id);
    await pay(applicant, fee.id, fee.totalAmount);
    // Settled with cash and 2 % TDS.
    const settled = await priceDue(applicant, app.id, '10000');
    const settledTds = Math.round(settled.baseAmount * 0.02);
    await pay(applicant, settled.id, settled.totalAmount - settledTds, settledTds);
    expect((await dueRow(settled.id)).status).toBe('PAID');
    // Partly paid with cash and TDS, then a second payment with a TDS claim still pending at the rejection.
    const partly = await priceDue(applicant, app.id, '5000');
    await pay(applicant, partly.id, 10_000, 500);
    const pending = await pay(applicant, partly.id, 20_000, 300, false);
    const cash = settled.totalAmount - settledTds + 10_000;
    const tds = settledTds + 500;
    expect((await tdsMonth(applicant))!.deductedAmount).toBe(tds);

    const res = await reject(app);
    expect(res.statusCode, res.body).toBe(200);
    expect((await dueRow(partly.id)).status).toBe('CANCELLED');

    // The refund: the cash and the TDS accepted with it, never the fee; the audit row and the SLDC's notice say how much is TDS.
    const [audit] = await auditsOf(app.id, 'REFUND_DUE_RAISED');
    expect(audit!.after).toMatchObject({ sourceType: 'Rejection', amountPaise: cash + tds, tdsPaise: tds });
    expect(await rejectionItem(app.id)).toMatchObject({
      amount: cash + tds,
      balanceAmount: cash + tds,
      state: 'REFUNDABLE',
      description: `Charges paid on rejected application ${app.applicationNo} (TDS accepted on them included)`,
    });
    const sldcBell = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, sldc.id));
    expect(sldcBell.some((n) => n.message.includes(app.applicationNo) && n.message.includes('as TDS the payer deducted'))).toBe(true);

    // The pending claim is withdrawn: the cash stays pending; the claim is in the audit row; the payer is told.
    expect(await paymentRow(pending)).toMatchObject({ status: 'PENDING', amountPaise: 20_000, tdsAmountPaise: 0, tdsSection: null });
    const [withdrawn] = await auditsOf(pending, 'PAYMENT_TDS_CLAIM_WITHDRAWN');
    expect(withdrawn!.before).toMatchObject({ tdsSection: '194J_A', tdsAmountPaise: 300 });
    expect(withdrawn!.after).toMatchObject({ tdsAmountPaise: 0 });
    const payerBell = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, applicant.id));
    expect(
      payerBell.some((n) => n.message.includes('TDS claimed on a payment still awaiting approval') && n.message.includes('withdrawn')),
    ).toBe(true);

    // Approved afterwards, the pending payment is all credit and carries no TDS: the refund and the TDS list do not move.
    const approved = await call('POST', `/api/Payment/Approve/${pending}`, sldc.token, {});
    expect(approved.json().data).toMatchObject({ excessAmount: 20_000, tdsAmount: 0 });
    expect((await rejectionItem(app.id))!.amount).toBe(cash + tds);
    // The deduction already accepted stands: the payer still deposits it on its challan (0053).
    expect((await tdsMonth(applicant))!.deductedAmount).toBe(tds);

    // Made and paid out in full, TDS included.
    await withBank(ctx, applicant.id);
    const key = { sourceType: 'Rejection', sourceId: app.id, recordId: app.id };
    const made = await call('POST', '/api/Payment/MakeRefund', sldc.token, {
      ...key,
      amountPaise: cash + tds,
      remarks: 'Application rejected',
    });
    expect(made.statusCode, made.body).toBe(200);
    const paid = await call('POST', `/api/Payment/ApproveRefund/${made.json().data.id}`, approverII.token, {
      payoutReference: 'SBIN26111600071',
      payoutDate: '2026-11-16',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await rejectionItem(app.id)).toMatchObject({ state: 'REFUNDED', balanceAmount: 0 });
  });

  it('withdraws a TDS claim pending on a settled due of the application too; without TDS the refund and its text are as before', async () => {
    const { applicant, app } = await approvedApplication();
    await declareTds(ctx.database.db, applicant.id, 'STU_TRANSMISSION_CHARGE', '194J_A');
    const price = await priceDue(applicant, app.id, '10000');
    // Two payments made before either is approved; the first settles the due, the second (with TDS) still waits.
    const first = await pay(applicant, price.id, price.totalAmount, 0, false);
    const second = await pay(applicant, price.id, 1_000, 200, false);
    expect((await call('POST', `/api/Payment/Approve/${first}`, sldc.token, {})).statusCode).toBe(200);
    expect((await dueRow(price.id)).status).toBe('PAID');

    expect((await reject(app)).statusCode).toBe(200);
    expect((await dueRow(price.id)).status).toBe('PAID');
    expect(await paymentRow(second)).toMatchObject({ status: 'PENDING', tdsAmountPaise: 0 });
    expect(await auditsOf(second, 'PAYMENT_TDS_CLAIM_WITHDRAWN')).toHaveLength(1);
    expect(await rejectionItem(app.id)).toMatchObject({
      amount: price.totalAmount,
      description: `Charges paid on rejected application ${app.applicationNo}`,
    });
    const [audit] = await auditsOf(app.id, 'REFUND_DUE_RAISED');
    expect(audit!.after).toMatchObject({ amountPaise: price.totalAmount, tdsPaise: 0 });
  });
});

describe('approving a payment on a cancelled due (decision 0071)', () => {
  it('withdraws a TDS claim still on it (one left from before the rule): all cash is credit, the refund does not grow', async () => {
    const { applicant, app } = await approvedApplication();
    const price = await priceDue(applicant, app.id, '10000');
    await pay(applicant, price.id, 10_000, 0);
    expect((await reject(app)).statusCode).toBe(200);
    expect((await dueRow(price.id)).status).toBe('CANCELLED');
    // A pending payment with a claim on the cancelled due, as one made before this rule would be.
    const [legacy] = await ctx.database.db
      .insert(payments)
      .values({
        dueId: price.id,
        payerUserId: applicant.id,
        mode: 'NEFT',
        reference: 'RTDSLEGACY01',
        paymentDate: '2026-11-16',
        bankName: 'SBI',
        amountPaise: 5_000,
        tdsSection: '194J_A',
        tdsAmountPaise: 400,
        status: 'PENDING',
        madeBy: applicant.id,
        madeAt: ctx.clock.now(),
      })
      .returning();
    const approved = await call('POST', `/api/Payment/Approve/${legacy!.id}`, sldc.token, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ excessAmount: 5_000, tdsAmount: 0, tdsSection: null });
    const [withdrawn] = await auditsOf(legacy!.id, 'PAYMENT_TDS_CLAIM_WITHDRAWN');
    expect(withdrawn!.before).toMatchObject({ tdsAmountPaise: 400 });
    expect((await rejectionItem(app.id))!.amount).toBe(10_000);
  });
});

describe('rejection: late-payment interest (decision 0071)', () => {
  it('cancels unpaid interest charged on a due it cancels; interest on a settled due stays owed', async () => {
    const { applicant, app } = await approvedApplication();
    // The fee, due on 1 October and paid on 16 November: settled late, its interest raised by the job.
    const fee = await raise(applicant.id, 'APPLICATION_FEE', 'Application', app.id, '1', { on: '2026-09-28', dueDate: '2026-10-01' });
    await pay(applicant, fee.id, fee.totalAmount);
    expect(await ctx.app.services.payments.runLateInterest()).toBeGreaterThanOrEqual(1);
    const [feeInterest] = await ctx.database.db
      .select()
      .from(dues)
      .where(and(eq(dues.recordType, 'Due'), eq(dues.recordId, fee.id)));
    expect(feeInterest).toMatchObject({ head: 'LATE_PAYMENT_INTEREST', status: 'DUE' });
    // A price due left unpaid, with interest charged on it: decision 0051 raises interest only once a due is
    // settled, so this is written straight to the ledger — the rejection must not leave it owed whatever raised it.
    const price = await priceDue(applicant, app.id, '5000');
    const priceInterest = await raise(applicant.id, 'LATE_PAYMENT_INTEREST', 'Due', price.id, '10.0000');
    // Interest already paid on the price due stays paid (the same rule as the fee: paid is kept).
    const otherPrice = await priceDue(applicant, app.id, '2000');
    const paidInterest = await raise(applicant.id, 'LATE_PAYMENT_INTEREST', 'Due', otherPrice.id, '1.0000');
    await ctx.database.db.update(dues).set({ status: 'PAID' }).where(eq(dues.id, paidInterest.id));

    const res = await reject(app);
    expect(res.statusCode, res.body).toBe(200);
    expect((await dueRow(price.id)).status).toBe('CANCELLED');
    expect((await dueRow(otherPrice.id)).status).toBe('CANCELLED');
    expect((await dueRow(priceInterest.id)).status).toBe('CANCELLED');
    const [cancelled] = await auditsOf(priceInterest.id, 'DUE_CANCELLED');
    expect(cancelled!.after).toMatchObject({ status: 'CANCELLED', reason: `Application ${app.applicationNo} rejected` });
    expect((await dueRow(paidInterest.id)).status).toBe('PAID');
    expect((await dueRow(feeInterest!.id)).status).toBe('DUE');
    expect(await auditsOf(feeInterest!.id, 'DUE_CANCELLED')).toEqual([]);
    // Nothing of it is refundable: the fee never, and no charge was paid.
    expect(await rejectionItem(app.id)).toBeUndefined();
  });
});
