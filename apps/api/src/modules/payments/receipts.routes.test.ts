import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ROLES, type Role } from '@stoa/shared/account';
import { normalizeReceiptCode, RECEIPT_CODE_ALPHABET } from '@stoa/shared/payments';

import { bearer, buildTestApp, createUser, login, type TestContext } from '../../../test/build-test-app';
import { FIXTURES, multipart } from '../../../test/files-fixtures';
import { inTransaction } from '../../platform/db/transaction';
import { paymentReceipts } from './payments.tables';
import { financialYear, issueReceipt, newVerificationCode, receiptNumber } from './receipts';
import { pdfRupees } from './receipts.pdf';

let ctx: TestContext;
type Signed = { id: string; token: string };
let oa: Signed;
let otherOa: Signed;
let sldc: Signed;
let approver: Signed;
const tokens = new Map<Role, string>();
const signed = async (role: Role, entityName?: string): Promise<Signed> => {
  const u = await createUser(ctx, role, entityName ? { entityName } : {});
  return { id: u.id, token: (await login(ctx, u)).jwtToken };
};
beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(new Date('2026-11-16T06:00:00Z'));
  for (const role of ROLES) tokens.set(role, (await login(ctx, await createUser(ctx, role))).jwtToken);
  [oa, otherOa, sldc, approver] = await Promise.all([
    signed('OABusinessUser', 'Sunrise Textiles Ltd'),
    signed('OABusinessUser'),
    signed('SLDCBusinessUser'),
    signed('SLDCApproverI'),
  ]);
});
afterAll(() => ctx.close());

