import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { applicationEndpoints } from '@stoa/shared/applications';
import type { ReportPage } from '@stoa/shared/reports';

import { bearer, buildTestApp, createUser, createUtility, login, type TestContext } from '../../../test/build-test-app';
import { FIXTURES, multipart } from '../../../test/files-fixtures';
import { inTransaction } from '../../platform/db/transaction';
import { applicantWithParties, insertApplication, setFeeBeforeScrutiny, submitBody } from '../applications/applications.test-fixtures';
import { overPaymentCredit, withBank } from '../payments/refunds.test-fixtures';
import { call as callEndpoint, insertRegistration, type SignedIn, signIn } from '../registrations/registrations.test-fixtures';

/**
 * The reports (issue 15, decision 0066) on known data: applications submitted through the API and
 * inserted in known statuses, registrations pending at the SLDC and at a DISCOM, registration fees
 * paid through the payment desk with their receipts, and a refund. Each report's rows and totals are
 * asserted exactly per role, and the downloads carry the same rows, scoped the same way.
 */

const NOW = new Date('2026-07-10T10:05:00+05:30');

let ctx: TestContext;
let sldc: SignedIn;
let approver: SignedIn;
let a: Awaited<ReturnType<typeof applicantWithParties>>;
let b: Awaited<ReturnType<typeof applicantWithParties>>;
let discom: SignedIn;
let otherDiscom: SignedIn;
let submittedNo: string;
let approvedNo: string;
let otherNo: string;

