import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, buildTestApp, createUser, login, type TestContext } from '../../../test/build-test-app';
import { FIXTURES, multipart } from '../../../test/files-fixtures';
import { inTransaction } from '../../platform/db/transaction';
import { payments } from './payments.tables';
import { declareTds } from './tds.test-fixtures';

/**
 * TDS claimed on Make Payment is checked against the payer's TDS declaration (decision 0040): only
 * under a declaration on the due's charge head in force on the payment date, under the declared
 * section, more than 0 and at most the section's rate on the amount before GST less the TDS already
 * claimed on the due by payments not reverted. The fee here is ₹5,000.00 + 18 % GST: 194J(a) (2 %)
 * allows at most ₹100.00 (10,000 paise) of TDS on it.
 */
let ctx: TestContext;
type Signed = { id: string; token: string };
let sldc: Signed;
const signed = async (role: 'OABusinessUser' | 'SLDCBusinessUser'): Promise<Signed> => {
  const u = await createUser(ctx, role);
  return { id: u.id, token: (await login(ctx, u)).jwtToken };
};
beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(new Date('2026-11-16T06:00:00Z'));
  sldc = await signed('SLDCBusinessUser');
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const fieldErrors = (res: { json(): { errorResponse?: { fieldName: string; errorMessages: string[] }[] } }) =>
  Object.fromEntries((res.json().errorResponse ?? []).map((e) => [e.fieldName, e.errorMessages]));

let seq = 0;
/** A fresh payer with an application fee of ₹5,900.00 (₹5,000.00 before GST). */
async function payerWithFee() {
  seq++;
  const payer = await signed('OABusinessUser');
  const due = await inTransaction(ctx.database.db, (tx) =>
    ctx.app.services.configuration.raiseDue(tx, {
      payerUserId: payer.id,
      head: 'APPLICATION_FEE',
      on: '2026-11-16',
      quantity: '1',
      recordType: 'Application',
      recordId: `TDS-CLAIM-${seq}`,
      description: `Application fee TDS-CLAIM-${seq}`,
    }),
  );
  return { payer, due };
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
    reference: `TDSCLAIM${String(utr).padStart(6, '0')}`,
    paymentDate: '2026-11-16',
    amountPaise: 100_000,
    bankName: 'State Bank of India',
    proofFileId: await upload(who.token),
    ...over,
  });
}
const paymentsOf = (dueId: string) => ctx.database.db.select().from(payments).where(eq(payments.dueId, dueId));

describe('TDS claimed on Make Payment (decision 0040)', () => {
  it('is refused without a declaration on the head in force on the payment date, and nothing is written', async () => {
    const { payer, due } = await payerWithFee();
    const none = await pay(payer, due.id, { tdsSection: '194J_A', tdsAmountPaise: 5_000 });
    expect(none.statusCode, none.body).toBe(400);
    expect(none.json().code).toBe('VALIDATION_FAILED');
    expect(fieldErrors(none)).toEqual({
      tdsSection: ['You have no TDS declaration on this charge head in force on the payment date; TDS cannot be claimed.'],
    });
    // A declaration on another head, or one that takes effect after the payment date, does not count.
    await declareTds(ctx.database.db, payer.id, 'STU_TRANSMISSION_CHARGE', '194J_A');
    await declareTds(ctx.database.db, payer.id, 'APPLICATION_FEE', '194J_A', '2026-11-16');
    const early = await pay(payer, due.id, { paymentDate: '2026-11-15', tdsSection: '194J_A', tdsAmountPaise: 5_000 });
    expect(Object.keys(fieldErrors(early))).toEqual(['tdsSection']);
    expect(await paymentsOf(due.id)).toEqual([]);
    // Without TDS, the payment is taken.
    expect((await pay(payer, due.id, { paymentDate: '2026-11-15' })).statusCode).toBe(200);
  });

  it('refuses another section than the declared one, a zero amount and more than the maximum, with every field error at once', async () => {
    const { payer, due } = await payerWithFee();
    await declareTds(ctx.database.db, payer.id, 'APPLICATION_FEE', '194J_A');
    const sheet = await upload(payer.token, 'proof.xlsx', FIXTURES.xlsx, 'Atc');
    const wrong = await pay(payer, due.id, { tdsSection: '194J_B', tdsAmountPaise: 10_001, proofFileId: sheet });
    expect(wrong.statusCode).toBe(400);
    expect(fieldErrors(wrong)).toEqual({
      proofFileId: ['Invalid file. Please upload pdf, jpg, jpeg, png file'],
      tdsSection: ['TDS Section must be 194J(a) — 2 %, the section you declared for this charge head'],
      tdsAmountPaise: [
        "TDS Amount cannot exceed ₹100.00 (the section's rate on the amount before GST, less TDS already claimed on this due)",
      ],
    });
    const zero = await pay(payer, due.id, { tdsSection: '194J_A', tdsAmountPaise: 0 });
    expect(fieldErrors(zero)).toEqual({ tdsAmountPaise: ['TDS Amount must be greater than 0'] });
    expect(await paymentsOf(due.id)).toEqual([]);
  });

  it('counts the TDS other payments not reverted claimed on the due: two claims cannot exceed the maximum together', async () => {
    const { payer, due } = await payerWithFee();
    await declareTds(ctx.database.db, payer.id, 'APPLICATION_FEE', '194J_A');
    const first = await pay(payer, due.id, { tdsSection: '194J_A', tdsAmountPaise: 6_000 });
    expect(first.statusCode, first.body).toBe(200);
    // The first is still pending: 4,000 paise are left.
    const over = await pay(payer, due.id, { tdsSection: '194J_A', tdsAmountPaise: 4_001 });
    expect(over.statusCode).toBe(400);
    expect(fieldErrors(over).tdsAmountPaise?.[0]).toContain('₹40.00');
    // Approved, it still counts.
    expect((await call('POST', `/api/Payment/Approve/${first.json().data.id}`, sldc.token, {})).statusCode).toBe(200);
    expect((await pay(payer, due.id, { tdsSection: '194J_A', tdsAmountPaise: 4_001 })).statusCode).toBe(400);
    const rest = await pay(payer, due.id, { tdsSection: '194J_A', tdsAmountPaise: 4_000 });
    expect(rest.statusCode, rest.body).toBe(200);
    // A reverted claim gives its TDS back.
    expect(
      (await call('POST', `/api/Payment/Revert/${rest.json().data.id}`, sldc.token, { remarks: 'Not in the account' })).statusCode,
    ).toBe(200);
    expect((await pay(payer, due.id, { tdsSection: '194J_A', tdsAmountPaise: 4_000 })).statusCode).toBe(200);
    expect((await pay(payer, due.id, { tdsSection: '194J_A', tdsAmountPaise: 1 })).statusCode).toBe(400);
  });

  it('takes a claim of exactly the maximum under the declared section', async () => {
    const { payer, due } = await payerWithFee();
    await declareTds(ctx.database.db, payer.id, 'APPLICATION_FEE', '194J_A');
    const res = await pay(payer, due.id, { amountPaise: due.totalAmount - 10_000, tdsSection: '194J_A', tdsAmountPaise: 10_000 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ tdsSection: '194J_A', tdsAmount: 10_000, status: 'PENDING' });
  });
});
