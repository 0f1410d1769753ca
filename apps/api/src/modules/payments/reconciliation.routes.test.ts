import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ChargeHead } from '@stoa/shared/configuration';

import { bearer, buildTestApp, createUser, login, type TestContext } from '../../../test/build-test-app';
import { FIXTURES, multipart } from '../../../test/files-fixtures';
import { inTransaction } from '../../platform/db/transaction';
import { lastTwelveMonths } from './reconciliation-summary';
import { allocatedDue } from './reconciliation.test-fixtures';

/**
 * Reconciliation totals against hand-computed figures, the e-bidding payments (GetEbiddingList /
 * GetEbiddingDetails) and the payment list export (decision 0055). The roles of every call are in
 * the auth matrix (test/matrix/reconciliation.prepare.ts).
 */

let ctx: TestContext;
type Signed = { id: string; token: string };
let oa1: Signed, oa2: Signed, oa3: Signed, sldc: Signed, approver: Signed;
const signed = async (role: Parameters<typeof createUser>[1]): Promise<Signed> => {
  const u = await createUser(ctx, role);
  return { id: u.id, token: (await login(ctx, u)).jwtToken };
};
beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(new Date('2026-11-16T06:00:00Z'));
  [oa1, oa2, oa3, sldc, approver] = [
    await signed('OABusinessUser'),
    await signed('OABusinessUser'),
    await signed('OABusinessUser'),
    await signed('SLDCBusinessUser'),
    await signed('SLDCApproverII'),
  ];
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload: payload as object } : {}) });

let seq = 0;
const raise = (payer: string, head: ChargeHead, dueDate?: string, on = '2026-11-16') =>
  inTransaction(ctx.database.db, (tx) =>
    ctx.app.services.configuration.raiseDue(tx, {
      payerUserId: payer,
      head,
      on,
      quantity: '1',
      recordType: 'Application',
      recordId: `REC-${++seq}`,
      description: `${head} REC-${seq}`,
      ...(dueDate ? { dueDate } : {}),
    }),
  );