const get = (url: string, who: { token: string }) => ctx.app.inject({ method: 'GET', url, headers: bearer(who.token) });
async function page(report: string, who: { token: string }, query: Record<string, string> = {}) {
  const res = await get(`/api/Report/${report}?${new URLSearchParams({ pageNumber: '1', pageSize: '100', ...query })}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ReportPage;
}
async function download(report: string, who: { token: string }, query: Record<string, string>) {
  return ctx.app.inject({ method: 'GET', url: `/api/Report/${report}/Download?${new URLSearchParams(query)}`, headers: bearer(who.token) });
}
async function sheetRows(body: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** The text of every text-showing operator (pdfkit writes hex strings in TJ arrays), as in receipts.routes.test.ts. */
function textOf(pdf: Buffer): string {
  const lines: string[] = [];
  for (const [, array] of pdf.toString('latin1').matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    const hex = [...array!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
    lines.push(Buffer.from(hex, 'hex').toString('latin1'));
  }
  return lines.join(' ');
}

let feeSeq = 0;
/** A registration fee of ₹10,000 + 18 % GST raised for the payer, paid by it through the API and approved by the SLDC: a receipt. */
async function paidRegistrationFee(payer: SignedIn) {
  const n = ++feeSeq;
  const due = await inTransaction(ctx.database.db, (tx) =>
    ctx.app.services.configuration.raiseDue(tx, {
      payerUserId: payer.id,
      head: 'REGISTRATION_FEE',
      on: '2026-07-10',
      quantity: '1',
      recordType: 'Registration',
      recordId: `RPT-${n}`,
      description: `Registration fee RPT-${n}`,
    }),
  );
  const { body, headers } = multipart('uploadedFile', 'proof.pdf', FIXTURES.pdf);
  const up = await ctx.app.inject({
    method: 'POST',
    url: '/api/File/Upload?formName=Payment',
    payload: body,
    headers: { ...headers, ...bearer(payer.token) },
  });
  const made = await ctx.app.inject({
    method: 'POST',
    url: `/api/Payment/MakePayment/${due.id}`,
    headers: bearer(payer.token),
    payload: {
      mode: 'NEFT',
      reference: `RPTUTR${String(n).padStart(6, '0')}`,
      paymentDate: '2026-07-09',
      amountPaise: 1_180_000,
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
  return ok.json().data as { receiptNo: string };
}

let receiptA: string;
let receiptB: string;
let refundId: string;

beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(NOW);
  await setFeeBeforeScrutiny(ctx, false);
  sldc = await signIn(ctx, 'SLDCBusinessUser');
  approver = await signIn(ctx, 'SLDCApproverI');
  a = await applicantWithParties(ctx);
  b = await applicantWithParties(ctx);

  // A's Day-Ahead application through the API: 12 July 10:00–12:00, 10 MW (20 MWh requested), Submitted.
  const res = await callEndpoint(ctx, applicationEndpoints.submit, a.applicant, {
    params: { type: 'DayAhead' },
    body: submitBody(a.own.id, a.buyer.id, [
      { oaFromDate: '2026-07-12', oaToDate: '2026-07-12', fromTimeBlock: '10:00', toTimeBlock: '12:00', oaRequirement: '10' },
    ]),
  });
  expect(res.statusCode, res.body).toBe(200);
  submittedNo = res.json().data.applicationNo;
  // A's approved application of the same 20 MWh, granted half (10 MWh); B's pending one.
  ctx.clock.advance(60_000);
  approvedNo = (
    await insertApplication(ctx, {
      status: 'Approved',
      applicantUserId: a.applicant.id,
      sellerRegistrationId: a.own.id,
      buyerRegistrationId: a.buyer.id,
      grantedPercent: 50,
    })
  ).applicationNo;
  ctx.clock.advance(60_000);
  otherNo = (
    await insertApplication(ctx, {
      type: 'FCFS',
      status: 'PendingSTOAApproval',
      applicantUserId: b.applicant.id,
      sellerRegistrationId: b.own.id,
      buyerRegistrationId: b.buyer.id,
    })
  ).applicationNo;

  // Registrations: A's awaiting the SLDC, B's awaiting the DISCOM of the North zone.
  const utility = await createUtility(ctx, 'DISCOM', 'North Zone');
  const otherUtility = await createUtility(ctx, 'DISCOM', 'North Zone');
  discom = await signIn(ctx, 'DISCOMBusinessUser', { utilityId: utility.id, zone: 'North Zone' });
  otherDiscom = await signIn(ctx, 'DISCOMBusinessUser', { utilityId: otherUtility.id, zone: 'North Zone' });
  ctx.clock.set(new Date('2026-07-05T11:00:00+05:30'));
  await insertRegistration(ctx, {
    ownerUserId: a.applicant.id,
    entityType: 'BothEntity',
    status: 'Submitted',
    data: { entityName: 'Alpha Textiles' },
    entityName: 'Alpha Textiles',
    submittedOn: ctx.clock.now(),
    statusSince: ctx.clock.now(),
  });
  await insertRegistration(ctx, {
    ownerUserId: b.applicant.id,
    entityType: 'DraweeEntity',
    status: 'PendingDISCOMApproval',
    data: { entityName: 'Beta Mills' },
    entityName: 'Beta Mills',
    discomId: utility.id,
    submittedOn: ctx.clock.now(),
    statusSince: ctx.clock.now(),
  });
  ctx.clock.set(NOW);

  // Fees: A pays two registration fees, B one; A has an over-payment credit refunded (proposed).
  receiptA = (await paidRegistrationFee(a.applicant)).receiptNo;
  await paidRegistrationFee(a.applicant);
  receiptB = (await paidRegistrationFee(b.applicant)).receiptNo;
  await withBank(ctx, b.applicant.id);
  const credit = await overPaymentCredit(ctx, b.applicant.id, 25_000);
  const refund = await ctx.app.inject({
    method: 'POST',
    url: '/api/Payment/MakeRefund',
    headers: bearer(sldc.token),
    payload: { ...credit.key, amountPaise: 25_000, remarks: 'Over-payment' },
  });
  expect(refund.statusCode, refund.body).toBe(200);
  refundId = refund.json().data.id;
}, 120_000);
afterAll(() => ctx.close());

describe('Pending Applications', () => {
  it("shows an applicant only its own pending applications, and the SLDC every applicant's, oldest first", async () => {
    const own = await page('PendingApplications', a.applicant);
    expect(own.dataCount).toBe(1);
    expect(own.rows.map((r) => [r.applicationNo, r.status, r.type])).toEqual([[submittedNo, 'Submitted', 'DayAhead']]);
    expect(own.totals).toBeNull();
    const all = await page('PendingApplications', sldc);
    expect(all.rows.map((r) => r.applicationNo)).toEqual([submittedNo, otherNo]);
    expect(all.rows[0]!.daysPending).toBe(0);
    expect((await page('PendingApplications', b.applicant)).rows.map((r) => r.applicationNo)).toEqual([otherNo]);
  });

  it('filters and sorts in SQL, and pages with the total count', async () => {
    expect((await page('PendingApplications', sldc, { type: 'FCFS' })).rows.map((r) => r.applicationNo)).toEqual([otherNo]);
    expect((await page('PendingApplications', sldc, { status: 'Submitted' })).rows.map((r) => r.applicationNo)).toEqual([submittedNo]);
    expect((await page('PendingApplications', sldc, { sort: 'applicationNo:desc' })).rows.map((r) => r.applicationNo)).toEqual(
      [submittedNo, otherNo].sort().reverse(),
    );
    expect((await page('PendingApplications', sldc, { fromDate: '2026-07-11' })).dataCount).toBe(0);
    const first = await page('PendingApplications', sldc, { pageSize: '10', pageNumber: '2' });
    expect(first).toMatchObject({ dataCount: 2, rows: [] });
  });

  it('answers 400 with every field error for a bad filter', async () => {
    const res = await get('/api/Report/PendingApplications?status=Approved&fromDate=2026-13-01&sort=nope:asc', sldc);
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errorResponse.map((e: { fieldName: string }) => e.fieldName)
        .sort(),
    ).toEqual(['fromDate', 'sort', 'status']);
  });

  it('answers 400, not 500, for a date or month that is not on the calendar', async () => {
    const res = await get('/api/Report/PendingApplications?fromDate=2026-09-31&toDate=0000-01-01', sldc);
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errorResponse.map((e: { fieldName: string }) => e.fieldName)
        .sort(),
    ).toEqual(['fromDate', 'toDate']);
  });
});

describe('Application Status and Application Details', () => {
  it('list the applicant its applications with the energy requested and approved, and their totals', async () => {
    const status = await page('ApplicationStatus', a.applicant);
    expect(status.rows.map((r) => [r.applicationNo, r.status]).sort()).toEqual(
      [
        [submittedNo, 'Submitted'],
        [approvedNo, 'Approved'],
      ].sort(),
    );
    const details = await page('ApplicationDetails', a.applicant);
    expect(details.dataCount).toBe(2);
    // 10 MW × 8 blocks = 20 MWh requested each (200,000 ten-thousandths); the approved one granted half.
    expect(details.totals).toEqual({ requestedEnergy: 400_000, grantedEnergy: 100_000 });
    expect(details.rows.find((r) => r.applicationNo === approvedNo)).toMatchObject({ requestedEnergy: 200_000, grantedEnergy: 100_000 });
    const sldcDetails = await page('ApplicationDetails', sldc);
    expect(sldcDetails.totals).toEqual({ requestedEnergy: 600_000, grantedEnergy: 100_000 });
  });
});

describe('Pending Registrations and Registration Application Status', () => {
  it('show the applicant its own, the DISCOM those of its utility, the SLDC all', async () => {
    expect((await page('PendingRegistrations', a.applicant)).rows.map((r) => r.entityName)).toEqual(['Alpha Textiles']);
    expect((await page('PendingRegistrations', discom)).rows.map((r) => [r.entityName, r.status])).toEqual([
      ['Beta Mills', 'PendingDISCOMApproval'],
    ]);
    expect((await page('PendingRegistrations', otherDiscom)).rows).toEqual([]);
    const all = await page('PendingRegistrations', sldc, { sort: 'entityName:asc' });
    expect(all.rows.map((r) => [r.entityName, r.daysPending])).toEqual([
      ['Alpha Textiles', 5],
      ['Beta Mills', 5],
    ]);
    expect((await page('RegistrationApplicationStatus', discom)).rows.map((r) => r.entityName)).toEqual(['Beta Mills']);
    expect((await page('RegistrationApplicationStatus', sldc, { status: 'Submitted' })).rows.map((r) => r.entityName)).toEqual([
      'Alpha Textiles',
    ]);
  });

  it('are refused to the roles the spec does not give them', async () => {
    expect((await get('/api/Report/RegistrationApplicationStatus', a.applicant)).statusCode).toBe(403);
    expect((await get('/api/Report/PendingApplications', discom)).statusCode).toBe(403);
    expect((await get('/api/Report/PendingApplications/Download?format=xlsx', discom)).statusCode).toBe(403);
  });
});

describe('Payment Receipt, Registration Fees and Refund Report', () => {
  it('add up the payer’s own receipts, fees and refunds; the SLDC sees every payer’s', async () => {
    const receipts = await page('PaymentReceipt', a.applicant);
    expect(receipts.dataCount).toBe(2);
    expect(receipts.rows.map((r) => r.receiptNo)).toContain(receiptA);
    expect(receipts.rows.map((r) => r.receiptNo)).not.toContain(receiptB);
    expect(receipts.totals).toEqual({ amount: 2_360_000, tdsAmount: 0 });
    expect((await page('PaymentReceipt', sldc)).totals).toEqual({ amount: 3_540_000, tdsAmount: 0 });

    const fees = await page('RegistrationFees', a.applicant);
    expect(fees.dataCount).toBe(2);
    expect(fees.totals).toEqual({
      baseAmount: 2_000_000,
      gstAmount: 360_000,
      totalAmount: 2_360_000,
      paidAmount: 2_360_000,
      tdsAmount: 0,
      outstandingAmount: 0,
    });
    expect((await page('RegistrationFees', sldc)).totals).toMatchObject({ totalAmount: 3_540_000, paidAmount: 3_540_000 });
    // The over-payment fee is an application fee: not a registration fee.
    expect((await page('RegistrationFees', b.applicant)).dataCount).toBe(1);

    expect((await page('RefundReport', a.applicant)).rows).toEqual([]);
    const refunds = await page('RefundReport', b.applicant);
    expect(refunds.rows.map((r) => [r.source, r.status, r.amount])).toEqual([['OverPayment', 'PENDING', 25_000]]);
    expect(refunds.totals).toEqual({ amount: 25_000 });
    expect((await page('RefundReport', sldc, { status: 'PAID' })).totals).toEqual({ amount: 0 });
  });
});

describe('Financial Summary', () => {
  it('adds up dues raised, received, TDS, refunds paid and outstanding by month and charge head, per payer', async () => {
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/Payment/ApproveRefund/${refundId}`,
      headers: bearer(approver.token),
      payload: { payoutReference: 'UTRRPT0001', payoutDate: '2026-07-10' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const feeMonth = String((await page('RegistrationFees', a.applicant)).rows[0]!.dueDate).slice(0, 7);
    // A: its two registration fees paid, and the application fee of the application it submitted, not paid.
    const own = await page('FinancialSummary', a.applicant, { sort: 'head:desc' });
    expect(own.rows).toEqual([
      { month: feeMonth, head: 'REGISTRATION_FEE', raised: 2_360_000, received: 2_360_000, tds: 0, refunded: 0, outstanding: 0 },
      { month: '2026-07', head: 'APPLICATION_FEE', raised: 590_000, received: 0, tds: 0, refunded: 0, outstanding: 590_000 },
    ]);
    expect(own.totals).toEqual({ raised: 2_950_000, received: 2_360_000, tds: 0, refunded: 0, outstanding: 590_000 });
    // B: its registration fee, the application fee paid ₹250.00 over (₹5,900.00 + ₹250.00), and that ₹250.00 refunded in July.
    const other = await page('FinancialSummary', b.applicant);
    expect(other.totals).toEqual({ raised: 1_770_000, received: 1_795_000, tds: 0, refunded: 25_000, outstanding: 0 });
    expect(other.rows.find((r) => r.month === '2026-07' && r.head === 'APPLICATION_FEE')).toMatchObject({ refunded: 25_000 });
    expect((await page('FinancialSummary', sldc)).totals).toEqual({
      raised: 4_720_000,
      received: 4_155_000,
      tds: 0,
      refunded: 25_000,
      outstanding: 590_000,
    });
    expect((await page('FinancialSummary', sldc, { head: 'REGISTRATION_FEE' })).totals).toMatchObject({ raised: 3_540_000 });
  });
});

