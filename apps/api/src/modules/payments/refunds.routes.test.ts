import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Role } from '@stoa/shared/account';
import { ROLES } from '@stoa/shared/account';

import { bearer, buildTestApp, createUser, login, type TestContext } from '../../../test/build-test-app';
import { auditLog } from '../audit/audit.tables';
import { notifications } from '../notifications/notifications.tables';
import { paymentCredits } from './payments.tables';
import { BANK, curtailmentRefund, overPaymentCredit, withBank } from './refunds.test-fixtures';

/**
 * Refunds (issue 13, decision 0054): GetRefundDetails, MakeRefund (SLDC business user), ApproveRefund /
 * ReturnRefund (SLDC approvers), GetRefundHistory, DownloadRefundDetails — roles, own records, every
 * field error, limits and 409s, audit rows and notifications.
 */
let ctx: TestContext;
const tokens = new Map<Role, string>();
type Signed = { id: string; token: string };
let oa: Signed;
let otherOa: Signed;
let sldc: Signed;
let approver: Signed;
let approver2: Signed;
const signed = async (role: Role): Promise<Signed> => {
  const u = await createUser(ctx, role);
  return { id: u.id, token: (await login(ctx, u)).jwtToken };
};
beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(new Date('2026-11-16T06:00:00Z'));
  for (const role of ROLES) tokens.set(role, (await login(ctx, await createUser(ctx, role))).jwtToken);
  [oa, otherOa, sldc, approver, approver2] = await Promise.all([
    signed('OABusinessUser'),
    signed('OABusinessUser'),
    signed('SLDCBusinessUser'),
    signed('SLDCApproverI'),
    signed('SLDCApproverII'),
  ]);
  await withBank(ctx, oa.id);
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST', url: string, token: string | undefined, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
const fieldErrors = (res: { json(): { errorResponse?: { fieldName: string; errorMessages: string[] }[] } }) =>
  Object.fromEntries((res.json().errorResponse ?? []).map((e) => [e.fieldName, e.errorMessages]));
const make = (key: object, amountPaise: number, token = sldc.token, remarks = 'Excess paid on fee') =>
  call('POST', '/api/Payment/MakeRefund', token, { ...key, amountPaise, remarks });
const approve = (id: string, token = approver.token, over: object = {}) =>
  call('POST', `/api/Payment/ApproveRefund/${id}`, token, { payoutReference: 'SBIN26111600001', payoutDate: '2026-11-16', ...over });
const list = async (token: string, q = '') =>
  (await call('GET', `/api/Payment/GetRefundDetails?pageNumber=1&pageSize=100${q}`, token)).json().data;
const ID = '00000000-0000-4000-8000-000000000001';

describe('refunds: who may call what', () => {
  const PAYERS: Role[] = ['OABusinessUser', 'Trader'];
  const SLDC: Role[] = ['SLDCBusinessUser', 'SLDCApproverI', 'SLDCApproverII'];
  const APPROVERS: Role[] = ['SLDCApproverI', 'SLDCApproverII'];
  const cases: [string, 'GET' | 'POST', string, Role[], number, unknown?][] = [
    ['GetRefundDetails', 'GET', '/api/Payment/GetRefundDetails?pageNumber=1&pageSize=10', [...PAYERS, ...SLDC], 200],
    ['DownloadRefundDetails', 'GET', '/api/Payment/DownloadRefundDetails', [...PAYERS, ...SLDC], 200],
    ['GetRefundHistory', 'GET', '/api/Payment/GetRefundHistory/APP-1', [...PAYERS, ...SLDC], 200],
    ['MakeRefund', 'POST', '/api/Payment/MakeRefund', ['SLDCBusinessUser'], 400, {}],
    ['ApproveRefund', 'POST', `/api/Payment/ApproveRefund/${ID}`, APPROVERS, 400, {}],
    ['ReturnRefund', 'POST', `/api/Payment/ReturnRefund/${ID}`, APPROVERS, 404, { remarks: 'x' }],
  ];
  it.each(cases)('%s', async (_name, method, url, allowed, allowedStatus, body) => {
    for (const role of ROLES) {
      const res = await call(method, url, tokens.get(role)!, body);
      expect(res.statusCode, `${role} ${res.body}`).toBe(allowed.includes(role) ? allowedStatus : 403);
    }
    expect((await call(method, url, undefined, body)).statusCode).toBe(401);
  });
});

