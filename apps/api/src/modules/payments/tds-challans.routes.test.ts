import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Role } from '@stoa/shared/account';
import { ROLES } from '@stoa/shared/account';
import { tdsDepositDueDate, tdsInterestPaise, tdsLateMonths } from '@stoa/shared/payments';

import { bearer, buildTestApp, createUser, login, type TestContext } from '../../../test/build-test-app';
import { FIXTURES, multipart } from '../../../test/files-fixtures';
import { inTransaction } from '../../platform/db/transaction';
import { auditLog } from '../audit/audit.tables';
import { dues } from '../configuration/configuration.tables';
import { notifications } from '../notifications/notifications.tables';
import { tdsInterestRates } from './payments.tables';
import { declareTds } from './tds.test-fixtures';

/** TDS challans (decision 0053): roles, own records, field errors, maker-checker, 409s and interest on late deposit. */
let ctx: TestContext;
const tokens = new Map<Role, string>();
type Signed = { id: string; token: string };
let oa: Signed;
let otherOa: Signed;
let trader: Signed;
let sldc: Signed;
let approver: Signed;
const signed = async (role: Role): Promise<Signed> => {
  const u = await createUser(ctx, role);
  return { id: u.id, token: (await login(ctx, u)).jwtToken };
};
const call = (method: 'GET' | 'POST', url: string, token: string | undefined, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
const fieldErrors = (res: { json(): { errorResponse?: { fieldName: string; errorMessages: string[] }[] } }) =>
  Object.fromEntries((res.json().errorResponse ?? []).map((e) => [e.fieldName, e.errorMessages]));
const auditActions = async (entityId: string) =>
  (
    await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'TdsChallan'), eq(auditLog.entityId, entityId)))
      .orderBy(asc(auditLog.id))
  ).map((r) => r.action);

let seq = 0;
async function upload(token: string, name = 'challan.pdf', bytes = FIXTURES.pdf, formName = 'TdsChallan') {
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
/** A fee of `payer` for record `recordId`, paid on `paymentDate` with `tds` paise of TDS and approved by the SLDC. */
async function paidWithTds(payer: Signed, recordId: string, paymentDate: string, tds: number) {
  await declareTds(ctx.database.db, payer.id, 'APPLICATION_FEE', '194J_A');
  const due = await inTransaction(ctx.database.db, (tx) =>
    ctx.app.services.configuration.raiseDue(tx, {
      payerUserId: payer.id,
      head: 'APPLICATION_FEE',
      on: '2026-01-01',
      quantity: '1',
      recordType: 'Application',
      recordId,
      description: `Application fee ${recordId}`,
    }),
  );
  seq++;
  const proof = await upload(payer.token, 'proof.pdf', FIXTURES.pdf, 'Payment');
  const made = await call('POST', `/api/Payment/MakePayment/${due.id}`, payer.token, {
    mode: 'NEFT',
    reference: `TDSUTR${seq}`,
    paymentDate,
    amountPaise: due.totalAmount - tds,
    bankName: 'SBI',
    proofFileId: proof,
    tdsSection: '194J_A',
    tdsAmountPaise: tds,
  });
  expect(made.statusCode, made.body).toBe(200);
  expect((await call('POST', `/api/Payment/Approve/${made.json().data.id}`, sldc.token, {})).statusCode).toBe(200);
  return due;
}
async function challan(who: Signed, over: Record<string, unknown> = {}) {
  seq++;
  return call('POST', '/api/Payment/MakeTDSPayment', who.token, {
    month: '2026-10',
    challanNo: String(20_000 + seq),
    bsrCode: '0510308',
    challanDate: '2026-11-05',
    amountPaise: 10_000,
    fileId: await upload(who.token),
    ...over,
  });
}
const months = async (token: string, q = '') =>
  (await call('GET', `/api/Payment/GetMonthlyTDSList?pageNumber=1&pageSize=50${q}`, token)).json().data;

beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(new Date('2026-11-16T06:00:00Z'));
  for (const role of ROLES) tokens.set(role, (await login(ctx, await createUser(ctx, role))).jwtToken);
  [oa, otherOa, trader, sldc, approver] = await Promise.all([
    signed('OABusinessUser'),
    signed('OABusinessUser'),
    signed('Trader'),
    signed('SLDCBusinessUser'),
    signed('SLDCApproverI'),
  ]);
  // 1.5 % per month since January (the Admin's setting; added directly as its date is in the past).
  await ctx.database.db.insert(tdsInterestRates).values({ rateBasisPoints: 150, effectiveFrom: '2026-01-01' });
});
afterAll(() => ctx.close());

