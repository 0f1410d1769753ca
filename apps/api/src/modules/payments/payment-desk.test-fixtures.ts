/**
 * The payment desk's set-up for API tests, once (the payments tests repeated it per file): a proof
 * upload, a payment made (and approved by the SLDC business user), a due raised through the ledger,
 * an approved payment written straight to the table, the field errors of an answer, and the parties:
 * an applicant with an approved seller and buyer, a trader with its approved trader registration, an
 * Advance application of theirs.
 */
import { expect } from 'vitest';

import { istDate } from '@stoa/shared/common';
import type { ChargeHead } from '@stoa/shared/configuration';

import { bearer, createUser, type TestContext } from '../../../test/build-test-app';
import { FIXTURES, multipart } from '../../../test/files-fixtures';
import { inTransaction } from '../../platform/db/transaction';
import { approvedParty, insertApplication } from '../applications/applications.test-fixtures';
import { insertRegistration, signIn } from '../registrations/registrations.test-fixtures';
import { payments } from './payments.tables';

const istToday = (ctx: TestContext) => istDate(ctx.clock.now());

type Token = { token: string };
type Res = {
  statusCode: number;
  body: string;
  json(): { data?: unknown; errorResponse?: { fieldName: string; errorMessages: string[] }[] };
};

export const callAs = (ctx: TestContext, method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

export const fieldErrors = (res: Res) => Object.fromEntries((res.json().errorResponse ?? []).map((e) => [e.fieldName, e.errorMessages]));

/** A proof (pdf) uploaded by `who`, not yet attached. */
export async function uploadProof(ctx: TestContext, who: Token) {
  const { body, headers } = multipart('uploadedFile', 'proof.pdf', FIXTURES.pdf);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/File/Upload?formName=Payment',
    payload: body,
    headers: { ...headers, ...bearer(who.token) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { id: string } }).data.id;
}

let seq = 0;
/** A UTR no other payment of this test worker uses. */
export const freshUtr = (prefix = 'UTR') =>
  `${prefix}${Date.now().toString(36).toUpperCase()}${String(++seq).padStart(5, '0')}`.slice(0, 30);

/** `who` makes a payment by NEFT on `dueId` (₹1,000.00 unless `over` says otherwise); the answer. */
export async function makePayment(ctx: TestContext, who: Token, dueId: string, over: Record<string, unknown> = {}) {
  return callAs(ctx, 'POST', `/api/Payment/MakePayment/${dueId}`, who.token, {
    mode: 'NEFT',
    reference: freshUtr(),
    paymentDate: istToday(ctx),
    amountPaise: 100_000,
    bankName: 'State Bank of India',
    proofFileId: await uploadProof(ctx, who),
    ...over,
  });
}

/** `who` pays `amountPaise` on `dueId` and `checker` (an SLDC business user) approves it; the payment's id. */
export async function paidAndApproved(ctx: TestContext, who: Token, checker: Token, dueId: string, amountPaise: number, over = {}) {
  const made = await makePayment(ctx, who, dueId, { amountPaise, ...over });
  expect(made.statusCode, made.body).toBe(200);
  const id = (made.json() as { data: { id: string } }).data.id;
  const approved = await callAs(ctx, 'POST', `/api/Payment/Approve/${id}`, checker.token, {});
  expect(approved.statusCode, approved.body).toBe(200);
  return id;
}

/** A due of `payerUserId` raised through the ledger on `on` (today, IST, by default). */
export const raiseDue = (
  ctx: TestContext,
  payerUserId: string,
  head: ChargeHead,
  recordType: string,
  recordId: string,
  opts: { quantity?: string; on?: string } = {},
) =>
  inTransaction(ctx.database.db, (tx) =>
    ctx.app.services.configuration.raiseDue(tx, {
      payerUserId,
      head,
      on: opts.on ?? istToday(ctx),
      quantity: opts.quantity ?? '1',
      recordType,
      recordId,
      description: `${head} ${recordId}`,
    }),
  );

/** An approved payment of `payerUserId` on `dueId`, written straight to the table (no receipt, no settlement). */
export async function approvedPaymentRow(ctx: TestContext, dueId: string, payerUserId: string, amountPaise: number, tdsAmountPaise = 0) {
  const [row] = await ctx.database.db
    .insert(payments)
    .values({
      dueId,
      payerUserId,
      mode: 'NEFT',
      reference: freshUtr('ROW'),
      paymentDate: istToday(ctx),
      bankName: 'State Bank of India',
      amountPaise,
      tdsAmountPaise,
      tdsSection: tdsAmountPaise > 0 ? '194C_OTHER' : null,
      status: 'APPROVED',
      madeBy: payerUserId,
      madeAt: ctx.clock.now(),
      checkedAt: ctx.clock.now(),
    })
    .returning();
  return row!;
}

let party = 0;
/** A signed-in applicant with an approved seller (Both) registration of its own and another user's approved buyer (Drawee). */
export async function applicantWithParties(ctx: TestContext) {
  const applicant = await signIn(ctx, 'OABusinessUser');
  const seller = await approvedParty(ctx, applicant.id, 'BothEntity');
  const other = await createUser(ctx, 'OABusinessUser', { entityType: 'DraweeEntity' });
  const buyer = await approvedParty(ctx, other.id, 'DraweeEntity');
  return { applicant, seller, buyer };
}

/** A signed-in trader with its approved trader registration (`data` adds to its form values, e.g. a bank step). */
export async function traderWithRegistration(ctx: TestContext, data: Record<string, unknown> = {}) {
  party++;
  const trader = await signIn(ctx, 'Trader', { entityType: 'Trader' });
  const registration = await insertRegistration(ctx, {
    ownerUserId: trader.id,
    entityType: 'Trader',
    status: 'Approved',
    registrationNo: `REG/TR/2026/${String(party).padStart(5, '0')}-${Math.random().toString(36).slice(2, 6)}`,
    data: { entityName: `Trader ${party}`, ...data },
  });
  return { trader, registration };
}

/**
 * An Advance application (10 MW) of a new applicant and its parties in `status` (STOAApproved: granted
 * in full), filed by `trader` for it when given.
 */
export async function advanceApplication(
  ctx: TestContext,
  status: 'Submitted' | 'STOAApproved',
  trader?: { trader: { id: string }; registration: { id: string } },
) {
  const { applicant, seller, buyer } = await applicantWithParties(ctx);
  const app = await insertApplication(ctx, {
    type: 'Advance',
    status,
    applicantUserId: applicant.id,
    createdByUserId: trader?.trader.id,
    traderRegistrationId: trader?.registration.id,
    sellerRegistrationId: seller.id,
    buyerRegistrationId: buyer.id,
    grantedPercent: status === 'STOAApproved' ? 100 : undefined,
  });
  return { applicant, seller, buyer, app };
}