describe('refundable items', () => {
  it('lists an over-payment credit for its payer only, and every payer’s for the SLDC roles, with the registered bank account', async () => {
    const { key } = await overPaymentCredit(ctx, oa.id, 12_345);
    const mine = await list(oa.token);
    const item = mine.refundList.find((i: { sourceId: string }) => i.sourceId === key.sourceId);
    expect(item).toMatchObject({
      sourceType: 'OverPayment',
      recordId: key.recordId,
      amount: 12_345,
      refundedAmount: 0,
      pendingAmount: 0,
      balanceAmount: 12_345,
      state: 'REFUNDABLE',
      bankAccount: BANK,
      refunds: [],
    });
    expect((await list(otherOa.token)).refundList).toEqual([]);
    expect((await list(approver.token)).refundList.some((i: { sourceId: string }) => i.sourceId === key.sourceId)).toBe(true);
    const none = await list(sldc.token, '&sourceType=Curtailment');
    expect(none.refundList.every((i: { sourceType: string }) => i.sourceType === 'Curtailment')).toBe(true);
  });

  it('rejects a bad filter with its field error', async () => {
    const res = await call('GET', '/api/Payment/GetRefundDetails?pageNumber=1&pageSize=7&state=X&sourceType=Fee', sldc.token);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(fieldErrors(res)).sort()).toEqual(['pageSize', 'sourceType', 'state']);
  });

  it('lists a curtailment refund once the transmission charge is paid, never while it is due', async () => {
    const paid = await curtailmentRefund(ctx, '2026-11-20', sldc.id);
    const unpaid = await curtailmentRefund(ctx, '2026-11-21', sldc.id, false);
    const all = await list(sldc.token, '&sourceType=Curtailment');
    const found = all.refundList.find((i: { recordId: string }) => i.recordId === paid.app.id);
    expect(found).toMatchObject({
      sourceType: 'Curtailment',
      sourceId: paid.curtailmentId,
      payerUserId: paid.applicant.id,
      bankAccount: null,
    });
    expect(found.amount).toBeGreaterThan(0);
    expect(all.refundList.some((i: { recordId: string }) => i.recordId === unpaid.app.id)).toBe(false);
    // No registered bank account: the refund cannot be made.
    const res = await make(paid.key, 1);
    expect(res.statusCode, res.body).toBe(422);
    await withBank(ctx, paid.applicant.id);
    expect((await make(paid.key, found.amount)).statusCode).toBe(200);
  });
});

describe('making a refund', () => {
  it('rejects bad input with every field error in the envelope, and writes nothing', async () => {
    const res = await call('POST', '/api/Payment/MakeRefund', sldc.token, {
      sourceType: 'Fee',
      sourceId: 'x',
      recordId: ' ',
      amountPaise: -1,
      remarks: '',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(fieldErrors(res)).sort()).toEqual(['amountPaise', 'recordId', 'remarks', 'sourceId', 'sourceType']);
    expect(fieldErrors(res).amountPaise).toEqual(['Refund Amount must be greater than 0']);
    expect((await make({ sourceType: 'OverPayment', sourceId: ID, recordId: 'X' }, 100)).statusCode).toBe(404);
  });

  it('never more than the balance: a pending refund holds its amount, a return frees it', async () => {
    const { key } = await overPaymentCredit(ctx, oa.id, 10_000);
    const over = await make(key, 10_001);
    expect(over.statusCode).toBe(400);
    expect(fieldErrors(over).amountPaise).toEqual(['Refund Amount cannot exceed the refundable balance of ₹100.00.']);
    const first = await make(key, 6_000);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ status: 'PENDING', amount: 6_000, bankAccount: BANK, madeBy: sldc.id });
    expect(fieldErrors(await make(key, 4_001)).amountPaise).toEqual(['Refund Amount cannot exceed the refundable balance of ₹40.00.']);
    const second = (await make(key, 4_000)).json().data;
    const full = await make(key, 1);
    expect(full.statusCode).toBe(409);
    expect(fieldErrors(full).amountPaise).toEqual(['Nothing is left to refund on this item.']);

    const ret = await call('POST', `/api/Payment/ReturnRefund/${second.id}`, approver.token, { remarks: 'Wrong amount' });
    expect(ret.statusCode, ret.body).toBe(200);
    expect(ret.json().data).toMatchObject({ status: 'RETURNED', checkerRemarks: 'Wrong amount', checkedBy: approver.id });
    const item = (await list(sldc.token)).refundList.find((i: { sourceId: string }) => i.sourceId === key.sourceId);
    expect(item).toMatchObject({ pendingAmount: 6_000, balanceAmount: 4_000, state: 'PENDING' });
    // The maker and the payer hear of the return.
    const told = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, sldc.id));
    expect(told.some((n) => n.message.includes('was returned: Wrong amount'))).toBe(true);
  });
});