describe('the interest rule (pure)', () => {
  it('is due by the 7th of the next month; late: calendar months from the TDS month to the challan, each part a whole', () => {
    expect(tdsDepositDueDate('2026-10')).toBe('2026-11-07');
    expect(tdsDepositDueDate('2026-12')).toBe('2027-01-07');
    expect(tdsLateMonths('2026-10', '2026-11-07')).toBe(0);
    expect(tdsLateMonths('2026-10', '2026-11-08')).toBe(2);
    expect(tdsLateMonths('2026-09', '2026-11-10')).toBe(3);
    expect(tdsLateMonths('2026-12', '2027-02-01')).toBe(3);
    expect(tdsInterestPaise(10_000, 150, 3)).toBe(450);
    expect(tdsInterestPaise(333, 150, 1)).toBe(5); // 4.995 paise, rounded half up
    expect(tdsInterestPaise(10_000, 0, 3)).toBe(0);
  });
});

describe('TDS challans: who may call what', () => {
  const ID = '00000000-0000-4000-8000-000000000001';
  const PAYERS: Role[] = ['OABusinessUser', 'Trader'];
  const SLDC: Role[] = ['SLDCBusinessUser', 'SLDCApproverI', 'SLDCApproverII'];
  const cases: [string, 'GET' | 'POST', string, Role[], number, unknown?][] = [
    ['GetMonthlyTDSList', 'GET', '/api/Payment/GetMonthlyTDSList?pageNumber=1&pageSize=10', [...PAYERS, ...SLDC], 200],
    ['GetTDSDetails', 'GET', '/api/Payment/GetTDSDetails/APP-1', [...PAYERS, ...SLDC], 200],
    ['MakeTDSPayment', 'POST', '/api/Payment/MakeTDSPayment', PAYERS, 400, {}],
    ['ApproveTDSPayment', 'POST', `/api/Payment/ApproveTDSPayment/${ID}`, ['SLDCBusinessUser'], 404, {}],
    ['RevertTDSPayment', 'POST', `/api/Payment/RevertTDSPayment/${ID}`, ['SLDCBusinessUser'], 400, {}],
  ];
  it.each(cases)('%s', async (_name, method, url, allowed, allowedStatus, body) => {
    for (const role of ROLES) {
      const res = await call(method, url, tokens.get(role)!, body);
      expect(res.statusCode, `${role} ${res.body}`).toBe(allowed.includes(role) ? allowedStatus : 403);
    }
    expect((await call(method, url, undefined, body)).statusCode).toBe(401);
  });
});

describe('uploading a challan', () => {
  it('rejects bad input with every field error in the envelope', async () => {
    const res = await call('POST', '/api/Payment/MakeTDSPayment', oa.token, {
      month: '2026-13',
      challanNo: 'AB12',
      bsrCode: '12345',
      challanDate: '2026-02-30',
      amountPaise: 0,
      fileId: 'nope',
    });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toEqual({
      month: ['TDS Month must be a month as YYYY-MM'],
      challanNo: ['Challan Number must be digits only'],
      bsrCode: ['BSR Code must be 7 digits'],
      challanDate: ['Enter a valid date (DD/MM/YYYY).'],
      amountPaise: ['Challan Amount must be greater than 0'],
      fileId: ['Challan upload is required'],
    });
    const empty = await call('POST', '/api/Payment/MakeTDSPayment', oa.token, {});
    expect(Object.keys(fieldErrors(empty)).sort()).toEqual(['amountPaise', 'bsrCode', 'challanDate', 'challanNo', 'fileId', 'month']);
  });

  it('refuses a future month, a future date, a date before the month and a file of the wrong type, together', async () => {
    const sheet = await upload(oa.token, 'challan.xlsx', FIXTURES.xlsx, 'Atc');
    const res = await challan(oa, { month: '2026-12', challanDate: '2026-11-17', fileId: sheet });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toEqual({
      month: ['TDS Month cannot be in the future.'],
      challanDate: ['Challan Date cannot be in the future.'],
      fileId: ['Invalid file. Please upload pdf, jpg, jpeg, png file'],
    });
    expect(fieldErrors(await challan(oa, { month: '2026-10', challanDate: '2026-09-30' }))).toEqual({
      challanDate: ['Challan Date cannot be before the TDS month.'],
    });
    const others = await upload(otherOa.token);
    expect(fieldErrors(await challan(oa, { fileId: others }))).toEqual({ fileId: ['Upload the challan again.'] });
    expect((await months(oa.token)).tdsMonthList).toEqual([]);
  });
});