describe('downloads', () => {
  it('stream an Excel workbook with the filters, the caller’s rows only and the totals row', async () => {
    const res = await download('PaymentReceipt', a.applicant, { format: 'xlsx', fromDate: '2026-07-01' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('payment-receipt-2026-07-10.xlsx');
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['State Load Dispatch Centre — Payment Receipt']);
    expect(rows[1]).toEqual(['Filters: Payment date from: 01/07/2026']);
    expect(String(rows[2]![0])).toMatch(/^Generated on 10\/07\/2026 \d\d:\d\d \(IST\)$/);
    expect(rows[3]![0]).toBe('Receipt No.');
    const data = rows.slice(4, -1);
    expect(data.map((r) => r[0]).sort()).toEqual((await page('PaymentReceipt', a.applicant)).rows.map((r) => r.receiptNo).sort());
    expect(data.flat()).not.toContain(receiptB);
    expect(data[0]![8]).toBe(11_800);
    expect(rows.at(-1)![0]).toBe('Total');
    expect(rows.at(-1)![8]).toBe(23_600);
  });

  it('make a PDF with the SLDC header, the filters applied and the time of generation', async () => {
    const res = await download('ApplicationDetails', a.applicant, { format: 'pdf', type: 'DayAhead' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const text = textOf(res.rawPayload);
    expect(text).toContain('State Load Dispatch Centre');
    expect(text).toContain('Application Details');
    expect(text).toContain('Application type: Day Ahead');
    expect(text).toContain('Generated on 10/07/2026');
    // Long cells wrap over lines: compare without the spaces.
    const squashed = text.replace(/\s+/g, '');
    expect(squashed).toContain(approvedNo);
    expect(squashed).toContain(submittedNo);
    expect(squashed).not.toContain(otherNo);
    // The totals row: 40 MWh requested, 10 MWh approved.
    expect(text).toMatch(/Total\s+.*40\.00\s+10\.00/);
    expect(text).toContain('2 rows');
  });

  it('scope the rows like the page: an applicant’s file never holds another applicant’s row', async () => {
    const res = await download('PendingApplications', b.applicant, { format: 'xlsx' });
    const rows = (await sheetRows(res.rawPayload)).slice(4);
    expect(rows.map((r) => r[0])).toEqual([otherNo]);
    const mine = (await sheetRows((await download('PendingApplications', a.applicant, { format: 'xlsx' })).rawPayload)).slice(4);
    expect(mine.map((r) => r[0])).toEqual([submittedNo]);
  });

  it('answer 400 without a valid format', async () => {
    expect((await download('PendingApplications', sldc, { format: 'csv' })).statusCode).toBe(400);
  });
});

it('the approver reads every report its role has', async () => {
  expect((await page('PendingApplications', approver)).dataCount).toBe(2);
  const other = await createUser(ctx, 'OABusinessUser');
  const t = (await login(ctx, other)).jwtToken;
  expect((await page('PendingApplications', { token: t })).dataCount).toBe(0);
});