async function proof(token: string) {
  const { body, headers } = multipart('uploadedFile', 'proof.pdf', FIXTURES.pdf);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/File/Upload?formName=Payment',
    payload: body,
    headers: { ...headers, ...bearer(token) },
  });
  return res.json().data.id as string;
}
async function pay(who: Signed, dueId: string, amountPaise: number) {
  const res = await call('POST', `/api/Payment/MakePayment/${dueId}`, who.token, {
    mode: 'NEFT',
    reference: `RECON${String(++seq).padStart(6, '0')}`,
    paymentDate: '2026-11-16',
    amountPaise,
    bankName: 'State Bank of India',
    proofFileId: await proof(who.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; reference: string };
}
const approve = async (id: string) => expect((await call('POST', `/api/Payment/Approve/${id}`, sldc.token, {})).statusCode).toBe(200);

describe('Payment/GetReconciliationSummary', () => {
  it('adds up dues, received, pending, outstanding, overdue and credits held by month and head, in paise', async () => {
    // October: an application fee (₹5,900.00) due at the end of December — outstanding, not overdue.
    ctx.clock.set(new Date('2026-10-10T06:00:00Z'));
    await raise(oa1.id, 'APPLICATION_FEE', '2026-12-31', '2026-10-10');
    ctx.clock.set(new Date('2026-11-16T06:00:00Z'));
    // November: D1 paid in full, D2 overdue with ₹2,000.00 pending, D3 (₹11,800.00) paid ₹13,000.00 → ₹1,200.00 credit.
    const d1 = await raise(oa1.id, 'APPLICATION_FEE');
    const d2 = await raise(oa2.id, 'APPLICATION_FEE', '2026-11-02');
    const d3 = await raise(oa3.id, 'REGISTRATION_FEE');
    await approve((await pay(oa1, d1.id, 590_000)).id);
    await pay(oa2, d2.id, 200_000);
    await approve((await pay(oa3, d3.id, 1_300_000)).id);

    for (const token of [sldc.token, approver.token]) {
      const res = await call('GET', '/api/Payment/GetReconciliationSummary', token);
      expect(res.statusCode, res.body).toBe(200);
      const s = res.json().data;
      expect(s.asOf).toBe('2026-11-16');
      expect(s.totals).toEqual({
        due: 590_000 * 3 + 1_180_000,
        received: 590_000 + 1_300_000,
        tds: 0,
        pendingApproval: 200_000,
        outstanding: 590_000 + 590_000,
        overdue: 590_000,
        refundsPending: 120_000,
        refundsBasis: 'REFUNDS',
      });
      expect(s.byHead).toEqual([
        {
          head: 'APPLICATION_FEE',
          headLabel: 'Application fee',
          due: 1_770_000,
          received: 590_000,
          pendingApproval: 200_000,
          outstanding: 1_180_000,
          overdue: 590_000,
        },
        {
          head: 'REGISTRATION_FEE',
          headLabel: 'Registration fee',
          due: 1_180_000,
          received: 1_300_000,
          pendingApproval: 0,
          outstanding: 0,
          overdue: 0,
        },
      ]);
      expect(s.byMonth).toHaveLength(12);
      expect(s.byMonth[0].month).toBe('2025-12');
      expect(s.byMonth.at(-2)).toEqual({ month: '2026-10', due: 590_000, received: 0, pendingApproval: 0 });
      expect(s.byMonth.at(-1)).toEqual({ month: '2026-11', due: 2_360_000, received: 1_890_000, pendingApproval: 200_000 });
    }
  });

  it('lists the twelve months ending with the current one across a year end', () => {
    expect(lastTwelveMonths('2027-01-05')).toEqual([
      '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07',
      '2026-08', '2026-09', '2026-10', '2026-11', '2026-12', '2027-01',
    ]); // prettier-ignore
  });
});

describe('Payment/GetEbiddingList', () => {
  it('shows the payer its allocations with the price due, paid and balance, and leads to paying that due', async () => {
    const a = await allocatedDue(ctx, oa1.id);
    const list = await call('GET', '/api/Payment/GetEbiddingList?pageNumber=1&pageSize=10', oa1.token);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.dataCount).toBe(1);
    const row = list.json().data.allocationList[0];
    expect(row).toMatchObject({
      id: a.allocationId,
      bidInvitationNo: a.invitation.bidInvitationNo,
      applicationNo: a.app.applicationNo,
      status: 'Allocated',
      allocatedMw: '12.50',
      applicablePrice: '0.25',
    });
    expect(row.due).toMatchObject({ id: a.due.id, totalAmount: 625_000, paidAmount: 0, balanceAmount: 625_000 });

    const listed = async () =>
      (await call('GET', '/api/Payment/GetEbiddingList?pageNumber=1&pageSize=10', oa1.token)).json().data.allocationList[0];
    const p = await pay(oa1, a.due.id, 125_000);
    expect((await listed()).due).toMatchObject({ pendingAmount: 125_000, balanceAmount: 625_000 });
    await approve(p.id);
    expect((await listed()).due).toMatchObject({ paidAmount: 125_000, balanceAmount: 500_000, pendingAmount: 0 });
  });

  it("lists none of another payer's allocations", async () => {
    await allocatedDue(ctx, oa2.id);
    expect((await call('GET', '/api/Payment/GetEbiddingList?pageNumber=1&pageSize=10', oa3.token)).json().data.dataCount).toBe(0);
  });
});

describe('Payment/DownloadPaymentList', () => {
  const rowsOf = async (body: Buffer) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(body as never);
    const sheet = wb.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    return rows;
  };

  it('streams the payment list with the same filters and record policy as GetPaymentList', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/Payment/DownloadPaymentList?paid=false', headers: bearer(sldc.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/payment-list-\d{4}-\d{2}-\d{2}\.xlsx/);
    const rows = await rowsOf(res.rawPayload);
    expect(rows[0]).toEqual([
      'Payer', 'Charge Head', 'Description', 'Record Type', 'Due Date', 'Status', 'Gross (₹)', 'GST (₹)', 'Total (₹)',
      'TDS (₹)', 'Paid (₹)', 'Pending Approval (₹)', 'Balance (₹)', 'Credit (₹)', 'Payments',
    ]); // prettier-ignore
    const list = (await call('GET', '/api/Payment/GetPaymentList?pageNumber=1&pageSize=100&paid=false', sldc.token)).json().data;
    expect(rows).toHaveLength(list.dataCount + 1);
    const d2 = rows.find((r) => String(r[2]).startsWith('APPLICATION_FEE') && r[4] === '02/11/2026')!;
    expect(d2.slice(5, 14)).toEqual(['Due', 5000, 900, 5900, 0, 0, 2000, 5900, 0]);
    expect(String(d2[14])).toMatch(/^16\/11\/2026 NEFT RECON\d+ ₹2000\.00 \(Pending Approval\)$/);
    // Settled dues are left out by paid=false.
    expect(rows.some((r) => r[5] === 'Paid')).toBe(false);

    // A payer gets only its own rows.
    const own = await ctx.app.inject({ method: 'GET', url: '/api/Payment/DownloadPaymentList', headers: bearer(oa2.token) });
    const ownRows = await rowsOf(own.rawPayload);
    const ownList = (await call('GET', '/api/Payment/GetPaymentList?pageNumber=1&pageSize=100', oa2.token)).json().data;
    expect(ownRows).toHaveLength(ownList.dataCount + 1);
    expect(new Set(ownRows.slice(1).map((r) => r[0]))).toEqual(new Set(ownList.paymentList.map((d: { payerName: string }) => d.payerName)));
  });

  it('answers 400 with the field error for a bad filter', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/Payment/DownloadPaymentList?paid=maybe', headers: bearer(sldc.token) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorResponse).toEqual([{ fieldName: 'paid', errorMessages: ['Paid must be true or false'] }]);
  });
});
