import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Role } from '@stoa/shared/account';
import { ROLES } from '@stoa/shared/account';

import { bearer, buildTestApp, createUser, login, type TestContext } from '../../../test/build-test-app';
import { FIXTURES, multipart } from '../../../test/files-fixtures';
import { inTransaction } from '../../platform/db/transaction';
import { auditLog } from '../audit/audit.tables';
import { dues } from '../configuration/configuration.tables';
import { notifications } from '../notifications/notifications.tables';
import { settle } from './payment-desk';
import { paymentCredits } from './payments.tables';
import { declareTds } from './tds.test-fixtures';

let ctx: TestContext;
const tokens = new Map<Role, string>();
type Signed = { id: string; token: string };
let oa: Signed;
let otherOa: Signed;
let trader: Signed;
let sldc: Signed;
let sldc2: Signed;
let approver: Signed;
const signed = async (role: Role): Promise<Signed> => {
  const u = await createUser(ctx, role);
  return { id: u.id, token: (await login(ctx, u)).jwtToken };
};
beforeAll(async () => {
  ctx = await buildTestApp();
  // A fixed "today": Monday 2026-11-16 IST.
  ctx.clock.set(new Date('2026-11-16T06:00:00Z'));
  for (const role of ROLES) tokens.set(role, (await login(ctx, await createUser(ctx, role))).jwtToken);
  [oa, otherOa, trader, sldc, sldc2, approver] = await Promise.all([
    signed('OABusinessUser'),
    signed('OABusinessUser'),
    signed('Trader'),
    signed('SLDCBusinessUser'),
    signed('SLDCBusinessUser'),
    signed('SLDCApproverI'),
  ]);
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST', url: string, token: string | undefined, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
const fieldErrors = (res: { json(): { errorResponse?: { fieldName: string; errorMessages: string[] }[] } }) =>
  Object.fromEntries((res.json().errorResponse ?? []).map((e) => [e.fieldName, e.errorMessages]));
const auditActions = async (entity: string, entityId: string) =>
  (
    await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
  ).map((r) => r.action);

let seq = 0;
/** An application fee of ₹5,000 + 18 % GST = ₹5,900.00 (590000 paise) owed by `payer`. */
async function raiseFee(payer: string, recordType = 'Application') {
  seq++;
  return inTransaction(ctx.database.db, (tx) =>
    ctx.app.services.configuration.raiseDue(tx, {
      payerUserId: payer,
      head: 'APPLICATION_FEE',
      on: '2026-11-16',
      quantity: '1',
      recordType,
      recordId: `PAY-${seq}`,
      description: `Application fee PAY-${seq}`,
    }),
  );
}
async function upload(token: string, name = 'proof.pdf', bytes = FIXTURES.pdf, formName = 'Payment') {
  const { body, headers } = multipart('uploadedFile', name, bytes);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/File/Upload?formName=${formName}`,
    payload: body,
    headers: { ...headers, ...bearer(token) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
}
let utr = 0;
async function pay(who: Signed, dueId: string, over: Record<string, unknown> = {}) {
  utr++;
  return call('POST', `/api/Payment/MakePayment/${dueId}`, who.token, {
    mode: 'NEFT',
    reference: `UTR${String(utr).padStart(8, '0')}`,
    paymentDate: '2026-11-16',
    amountPaise: 590_000,
    bankName: 'State Bank of India',
    proofFileId: await upload(who.token),
    ...over,
  });
}
const details = async (dueId: string, token = oa.token) =>
  (await call('GET', `/api/Payment/GetPaymentDetails/${dueId}`, token)).json().data;

const ID = '00000000-0000-4000-8000-000000000001';
const PAGE = '?pageNumber=1&pageSize=10';

describe('payments: who may call what', () => {
  const PAYERS: Role[] = ['OABusinessUser', 'Trader'];
  const SLDC: Role[] = ['SLDCBusinessUser', 'SLDCApproverI', 'SLDCApproverII'];
  const cases: [string, 'GET' | 'POST', string, Role[], number, unknown?][] = [
    ['GetPaymentList', 'GET', `/api/Payment/GetPaymentList${PAGE}`, [...PAYERS, ...SLDC], 200],
    ['GetPaymentDetails', 'GET', `/api/Payment/GetPaymentDetails/${ID}`, [...PAYERS, ...SLDC], 404],
    ['MakePayment', 'POST', `/api/Payment/MakePayment/${ID}`, PAYERS, 400, {}],
    ['Approve', 'POST', `/api/Payment/Approve/${ID}`, ['SLDCBusinessUser'], 404, {}],
    ['Revert', 'POST', `/api/Payment/Revert/${ID}`, ['SLDCBusinessUser'], 400, {}],
  ];
  it.each(cases)('%s', async (_name, method, url, allowed, allowedStatus, body) => {
    for (const role of ROLES) {
      const res = await call(method, url, tokens.get(role)!, body);
      expect(res.statusCode, `${role} ${res.body}`).toBe(allowed.includes(role) ? allowedStatus : 403);
    }
    expect((await call(method, url, undefined, body)).statusCode).toBe(401);
  });
});

describe('making a payment', () => {
  it('rejects bad input with every field error in the envelope', async () => {
    const due = await raiseFee(oa.id);
    const res = await call('POST', `/api/Payment/MakePayment/${due.id}`, oa.token, {
      mode: 'Cheque',
      reference: ' ',
      paymentDate: '2026-02-30',
      amountPaise: -5,
      bankName: '',
      proofFileId: 'nope',
      tdsAmountPaise: 100,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(Object.keys(fieldErrors(res)).sort()).toEqual([
      'amountPaise',
      'bankName',
      'mode',
      'paymentDate',
      'proofFileId',
      'reference',
      'tdsSection',
    ]);
    const zero = await pay(oa, due.id, { amountPaise: 0 });
    expect(fieldErrors(zero)).toEqual({ amountPaise: ['Amount must be greater than 0'] });
  });

  it('refuses a future date and a proof of the wrong type together, and writes nothing', async () => {
    const due = await raiseFee(oa.id);
    const sheet = await upload(oa.token, 'proof.xlsx', FIXTURES.xlsx, 'Atc');
    const res = await pay(oa, due.id, { paymentDate: '2026-11-17', proofFileId: sheet });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toEqual({
      paymentDate: ['Payment Date cannot be in the future.'],
      proofFileId: ['Invalid file. Please upload pdf, jpg, jpeg, png file'],
    });
    // Another user's upload is not a proof the caller may use.
    const others = await upload(otherOa.token);
    expect(fieldErrors(await pay(oa, due.id, { proofFileId: others }))).toEqual({ proofFileId: ['Upload the payment proof again.'] });
    expect((await details(due.id)).payments).toEqual([]);
  });

  it("answers 404 for another payer's due, for details and for payment", async () => {
    const due = await raiseFee(otherOa.id);
    expect((await pay(oa, due.id)).statusCode).toBe(404);
    expect((await call('GET', `/api/Payment/GetPaymentDetails/${due.id}`, oa.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/Payment/GetPaymentDetails/${due.id}`, trader.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/Payment/GetPaymentDetails/${due.id}`, approver.token)).statusCode).toBe(200);
  });

  it('records a pending payment with its proof, an audit row and a notification to the SLDC; a pending UTR cannot be submitted again', async () => {
    const due = await raiseFee(oa.id);
    const res = await pay(oa, due.id, { mode: 'Demand Draft', reference: 'dd 4455 66', amountPaise: 100_000 });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().data;
    expect(p).toMatchObject({
      status: 'PENDING',
      mode: 'Demand Draft',
      reference: 'DD445566',
      amount: 100_000,
      tdsAmount: 0,
      madeBy: oa.id,
    });
    expect(p.proofFileName).toBe('proof.pdf');
    expect(await auditActions('Payment', p.id)).toEqual(['PAYMENT_MADE']);
    const bell = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, sldc.id));
    expect(bell.some((n) => n.message.includes('₹1,000.00') && n.link === '/payments/dashboard')).toBe(true);
    // The SLDC may open the proof; another payer may not.
    expect((await call('GET', `/api/File/Download/${p.proofFileId}`, sldc.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/File/Download/${p.proofFileId}`, otherOa.token)).statusCode).toBe(404);

    const again = await pay(oa, due.id, { reference: 'DD445566' });
    expect(again.statusCode).toBe(409);
    expect(fieldErrors(again)).toEqual({ reference: ['A payment with this UTR / DD number has already been submitted or approved.'] });
    const d = await details(due.id);
    expect(d.due).toMatchObject({ totalAmount: 590_000, paidAmount: 0, pendingAmount: 100_000, balanceAmount: 590_000, pendingCount: 1 });
  });
});