describe('reconciling challans', () => {
  it('matches an on-time challan with the TDS deducted: pending, then reconciled; audit, notifications, no interest', async () => {
    await paidWithTds(oa, 'TDS-APP-1', '2026-10-10', 10_000);
    let list = await months(oa.token);
    expect(list.tdsMonthList).toEqual([
      expect.objectContaining({
        month: '2026-10',
        dueBy: '2026-11-07',
        deductedAmount: 10_000,
        depositedAmount: 0,
        status: 'NOT_DEPOSITED',
      }),
    ]);
    const res = await challan(oa, { challanNo: ' 12 345 ', amountPaise: 10_000 });
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json().data;
    expect(c).toMatchObject({ status: 'PENDING', challanNo: '12345', lateMonths: 0, interestAmount: 0, fileName: 'challan.pdf' });
    expect((await months(oa.token)).tdsMonthList[0]).toMatchObject({ status: 'PENDING_APPROVAL', pendingAmount: 10_000 });
    const bell = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, sldc.id));
    expect(bell.some((n) => n.message.includes('October 2026') && n.link === '/payments/challan')).toBe(true);
    // The SLDC may open the challan; another payer may not.
    expect((await call('GET', `/api/File/Download/${c.fileId}`, approver.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/File/Download/${c.fileId}`, otherOa.token)).statusCode).toBe(404);
    // The same challan (BSR code, date, number) again: 409.
    const again = await challan(oa, { challanNo: '12345' });
    expect(again.statusCode).toBe(409);
    expect(fieldErrors(again)).toEqual({ challanNo: ['A challan with this BSR code, date and challan number has already been uploaded.'] });

    const ok = await call('POST', `/api/Payment/ApproveTDSPayment/${c.id}`, sldc.token, { remarks: 'On TRACES' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'APPROVED', checkedBy: sldc.id, interestDueId: null });
    list = await months(oa.token);
    expect(list.tdsMonthList[0]).toMatchObject({ status: 'RECONCILED', depositedAmount: 10_000, shortfallAmount: 0, interestAmount: 0 });
    expect(await auditActions(c.id)).toEqual(['TDS_CHALLAN_MADE', 'TDS_CHALLAN_APPROVED']);
    const mine = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, oa.id));
    expect(mine.some((n) => n.message.startsWith('Your TDS challan of ₹100.00 for October 2026 was approved.'))).toBe(true);

    // Approving twice: 409; reverting an approved challan: 409.
    expect((await call('POST', `/api/Payment/ApproveTDSPayment/${c.id}`, sldc.token, {})).statusCode).toBe(409);
    const rev = await call('POST', `/api/Payment/RevertTDSPayment/${c.id}`, sldc.token, { remarks: 'x' });
    expect(rev.statusCode).toBe(409);
    expect(rev.json().message).toBe('An approved challan cannot be reverted.');
  });

  it('raises the interest of a late challan as a due of the payer on approval, once', async () => {
    await paidWithTds(trader, 'TDS-APP-2', '2026-09-15', 10_000);
    const c = (await challan(trader, { month: '2026-09', challanDate: '2026-11-10', amountPaise: 12_000 })).json().data;
    // 3 months (September, October, November) × 1.5 % on the ₹100.00 deducted (not the ₹20.00 beyond it).
    expect(c).toMatchObject({ lateMonths: 3, interestAmount: 450 });
    expect((await months(trader.token)).tdsMonthList[0]).toMatchObject({ status: 'PENDING_APPROVAL', interestAmount: 450 });
    const ok = (await call('POST', `/api/Payment/ApproveTDSPayment/${c.id}`, sldc.token, {})).json().data;
    expect(ok.interestDueId).toBeTruthy();
    const raised = await ctx.database.db
      .select()
      .from(dues)
      .where(and(eq(dues.recordType, 'TdsChallan'), eq(dues.recordId, c.id)));
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ payerUserId: trader.id, head: 'LATE_PAYMENT_INTEREST', totalPaise: 450, status: 'DUE' });
    expect((await months(trader.token)).tdsMonthList[0]).toMatchObject({ status: 'EXCESS', depositedAmount: 12_000, interestAmount: 450 });
    expect((await call('POST', `/api/Payment/ApproveTDSPayment/${c.id}`, sldc.token, {})).statusCode).toBe(409);
    expect(await ctx.database.db.select().from(dues).where(eq(dues.recordId, c.id))).toHaveLength(1);
  });

  it('reverts with remarks only; a payer sees its own months, the SLDC filters by payer, month and status', async () => {
    const c = (await challan(otherOa, { month: '2026-08', challanDate: '2026-09-05' })).json().data;
    const noRemarks = await call('POST', `/api/Payment/RevertTDSPayment/${c.id}`, sldc.token, { remarks: ' ' });
    expect(fieldErrors(noRemarks)).toEqual({ remarks: ['Remarks is required'] });
    expect((await call('POST', `/api/Payment/ApproveTDSPayment/${c.id}`, approver.token, {})).statusCode).toBe(403);
    const rev = await call('POST', `/api/Payment/RevertTDSPayment/${c.id}`, sldc.token, { remarks: 'CIN not found on OLTAS' });
    expect(rev.json().data).toMatchObject({ status: 'REVERTED', remarks: 'CIN not found on OLTAS' });
    expect((await call('POST', `/api/Payment/RevertTDSPayment/${c.id}`, sldc.token, { remarks: 'again' })).statusCode).toBe(409);
    expect(await auditActions(c.id)).toEqual(['TDS_CHALLAN_MADE', 'TDS_CHALLAN_REVERTED']);
    // A reverted challan frees its CIN for a corrected upload.
    expect((await challan(otherOa, { month: '2026-08', challanDate: '2026-09-05', challanNo: c.challanNo })).statusCode).toBe(200);

    expect((await months(oa.token)).tdsMonthList.every((m: { payerUserId: string }) => m.payerUserId === oa.id)).toBe(true);
    expect(
      (await months(oa.token, `&payerUserId=${otherOa.id}`)).tdsMonthList.every((m: { payerUserId: string }) => m.payerUserId === oa.id),
    ).toBe(true);
    const all = await months(approver.token);
    expect(all.dataCount).toBeGreaterThanOrEqual(3);
    expect((await months(approver.token, `&payerUserId=${otherOa.id}`)).tdsMonthList.map((m: { month: string }) => m.month)).toEqual([
      '2026-08',
    ]);
    expect((await months(approver.token, '&month=2026-09')).tdsMonthList.map((m: { payerUserId: string }) => m.payerUserId)).toEqual([
      trader.id,
    ]);
    expect((await months(approver.token, '&status=RECONCILED')).tdsMonthList.map((m: { payerUserId: string }) => m.payerUserId)).toEqual([
      oa.id,
    ]);
    const paged = (await call('GET', '/api/Payment/GetMonthlyTDSList?pageNumber=2&pageSize=10', approver.token)).json().data;
    expect(paged.dataCount).toBe(all.dataCount);
    expect(paged.tdsMonthList).toHaveLength(Math.max(0, all.dataCount - 10));
    const bad = await call('GET', '/api/Payment/GetMonthlyTDSList?pageNumber=1&pageSize=10&month=2026-1&status=X', sldc.token);
    expect(Object.keys(fieldErrors(bad)).sort()).toEqual(['month', 'status']);
  });

  it("lists one application's TDS lines: the payer its own, the SLDC every payer's", async () => {
    await paidWithTds(oa, 'TDS-APP-3', '2026-11-02', 2_500);
    const mine = (await call('GET', '/api/Payment/GetTDSDetails/TDS-APP-3', oa.token)).json().data;
    expect(mine.totalTds).toBe(2_500);
    expect(mine.tdsList).toEqual([
      expect.objectContaining({ month: '2026-11', tdsSection: '194J_A', tdsAmount: 2_500, status: 'APPROVED' }),
    ]);
    expect((await call('GET', '/api/Payment/GetTDSDetails/TDS-APP-3', otherOa.token)).json().data).toEqual({ tdsList: [], totalTds: 0 });
    expect((await call('GET', '/api/Payment/GetTDSDetails/TDS-APP-3', approver.token)).json().data.totalTds).toBe(2_500);
  });
});
