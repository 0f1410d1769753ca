import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, buildTestApp, createUser, login, type TestContext } from '../../../test/build-test-app';
import { FIXTURES, multipart } from '../../../test/files-fixtures';
import { inTransaction } from '../../platform/db/transaction';
import { auditLog } from '../audit/audit.tables';
import { bankStatements } from './reconciliation.tables';

/**
 * The bank statement of Payment Reconciliation (decision 0055): upload, every row error, matching by
 * UTR and amount (duplicates, amount mismatch, decided payments, both unmatched lists), the stored
 * last statement with statuses read afresh, and approving a matched payment with Payment/Approve.
 */

let ctx: TestContext;
type Signed = { id: string; token: string };
let oa: Signed, oa2: Signed, sldc: Signed, approver: Signed;
const signed = async (role: Parameters<typeof createUser>[1]): Promise<Signed> => {
  const u = await createUser(ctx, role);
  return { id: u.id, token: (await login(ctx, u)).jwtToken };
};
beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(new Date('2026-11-16T06:00:00Z'));
  [oa, oa2, sldc, approver] = [
    await signed('OABusinessUser'),
    await signed('OABusinessUser'),
    await signed('SLDCBusinessUser'),
    await signed('SLDCApproverI'),
  ];
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload: payload as object } : {}) });
const fieldErrors = (res: { json(): { errorResponse?: { fieldName: string; errorMessages: string[] }[] } }) =>
  Object.fromEntries((res.json().errorResponse ?? []).map((e) => [e.fieldName, e.errorMessages]));