describe('approving and reverting', () => {
  it('settles a due with partial payments plus TDS; maker-checker; approving twice and reverting an approved payment answer 409', async () => {
    const due = await raiseFee(oa.id);
    // 194C (others) is 2 % of the fee before GST (₹5,000.00): at most ₹100.00 of TDS (decision 0040).
    await declareTds(ctx.database.db, oa.id, 'APPLICATION_FEE', '194C_OTHER');
    const first = (await pay(oa, due.id, { amountPaise: 300_000 })).json().data;
    const second = (await pay(oa, due.id, { amountPaise: 280_000, tdsSection: '194C_OTHER', tdsAmountPaise: 10_000 })).json().data;

    // The approver reads but cannot approve; the SLDC business user approves.
    expect((await call('POST', `/api/Payment/Approve/${first.id}`, approver.token, {})).statusCode).toBe(403);
    const a1 = await call('POST', `/api/Payment/Approve/${first.id}`, sldc.token, { remarks: 'Seen in the account' });
    expect(a1.statusCode, a1.body).toBe(200);
    expect(a1.json().data).toMatchObject({ status: 'APPROVED', checkedBy: sldc.id, remarks: 'Seen in the account', excessAmount: 0 });
    let d = await details(due.id);
    expect(d.due).toMatchObject({
      status: 'DUE',
      paidAmount: 300_000,
      tdsAmount: 0,
      balanceAmount: 290_000,
      pendingAmount: 290_000 - 10_000,
    });

    const twice = await call('POST', `/api/Payment/Approve/${first.id}`, sldc2.token, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This payment has already been approved.');
    const revertApproved = await call('POST', `/api/Payment/Revert/${first.id}`, sldc2.token, { remarks: 'Oops' });
    expect(revertApproved.statusCode).toBe(409);
    expect(revertApproved.json().message).toBe('An approved payment cannot be reverted.');

    expect((await call('POST', `/api/Payment/Approve/${second.id}`, sldc2.token, {})).statusCode).toBe(200);
    d = await details(due.id);
    expect(d.due).toMatchObject({ status: 'PAID', paidAmount: 580_000, tdsAmount: 10_000, balanceAmount: 0, creditAmount: 0 });
    expect(await auditActions('Due', due.id)).toContain('DUE_SETTLED');
    expect(await auditActions('Payment', second.id)).toEqual(['PAYMENT_MADE', 'PAYMENT_APPROVED']);
    const bell = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, oa.id));
    expect(bell.some((n) => n.message.includes('is fully paid') && n.link === '/payments')).toBe(true);

    // A settled due takes no more payments; the Paid filter finds it.
    expect((await pay(oa, due.id)).statusCode).toBe(422);
    const paid = (await call('GET', `/api/Payment/GetPaymentList${PAGE}&paid=true`, oa.token)).json().data;
    expect(paid.paymentList.map((r: { id: string }) => r.id)).toContain(due.id);
    const open = (await call('GET', `/api/Payment/GetPaymentList${PAGE}&paid=false`, oa.token)).json().data;
    expect(open.paymentList.map((r: { id: string }) => r.id)).not.toContain(due.id);
  });

  it('keeps an over-payment as a refundable credit', async () => {
    const due = await raiseFee(oa.id);
    const p = (await pay(oa, due.id, { amountPaise: 600_000 })).json().data;
    const res = await call('POST', `/api/Payment/Approve/${p.id}`, sldc.token, {});
    expect(res.json().data.excessAmount).toBe(10_000);
    expect((await details(due.id)).due).toMatchObject({ status: 'PAID', balanceAmount: 0, creditAmount: 10_000 });
    const credits = await ctx.database.db.select().from(paymentCredits).where(eq(paymentCredits.paymentId, p.id));
    expect(credits).toMatchObject([{ payerUserId: oa.id, dueId: due.id, amountPaise: 10_000, status: 'AVAILABLE' }]);
    expect(await auditActions('PaymentCredit', credits[0]!.id)).toEqual(['PAYMENT_CREDIT_ADDED']);
  });

  it('reverts a pending payment with remarks (required); the UTR may then be used again, but never approved twice', async () => {
    const due = await raiseFee(oa.id);
    const p = (await pay(oa, due.id, { reference: 'UTRREUSE01', amountPaise: 100_000 })).json().data;
    const noRemarks = await call('POST', `/api/Payment/Revert/${p.id}`, sldc.token, {});
    expect(noRemarks.statusCode).toBe(400);
    expect(fieldErrors(noRemarks)).toEqual({ remarks: ['Remarks is required'] });
    const r = await call('POST', `/api/Payment/Revert/${p.id}`, sldc.token, { remarks: 'No credit in the account' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ status: 'REVERTED', remarks: 'No credit in the account' });
    expect((await call('POST', `/api/Payment/Approve/${p.id}`, sldc.token, {})).statusCode).toBe(409);
    expect((await call('POST', `/api/Payment/Revert/${p.id}`, sldc.token, { remarks: 'again' })).statusCode).toBe(409);
    const bell = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, oa.id));
    expect(bell.some((n) => n.message.includes('No credit in the account'))).toBe(true);

    const again = await pay(oa, due.id, { reference: 'UTRREUSE01', amountPaise: 100_000 });
    expect(again.statusCode, again.body).toBe(200);
    expect((await call('POST', `/api/Payment/Approve/${again.json().data.id}`, sldc.token, {})).statusCode).toBe(200);
    const other = await raiseFee(otherOa.id);
    const dup = await pay(otherOa, other.id, { reference: 'UTRREUSE01' });
    expect(dup.statusCode).toBe(409);
    expect((await details(due.id)).due).toMatchObject({ paidAmount: 100_000, balanceAmount: 490_000, status: 'DUE' });
  });

  it('answers 404 for an unknown payment', async () => {
    expect((await call('POST', `/api/Payment/Approve/${ID}`, sldc.token, {})).statusCode).toBe(404);
  });
});