const call = (url: string, token?: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

let seq = 0;
let lastDueId = '';
async function pendingPayment(payer: Signed, amountPaise = 590_000) {
  const n = ++seq;
  const due = await inTransaction(ctx.database.db, (tx) =>
    ctx.app.services.configuration.raiseDue(tx, {
      payerUserId: payer.id,
      head: 'APPLICATION_FEE',
      on: '2026-11-16',
      quantity: '1',
      recordType: 'Application',
      recordId: `RCPT-${n}`,
      description: `Application fee: APP-RCPT-${n}`,
    }),
  );
  lastDueId = due.id;
  const { body, headers } = multipart('uploadedFile', 'proof.pdf', FIXTURES.pdf);
  const up = await ctx.app.inject({
    method: 'POST',
    url: '/api/File/Upload?formName=Payment',
    payload: body,
    headers: { ...headers, ...bearer(payer.token) },
  });
  const res = await call(`/api/Payment/MakePayment/${due.id}`, payer.token, 'POST', {
    mode: 'NEFT',
    reference: `RCUTR${String(n).padStart(6, '0')}`,
    paymentDate: '2026-11-15',
    amountPaise,
    bankName: 'State Bank of India',
    proofFileId: up.json().data.id,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
}
async function approved(payer: Signed = oa) {
  const id = await pendingPayment(payer);
  const res = await call(`/api/Payment/Approve/${id}`, sldc.token, 'POST', {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; dueId: string; receiptNo: string };
}
/** The text of every text-showing operator (pdfkit writes hex strings in TJ arrays), as in registrations.pdf.test.ts. */
function textOf(pdf: Buffer): string {
  const lines: string[] = [];
  for (const [, array] of pdf.toString('latin1').matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    const hex = [...array!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
    lines.push(Buffer.from(hex, 'hex').toString('latin1'));
  }
  return lines.join(' ');
}
const codeOf = async (paymentId: string) =>
  (await ctx.database.db.select().from(paymentReceipts).where(eq(paymentReceipts.paymentId, paymentId)))[0]!.verificationCode;

describe('receipt numbers and codes (pure)', () => {
  it('follow the Indian financial year, April to March', () => {
    expect(financialYear('2026-11-16')).toBe('2026-27');
    expect(financialYear('2027-03-31')).toBe('2026-27');
    expect(financialYear('2027-04-01')).toBe('2027-28');
    expect(financialYear('2099-06-01')).toBe('2099-00');
    expect(receiptNumber('2026-27', 7)).toBe('RCPT/2026-27/00007');
  });
  it('draws 12 characters of Crockford base32, different each time; typed codes are normalised', () => {
    const codes = new Set(Array.from({ length: 200 }, newVerificationCode));
    expect(codes.size).toBe(200);
    for (const c of codes) expect([...c].every((ch) => RECEIPT_CODE_ALPHABET.includes(ch)) && c.length === 12).toBe(true);
    expect(normalizeReceiptCode(' abcd-efgh o1il ')).toBe('ABCDEFGH0111');
  });
  it('spells rupees out for the PDF fonts', () => {
    expect(pdfRupees(590_000)).toBe('Rs. 5,900.00');
  });
});

describe('approving a payment issues its receipt', () => {
  it('numbers receipts one after another within the financial year, and afresh in the next', async () => {
    const a = await approved();
    const b = await approved();
    const n = (r: string) => Number(r.split('/')[2]);
    expect(a.receiptNo).toMatch(/^RCPT\/2026-27\/\d{5}$/);
    expect(n(b.receiptNo)).toBe(n(a.receiptNo) + 1);
    // The detail answers carry the number; a pending payment has none.
    const pending = await pendingPayment(oa);
    const receiptNoIn = async (dueId: string) =>
      (await call(`/api/Payment/GetPaymentDetails/${dueId}`, oa.token)).json().data.payments[0].receiptNo;
    expect(await receiptNoIn(a.dueId)).toBe(a.receiptNo);
    expect(pending).toBeTruthy();
    expect(await receiptNoIn(lastDueId)).toBeNull();

    // A new financial year starts again at 00001 (issued directly: a session token does not live that long).
    const next = await inTransaction(ctx.database.db, (tx) => issueReceipt(tx, pending, new Date('2027-04-01T06:00:00Z')));
    expect(next.receiptNo).toBe('RCPT/2027-28/00001');
  });
  it('gives concurrent issues distinct, gap-free numbers, and a rolled-back approval gives its number back', async () => {
    const ids = await Promise.all([pendingPayment(oa), pendingPayment(oa), pendingPayment(oa)]);
    const fy = '2031-32';
    const at = new Date('2031-05-01T06:00:00Z');
    const issued = await Promise.all(ids.map((id) => inTransaction(ctx.database.db, (tx) => issueReceipt(tx, id, at))));
    expect(issued.map((r) => r.serial).sort()).toEqual([1, 2, 3]);
    const extra = await pendingPayment(oa);
    await expect(
      inTransaction(ctx.database.db, async (tx) => {
        await issueReceipt(tx, extra, at);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const again = await inTransaction(ctx.database.db, (tx) => issueReceipt(tx, extra, at));
    expect(again.receiptNo).toBe(`RCPT/${fy}/00004`);
  });
});

describe('GET /api/Payment/Receipt/{id}', () => {
  it('streams a PDF with the receipt details to the payer and the SLDC roles', async () => {
    const a = await approved();
    const code = await codeOf(a.id);
    for (const token of [oa.token, sldc.token, approver.token]) {
      const res = await call(`/api/Payment/Receipt/${a.id}`, token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain(`receipt-${a.receiptNo.replace(/\//g, '-')}.pdf`);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const text = textOf((await call(`/api/Payment/Receipt/${a.id}`, oa.token)).rawPayload);
    for (const s of [
      a.receiptNo,
      'Sunrise Textiles Ltd',
      'Rs. 5,900.00',
      'NEFT',
      'Payment Receipt',
      'APP-RCPT-',
      '15/11/2026',
      `${code.slice(0, 4)}-${code.slice(4, 8)}`,
      `/verify/${code}`,
    ])
      expect(text, s).toContain(s);
  });
  it('answers 404 to another payer and for a missing payment, 409 for a payment not approved', async () => {
    const a = await approved();
    const other = await call(`/api/Payment/Receipt/${a.id}`, otherOa.token);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('The requested payment was not found.');
    expect((await call('/api/Payment/Receipt/00000000-0000-4000-8000-000000000001', sldc.token)).statusCode).toBe(404);
    const pending = await pendingPayment(oa);
    const res = await call(`/api/Payment/Receipt/${pending}`, oa.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A receipt is issued only for an approved payment.');
  });
  it('is closed to anonymous callers and to roles other than the payers and the SLDC', async () => {
    const a = await approved();
    expect((await call(`/api/Payment/Receipt/${a.id}`)).statusCode).toBe(401);
    for (const role of ['Admin', 'DISCOMBusinessUser', 'TRANSCOBusinessUser'] as Role[]) {
      expect((await call(`/api/Payment/Receipt/${a.id}`, tokens.get(role))).statusCode, role).toBe(403);
    }
  });
});

describe('GET /api/Payment/Verify/{code} (public)', () => {
  it('confirms a receipt without sign-in, with the receipt number, payer, amount and dates only', async () => {
    const a = await approved();
    const code = await codeOf(a.id);
    const res = await call(`/api/Payment/Verify/${code.slice(0, 4).toLowerCase()}-${code.slice(4, 8)}-${code.slice(8)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      receiptNo: a.receiptNo,
      payerName: 'Sunrise Textiles Ltd',
      amount: 590_000,
      paymentDate: '2026-11-15',
      approvedAt: '2026-11-16T06:00:00.000Z',
    });
  });
  it('answers 404 with a clear message to an unknown code and 400 to a malformed one', async () => {
    const res = await call('/api/Payment/Verify/ABCDEFGHJKMN');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No receipt has this verification code. Check the code printed on the receipt.');
    const bad = await call('/api/Payment/Verify/short');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });
});