describe('checking a refund', () => {
  it('approves with the payout, marks a fully refunded credit, audits and notifies the payer; twice is 409', async () => {
    const { key, credit } = await overPaymentCredit(ctx, oa.id, 25_000);
    const r = (await make(key, 25_000)).json().data;
    const bad = await approve(r.id, approver.token, { payoutReference: ' ', payoutDate: '2026-13-01', remarks: 'x'.repeat(501) });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(fieldErrors(bad)).sort()).toEqual(['payoutDate', 'payoutReference', 'remarks']);
    const future = await approve(r.id, approver.token, { payoutDate: '2026-11-17' });
    expect(fieldErrors(future).payoutDate).toEqual(['Payout Date cannot be in the future.']);
    const early = await approve(r.id, approver.token, { payoutDate: '2026-11-15' });
    expect(fieldErrors(early).payoutDate).toEqual(['Payout Date cannot be before the refund was proposed.']);

    const ok = await approve(r.id, approver2.token, { payoutReference: 'sbin 2611 16001' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      status: 'PAID',
      payoutReference: 'SBIN261116001',
      payoutDate: '2026-11-16',
      checkedBy: approver2.id,
    });
    expect((await approve(r.id)).statusCode).toBe(409);
    expect((await call('POST', `/api/Payment/ReturnRefund/${r.id}`, approver.token, { remarks: 'late' })).statusCode).toBe(409);

    const [c] = await ctx.database.db.select().from(paymentCredits).where(eq(paymentCredits.id, credit.id));
    expect(c!.status).toBe('REFUNDED');
    const actions = (
      await ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'Refund'), eq(auditLog.entityId, r.id)))
        .orderBy(asc(auditLog.id))
    ).map((a) => a.action);
    expect(actions).toEqual(['REFUND_MADE', 'REFUND_PAID']);
    const told = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, oa.id));
    expect(told.some((n) => n.message.includes('was paid to your registered bank account (reference SBIN261116001)'))).toBe(true);
    const item = (await list(oa.token)).refundList.find((i: { sourceId: string }) => i.sourceId === key.sourceId);
    expect(item).toMatchObject({ refundedAmount: 25_000, balanceAmount: 0, state: 'REFUNDED' });
    expect((await list(oa.token, '&state=REFUNDED')).refundList.some((i: { sourceId: string }) => i.sourceId === key.sourceId)).toBe(true);
    expect((await list(oa.token, '&state=REFUNDABLE')).refundList.some((i: { sourceId: string }) => i.sourceId === key.sourceId)).toBe(
      false,
    );
  });

  it('maker ≠ checker: an approver who made the refund cannot check it (403)', async () => {
    const { key } = await overPaymentCredit(ctx, oa.id, 5_000);
    // The maker role is SLDCBusinessUser; a record made by the approver (written by the service) is refused to that approver.
    const r = await ctx.app.services.payments.makeRefund(
      { id: approver.id, role: 'SLDCBusinessUser', familyId: null },
      { ...key, amountPaise: 5_000, remarks: 'x' },
      { requestId: 't' },
    );
    const res = await approve(r.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You cannot approve or return a refund you made yourself.');
  });

  it('returns need remarks; an unknown refund is 404', async () => {
    const { key } = await overPaymentCredit(ctx, oa.id, 5_000);
    const r = (await make(key, 5_000)).json().data;
    const res = await call('POST', `/api/Payment/ReturnRefund/${r.id}`, approver.token, { remarks: '  ' });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res).remarks).toEqual(['Remarks is required']);
    expect((await approve(ID)).statusCode).toBe(404);
  });
});

describe('history and export', () => {
  it('lists every refund of a record with its steps, who and when; another payer sees none', async () => {
    const { key } = await overPaymentCredit(ctx, oa.id, 8_000);
    const a = (await make(key, 3_000)).json().data;
    ctx.clock.advance(60_000);
    const b = (await make(key, 5_000)).json().data;
    await approve(a.id);
    await call('POST', `/api/Payment/ReturnRefund/${b.id}`, approver2.token, { remarks: 'Bank details changed' });
    const res = await call('GET', `/api/Payment/GetRefundHistory/${key.recordId}`, oa.token);
    expect(res.statusCode).toBe(200);
    const h = res.json().data.refundHistory;
    expect(h.map((r: { status: string }) => r.status)).toEqual(['PAID', 'RETURNED']);
    expect(h[0].steps.map((s: { step: string }) => s.step)).toEqual(['MADE', 'PAID']);
    expect(h[1].steps[1]).toMatchObject({ step: 'RETURNED', remarks: 'Bank details changed' });
    expect(h[0].steps[0].byName).toBeTruthy();
    expect((await call('GET', `/api/Payment/GetRefundHistory/${key.recordId}`, otherOa.token)).json().data.refundHistory).toEqual([]);
  });

  it('streams the refund list as an Excel workbook', async () => {
    const res = await call('GET', '/api/Payment/DownloadRefundDetails?state=REFUNDABLE', sldc.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Refunds')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Payer');
    expect(sheet.rowCount).toBeGreaterThan(1);
  });
});