async function uploadFile(token: string, name: string, bytes: Buffer, formName = 'BankStatement') {
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
const uploadStatement = async (name: string, bytes: Buffer, token = sldc.token) =>
  call('POST', '/api/Payment/UploadBankStatement', token, { fileId: await uploadFile(token, name, bytes) });
const csv = (lines: string[]) => Buffer.from(['Date,UTR,Amount,Narration', ...lines].join('\r\n'), 'utf8');

let seq = 0;
async function pendingPayment(who: Signed, reference: string, amountPaise: number, paymentDate = '2026-11-14') {
  const due = await inTransaction(ctx.database.db, (tx) =>
    ctx.app.services.configuration.raiseDue(tx, {
      payerUserId: who.id,
      head: 'APPLICATION_FEE',
      on: '2026-11-16',
      quantity: '1',
      recordType: 'Application',
      recordId: `STMT-${++seq}`,
      description: `Application fee STMT-${seq}`,
    }),
  );
  const res = await call('POST', `/api/Payment/MakePayment/${due.id}`, who.token, {
    mode: 'NEFT',
    reference,
    paymentDate,
    amountPaise,
    bankName: 'State Bank of India',
    proofFileId: await uploadFile(who.token, 'proof.pdf', FIXTURES.pdf, 'Payment'),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; dueId: string };
}
const statementCount = async () => (await ctx.database.db.select().from(bankStatements)).length;

describe('Payment/UploadBankStatement: row errors', () => {
  it('lists every row error with its row and column and keeps nothing', async () => {
    const before = await statementCount();
    const res = await uploadStatement(
      'errors.csv',
      csv([
        ',UTR00001,100.00,blank date',
        '31/02/2026,UTR00002,100.00,impossible date',
        '20/11/2026,UTR00003,100.00,future date',
        '14/11/2026,,100.00,blank UTR',
        '14/11/2026,U$1,100.00,bad UTR',
        '14/11/2026,UTR00006,,blank amount',
        '14/11/2026,UTR00007,12.345,three decimals',
        '14/11/2026,UTR00008,0,zero',
        `14/11/2026,UTR00009,10.00,${'x'.repeat(501)}`,
        '',
        '14/11/2026,UTR00010,"1,000.00",a good line',
      ]),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe('The statement has 9 error(s). Nothing was matched.');
    expect(fieldErrors(res)).toEqual({
      'rows.2.date': ['Date is required'],
      'rows.3.date': ['Date must be a date like 16/11/2026 or 2026-11-16'],
      'rows.4.date': ['Date cannot be in the future'],
      'rows.5.utr': ['UTR is required'],
      'rows.6.utr': ['UTR must be 4 to 30 letters, digits, / or -'],
      'rows.7.amount': ['Amount is required'],
      'rows.8.amount': ['Amount must be a number of rupees with at most 2 decimals'],
      'rows.9.amount': ['Amount must be greater than 0'],
      'rows.10.narration': ['Narration must be at most 500 characters'],
    });
    expect(await statementCount()).toBe(before);
  });

  it('refuses a file without the header row, without lines, or of another kind', async () => {
    const noHeader = await uploadStatement('no-header.csv', Buffer.from('14/11/2026,UTR1234,100.00,x\n'));
    expect(noHeader.statusCode).toBe(400);
    expect(fieldErrors(noHeader)).toEqual({ fileId: ['The first row must name the columns Date, UTR, Amount and Narration.'] });
    const empty = await uploadStatement('empty.csv', csv([]));
    expect(fieldErrors(empty)).toEqual({ fileId: ['The statement has no credit lines.'] });
    const pdf = await call('POST', '/api/Payment/UploadBankStatement', sldc.token, {
      fileId: await uploadFile(sldc.token, 'statement.pdf', FIXTURES.pdf, 'Payment'),
    });
    expect(pdf.statusCode).toBe(400);
    expect(Object.keys(fieldErrors(pdf))).toEqual(['fileId']);
    const missing = await call('POST', '/api/Payment/UploadBankStatement', sldc.token, {});
    expect(fieldErrors(missing)).toEqual({ fileId: ['Choose a statement file'] });
  });
});

describe('Payment/UploadBankStatement: matching', () => {
  it('matches by UTR and amount and lists the unmatched both ways; a matched payment is approved with Payment/Approve', async () => {
    const matched = await pendingPayment(oa, 'STMTMATCH01', 590_000);
    const mismatch = await pendingPayment(oa, 'STMTMISMATCH', 250_000);
    const dup = await pendingPayment(oa2, 'STMTDUP01', 100_000);
    const lonely = await pendingPayment(oa2, 'STMTLONELY', 300_000);
    const later = await pendingPayment(oa2, 'STMTLATER', 300_000, '2026-11-16');
    const decided = await pendingPayment(oa, 'STMTDONE01', 590_000);
    expect((await call('POST', `/api/Payment/Approve/${decided.id}`, sldc.token, {})).statusCode).toBe(200);

    const res = await uploadStatement(
      'statement.csv',
      csv([
        '14/11/2026,stmtmatch01,"5,900.00",NEFT CR STMTMATCH01 Payal Shah',
        '14/11/2026,STMTMISMATCH,2400.00,NEFT CR',
        '2026-11-15,STMTDUP01,1000.00,first',
        '15/11/2026,STMTDUP01,1000.00,second',
        '15/11/2026,NOSUCHUTR9,750.00,unknown credit',
        '15/11/2026,STMTDONE01,5900.00,already approved',
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().data;
    expect(s).toMatchObject({ fileName: 'statement.csv', lineCount: 6, creditTotal: 590_000 + 240_000 + 200_000 + 75_000 + 590_000 });
    expect(s.dateFrom).toBe('2026-11-14');
    expect(s.dateTo).toBe('2026-11-15');
    expect(s.matched).toHaveLength(1);
    expect(s.matched[0].line).toEqual({
      row: 2,
      date: '2026-11-14',
      utr: 'STMTMATCH01',
      amount: 590_000,
      narration: 'NEFT CR STMTMATCH01 Payal Shah',
    });
    expect(s.matched[0].payment).toMatchObject({ id: matched.id, reference: 'STMTMATCH01', amount: 590_000, status: 'PENDING' });
    expect(
      s.unmatchedLines.map((u: { line: { row: number }; reason: string; payment: { id: string } | null }) => [
        u.line.row,
        u.reason,
        u.payment?.id ?? null,
      ]),
    ).toEqual([
      [3, 'AMOUNT_MISMATCH', mismatch.id],
      [4, 'DUPLICATE_LINE', dup.id],
      [5, 'DUPLICATE_LINE', dup.id],
      [6, 'NO_PAYMENT', null],
      [7, 'NOT_PENDING', decided.id],
    ]);
    // Pending payments made up to the statement's last date and not matched; the one made after it is left out.
    const unmatchedIds = s.unmatchedPayments.map((p: { id: string }) => p.id);
    expect(unmatchedIds).toEqual(expect.arrayContaining([mismatch.id, dup.id, lonely.id]));
    expect(unmatchedIds).not.toContain(matched.id);
    expect(unmatchedIds).not.toContain(later.id);

    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'BankStatement'), eq(auditLog.entityId, s.id)));
    expect(audit).toMatchObject({ action: 'BANK_STATEMENT_UPLOADED', actorId: sldc.id });

    // Approvers read the last statement; the matched one is approved with the existing call.
    const last = await call('GET', '/api/Payment/GetBankStatement', approver.token);
    expect(last.statusCode).toBe(200);
    expect(last.json().data.statement.id).toBe(s.id);
    expect((await call('POST', `/api/Payment/Approve/${matched.id}`, approver.token, {})).statusCode).toBe(403);
    expect((await call('POST', `/api/Payment/Approve/${matched.id}`, sldc.token, {})).statusCode).toBe(200);
    const after = (await call('GET', '/api/Payment/GetBankStatement', sldc.token)).json().data.statement;
    expect(after.matched[0].payment.status).toBe('APPROVED');
    // Approving twice still answers 409 (maker-checker rules unchanged).
    expect((await call('POST', `/api/Payment/Approve/${matched.id}`, sldc.token, {})).statusCode).toBe(409);
  });

  it('reads an Excel statement with date cells and numbers', async () => {
    const p = await pendingPayment(oa, 'STMTXLSX01', 123_450);
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Statement');
    sheet.addRow(['Txn Date', 'UTR No', 'Credit', 'Narration']);
    sheet.addRow([new Date(Date.UTC(2026, 10, 15)), 'STMTXLSX01', 1234.5, 'RTGS']);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await uploadStatement('statement.xlsx', bytes);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.matched.map((m: { payment: { id: string }; line: { date: string } }) => [m.payment.id, m.line.date])).toEqual([
      [p.id, '2026-11-15'],
    ]);
  });

  it('lets only the SLDC business user upload, and any SLDC role read', async () => {
    const fileId = await uploadFile(approver.token, 'statement.csv', csv(['14/11/2026,UTR99999,10.00,x']));
    expect((await call('POST', '/api/Payment/UploadBankStatement', approver.token, { fileId })).statusCode).toBe(403);
    expect((await call('POST', '/api/Payment/UploadBankStatement', oa.token, { fileId })).statusCode).toBe(403);
    expect((await call('GET', '/api/Payment/GetBankStatement', oa.token)).statusCode).toBe(403);
  });
});
