import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { enPayments } from '@stoa/shared/messages';

import { bearer, buildTestApp, createUser, login, type TestContext } from '../../../test/build-test-app';
import { FIXTURES, multipart } from '../../../test/files-fixtures';
import type { RequestUser } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { inTransaction } from '../../platform/db/transaction';
import { assertNotMaker } from './payments.access';
import { payments } from './payments.tables';

/**
 * Maker-checker of a payment (issue 13, decision 0041): the SLDC business user who approves or
 * reverts a payment is never the one recorded as its maker. Only payers can call MakePayment today,
 * so an SLDC maker cannot arise through the API; the payment's maker is set to an SLDC user in the
 * database to prove that Approve and Revert still refuse it (the guard `assertNotMaker` in the desk),
 * and a different SLDC user may still decide it.
 */
describe('assertNotMaker', () => {
  const actor: RequestUser = { id: '00000000-0000-4000-8000-0000000000a1', role: 'SLDCBusinessUser', familyId: null };
  it("refuses the payment's maker with 403 and lets anyone else through", () => {
    let thrown: unknown;
    try {
      assertNotMaker(actor, { madeBy: actor.id });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).status).toBe(403);
    expect((thrown as AppError).message).toBe(enPayments.payments.errors.ownPayment);
    expect(() => assertNotMaker(actor, { madeBy: '00000000-0000-4000-8000-0000000000b2' })).not.toThrow();
  });
});

type Signed = { id: string; token: string };
let ctx: TestContext;
let oa: Signed;
let sldc: Signed;
let sldc2: Signed;
const signed = async (role: 'OABusinessUser' | 'SLDCBusinessUser'): Promise<Signed> => {
  const u = await createUser(ctx, role);
  return { id: u.id, token: (await login(ctx, u)).jwtToken };
};
beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(new Date('2026-11-16T06:00:00Z'));
  oa = await signed('OABusinessUser');
  sldc = await signed('SLDCBusinessUser');
  sldc2 = await signed('SLDCBusinessUser');
});
afterAll(() => ctx.close());

const call = (url: string, token: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });

let seq = 0;
async function pendingPaymentMadeBy(maker: string) {
  seq++;
  const due = await inTransaction(ctx.database.db, (tx) =>
    ctx.app.services.configuration.raiseDue(tx, {
      payerUserId: oa.id,
      head: 'APPLICATION_FEE',
      on: '2026-11-16',
      quantity: '1',
      recordType: 'Application',
      recordId: `MC-${seq}`,
      description: `Application fee MC-${seq}`,
    }),
  );
  const { body, headers } = multipart('uploadedFile', 'proof.pdf', FIXTURES.pdf);
  const up = await ctx.app.inject({
    method: 'POST',
    url: '/api/File/Upload?formName=Payment',
    payload: body,
    headers: { ...headers, ...bearer(oa.token) },
  });
  expect(up.statusCode, up.body).toBe(200);
  const made = await call(`/api/Payment/MakePayment/${due.id}`, oa.token, {
    mode: 'NEFT',
    reference: `MCUTR${String(seq).padStart(6, '0')}`,
    paymentDate: '2026-11-16',
    amountPaise: 590_000,
    bankName: 'State Bank of India',
    proofFileId: up.json().data.id,
  });
  expect(made.statusCode, made.body).toBe(200);
  const id = made.json().data.id as string;
  await ctx.database.db.update(payments).set({ madeBy: maker }).where(eq(payments.id, id));
  return id;
}
const statusOf = async (id: string) => (await ctx.database.db.select().from(payments).where(eq(payments.id, id)))[0]!.status;

describe('payments: the checker is never the maker', () => {
  it('an SLDC user cannot approve or revert a payment recorded as made by them; another SLDC user can', async () => {
    const id = await pendingPaymentMadeBy(sldc.id);

    const approve = await call(`/api/Payment/Approve/${id}`, sldc.token, {});
    expect(approve.statusCode, approve.body).toBe(403);
    expect(approve.json().message).toBe(enPayments.payments.errors.ownPayment);
    const revert = await call(`/api/Payment/Revert/${id}`, sldc.token, { remarks: 'Not credited' });
    expect(revert.statusCode, revert.body).toBe(403);
    expect(revert.json().message).toBe(enPayments.payments.errors.ownPayment);
    expect(await statusOf(id)).toBe('PENDING');

    const other = await call(`/api/Payment/Approve/${id}`, sldc2.token, {});
    expect(other.statusCode, other.body).toBe(200);
    expect(await statusOf(id)).toBe('APPROVED');
  });
});