describe('the payment list', () => {
  it('shows a payer its own dues with their payments, and the SLDC every payer with the payer name, filtered and paged', async () => {
    const mine = await raiseFee(trader.id, 'Registration');
    await pay(trader, mine.id, { amountPaise: 50_000 });
    const own = (await call('GET', `/api/Payment/GetPaymentList${PAGE}`, trader.token)).json().data;
    expect(own.dataCount).toBe(1);
    expect(own.paymentList[0]).toMatchObject({
      id: mine.id,
      grossAmount: 500_000,
      gstAmount: 90_000,
      totalAmount: 590_000,
      pendingAmount: 50_000,
    });
    expect(own.paymentList[0].payments).toHaveLength(1);

    const pending = (await call('GET', `/api/Payment/GetPaymentList${PAGE}&status=PENDING&recordType=Registration`, approver.token)).json()
      .data;
    expect(pending.paymentList.map((r: { id: string }) => r.id)).toEqual([mine.id]);
    expect(pending.paymentList[0].payerName).toBeTruthy();
    const all = (await call('GET', '/api/Payment/GetPaymentList?pageNumber=1&pageSize=50', sldc.token)).json().data;
    expect(new Set(all.paymentList.map((r: { payerUserId: string }) => r.payerUserId)).size).toBeGreaterThan(2);

    const bad = await call('GET', `/api/Payment/GetPaymentList?pageNumber=1&pageSize=7&paid=maybe&status=X`, sldc.token);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(fieldErrors(bad)).sort()).toEqual(['pageSize', 'paid', 'status']);
  });
});

describe('settlement arithmetic', () => {
  it('applies a payment to the balance and keeps only the cash beyond it as credit', () => {
    const due = { totalPaise: 1000, status: 'DUE' };
    expect(settle(due, { paid: 0, tds: 0 }, 400, 0)).toEqual({ excess: 0, settled: false });
    expect(settle(due, { paid: 400, tds: 0 }, 580, 20)).toEqual({ excess: 0, settled: true });
    expect(settle(due, { paid: 900, tds: 0 }, 300, 0)).toEqual({ excess: 200, settled: true });
    expect(settle({ totalPaise: 1000, status: 'CANCELLED' }, { paid: 0, tds: 0 }, 300, 0)).toEqual({ excess: 300, settled: false });
  });
});

void dues;
