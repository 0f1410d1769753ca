import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { StandingClearanceDetail } from '@stoa/shared/inter-state';
import type { ReportPage } from '@stoa/shared/reports';

import { bearer, buildTestApp, type TestContext } from '../../../test/build-test-app';
import { FIXTURES, multipart } from '../../../test/files-fixtures';
import { setFeeBeforeScrutiny } from '../applications/applications.test-fixtures';
import { clearanceIn } from '../inter-state/standing-clearance.test-fixtures';
import { type SignedIn, signIn } from '../registrations/registrations.test-fixtures';

/**
 * The two standing-clearance application fee reports (issue 15, decision 0079) on known data: power-exchange
 * clearances with the fee unpaid and paid through the payment desk (approved, a receipt), a bilateral one,
 * each report's rows and totals exactly, its filters, its download, and the roles the spec leaves out
 * refused (403).
 */

const NOW = new Date('2026-07-10T10:05:00+05:30');

let ctx: TestContext;
let sldc: SignedIn;
let payer: SignedIn;
let unpaid: StandingClearanceDetail;
let paid: StandingClearanceDetail;
let bilateral: StandingClearanceDetail;
let receiptNo: string;

const get = (url: string, who: { token: string }) => ctx.app.inject({ method: 'GET', url, headers: bearer(who.token) });
async function page(report: string, who: { token: string }, query: Record<string, string> = {}) {
  const res = await get(`/api/Report/${report}?${new URLSearchParams({ pageNumber: '1', pageSize: '100', ...query })}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ReportPage;
}

beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(NOW);
  await setFeeBeforeScrutiny(ctx, false);
  sldc = await signIn(ctx, 'SLDCBusinessUser');
  payer = await signIn(ctx, 'OABusinessUser');
  unpaid = await clearanceIn(ctx, 'Submitted', { transactionType: 'PowerExchange' });
  paid = await clearanceIn(ctx, 'Submitted', { transactionType: 'PowerExchange', applicantUserId: payer.id });
  bilateral = await clearanceIn(ctx, 'Submitted', { transactionType: 'Bilateral' });
  expect(paid.feeAmount).toBeGreaterThan(0);

  // The payer pays the whole fee by NEFT and the SLDC approves it: a receipt.
  const { body, headers } = multipart('uploadedFile', 'proof.pdf', FIXTURES.pdf);
  const up = await ctx.app.inject({
    method: 'POST',
    url: '/api/File/Upload?formName=Payment',
    payload: body,
    headers: { ...headers, ...bearer(payer.token) },
  });
  const made = await ctx.app.inject({
    method: 'POST',
    url: `/api/Payment/MakePayment/${paid.feeDueId}`,
    headers: bearer(payer.token),
    payload: {
      mode: 'NEFT',
      reference: 'SCFEEUTR000001',
      paymentDate: '2026-07-09',
      amountPaise: paid.feeAmount,
      bankName: 'State Bank of India',
      proofFileId: up.json().data.id,
    },
  });
  expect(made.statusCode, made.body).toBe(200);
  const ok = await ctx.app.inject({
    method: 'POST',
    url: `/api/Payment/Approve/${made.json().data.id}`,
    headers: bearer(sldc.token),
    payload: {},
  });
  expect(ok.statusCode, ok.body).toBe(200);
  receiptNo = ok.json().data.receiptNo;
});

afterAll(async () => {
  await ctx?.close();
});

describe('Standing clearance fee reports', () => {
  it('lists the power-exchange clearances with their fee, what was paid, when, and the receipt; totals over every row', async () => {
    const p = await page('StandingClearancePowerExchangeFees', sldc);
    expect(p.reportName).toBe('StandingClearancePowerExchangeFees');
    expect(p.dataCount).toBe(2);
    const fee = paid.feeAmount!;
    const byNo = Object.fromEntries(p.rows.map((r) => [r.applicationNo, r]));
    expect(byNo[paid.applicationNo]).toMatchObject({
      clearedFor: 'Buy',
      validFrom: paid.validFrom,
      validTo: paid.validTo,
      status: 'Submitted',
      feeStatus: 'PAID',
      feeDue: fee,
      paidAmount: fee,
      tdsAmount: 0,
      outstandingAmount: 0,
      datePaid: '2026-07-09',
      receiptNo,
    });
    expect(byNo[unpaid.applicationNo]).toMatchObject({
      feeStatus: 'DUE',
      feeDue: unpaid.feeAmount,
      paidAmount: 0,
      outstandingAmount: unpaid.feeAmount,
      datePaid: null,
      receiptNo: null,
    });
    expect(byNo[paid.applicationNo]!.entity).toEqual(expect.any(String));
    expect(p.totals).toEqual({ feeDue: fee + unpaid.feeAmount!, paidAmount: fee, tdsAmount: 0, outstandingAmount: unpaid.feeAmount });
  });

  it('lists only bilateral clearances in the bilateral report', async () => {
    const p = await page('StandingClearanceBilateralFees', sldc);
    expect(p.rows.map((r) => r.applicationNo)).toEqual([bilateral.applicationNo]);
    expect(p.totals).toMatchObject({ feeDue: bilateral.feeAmount, paidAmount: 0 });
  });

  it('filters by fee status, status and the applied date range, and sorts by any column', async () => {
    expect((await page('StandingClearancePowerExchangeFees', sldc, { feeStatus: 'PAID' })).rows.map((r) => r.applicationNo)).toEqual([
      paid.applicationNo,
    ]);
    expect((await page('StandingClearancePowerExchangeFees', sldc, { status: 'Issued' })).dataCount).toBe(0);
    expect((await page('StandingClearancePowerExchangeFees', sldc, { fromDate: '2026-07-10', toDate: '2026-07-10' })).dataCount).toBe(2);
    expect((await page('StandingClearancePowerExchangeFees', sldc, { fromDate: '2026-07-11' })).dataCount).toBe(0);
    const sorted = await page('StandingClearancePowerExchangeFees', sldc, { sort: 'paidAmount:desc' });
    expect(sorted.rows[0]!.applicationNo).toBe(paid.applicationNo);
    const bad = await get('/api/Report/StandingClearancePowerExchangeFees?pageNumber=1&pageSize=10&feeStatus=LATE', sldc);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Fee status must be one of DUE, PAID, CANCELLED');
  });

  it('downloads the same rows as Excel with the totals row', async () => {
    const res = await get('/api/Report/StandingClearancePowerExchangeFees/Download?format=xlsx', sldc);
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('SC Fees Power Exchange');
    const rows: unknown[][] = [];
    ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const text = JSON.stringify(rows);
    expect(text).toContain(paid.applicationNo);
    expect(text).toContain(unpaid.applicationNo);
    expect(text).not.toContain(bilateral.applicationNo);
    expect(text).toContain(receiptNo);
    expect(rows.at(-1)![0]).toBe('Total');
  });

  it('is refused (403) to applicants, traders, DISCOM and TRANSCO users and the Admin, the download too', async () => {
    for (const role of ['OABusinessUser', 'Trader', 'DISCOMBusinessUser', 'TRANSCOBusinessUser', 'Admin'] as const) {
      const who = role === 'OABusinessUser' ? payer : await signIn(ctx, role);
      for (const report of ['StandingClearanceBilateralFees', 'StandingClearancePowerExchangeFees']) {
        expect((await get(`/api/Report/${report}?pageNumber=1&pageSize=10`, who)).statusCode, `${role} ${report}`).toBe(403);
        expect((await get(`/api/Report/${report}/Download?format=pdf`, who)).statusCode, `${role} ${report}`).toBe(403);
      }
    }
    for (const role of ['SLDCApproverI', 'SLDCApproverII'] as const) {
      expect((await page('StandingClearanceBilateralFees', await signIn(ctx, role))).dataCount).toBe(1);
    }
  });
});
