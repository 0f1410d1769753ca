import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestContext } from '../../../test/build-test-app';
import { inTransaction } from '../../platform/db/transaction';
import { insertApplication } from '../applications/applications.test-fixtures';
import { dues } from '../configuration/configuration.tables';
import { insertInvitation } from '../e-bidding/e-bidding.test-fixtures';
import { notifications } from '../notifications/notifications.tables';
import { users } from '../users/users.tables';
import { signIn, type SignedIn } from '../registrations/registrations.test-fixtures';
import { runAutoDefaulter } from './defaulters';
import { advanceApplication, applicantWithParties, callAs, traderWithRegistration, uploadProof } from './payment-desk.test-fixtures';
import { payments } from './payments.tables';

/**
 * A trader pays, and claims TDS on, the dues of the applications it acts for (decision 0071): those it
 * filed for an applicant or whose trader registration it owns — the applicant's application fee and
 * charges, their e-bidding price dues and the interest raised on them. The payment is the trader's
 * (its monthly TDS list, its receipt, its credit); the due stays the applicant's, who is told when it
 * is approved. A trader has no TDS declaration (no TDS Configuration, spec 001 §2): it names the
 * section on the payment and may claim at most that section's rate on the amount before GST. Any
 * other due answers 404 to it, as to anyone not its payer.
 */
let ctx: TestContext;
let sldc: SignedIn;

beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(new Date('2026-11-16T06:00:00Z'));
  sldc = await signIn(ctx, 'SLDCBusinessUser');
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) => callAs(ctx, method, url, token, payload);
const fieldErrors = (res: { json(): { errorResponse?: { fieldName: string; errorMessages: string[] }[] } }) =>
  Object.fromEntries((res.json().errorResponse ?? []).map((e) => [e.fieldName, e.errorMessages]));

const upload = (token: string) => uploadProof(ctx, { token });
let utr = 0;
async function pay(who: SignedIn, dueId: string, over: Record<string, unknown> = {}) {
  utr++;
  return call('POST', `/api/Payment/MakePayment/${dueId}`, who.token, {
    mode: 'NEFT',
    reference: `TRPAY${String(utr).padStart(6, '0')}`,
    paymentDate: '2026-11-16',
    amountPaise: 100_000,
    bankName: 'HDFC Bank',
    proofFileId: await upload(who.token),
    ...over,
  });
}
const raise = (
  payerUserId: string,
  head: 'APPLICATION_FEE' | 'STU_TRANSMISSION_CHARGE' | 'LATE_PAYMENT_INTEREST',
  recordType: string,
  recordId: string,
  quantity = '1',
) =>
  inTransaction(ctx.database.db, (tx) =>
    ctx.app.services.configuration.raiseDue(tx, {
      payerUserId,
      head,
      on: '2026-11-16',
      quantity,
      recordType,
      recordId,
      description: `${head} ${recordId}`,
    }),
  );
const listed = async (who: SignedIn) =>
  ((await call('GET', '/api/Payment/GetPaymentList?pageNumber=1&pageSize=100', who.token)).json().data.paymentList as { id: string }[]).map(
    (d) => d.id,
  );

/** A trader (with its approved trader registration) and an applicant with its seller and buyer. */
async function traderAndApplicant() {
  return { ...(await traderWithRegistration(ctx)), ...(await applicantWithParties(ctx)) };
}

describe('a trader pays the dues of the applications it acts for (decision 0071)', () => {
  it('pays the fee of an application it filed, with TDS under the section it names; the payment and its TDS are the trader’s', async () => {
    const { trader, registration, applicant, seller, buyer } = await traderAndApplicant();
    const app = await insertApplication(ctx, {
      type: 'Advance',
      status: 'Submitted',
      applicantUserId: applicant.id,
      createdByUserId: trader.id,
      traderRegistrationId: registration.id,
      sellerRegistrationId: seller.id,
      buyerRegistrationId: buyer.id,
    });
    const fee = await raise(applicant.id, 'APPLICATION_FEE', 'Application', app.id);
    // It lists and reads the applicant's due.
    expect(await listed(trader)).toContain(fee.id);
    const details = await call('GET', `/api/Payment/GetPaymentDetails/${fee.id}`, trader.token);
    expect(details.statusCode, details.body).toBe(200);
    // 194J(a) is 2 % of ₹5,000.00 before GST: at most ₹100.00; more is refused, so is a claim without an amount.
    const over = await pay(trader, fee.id, { tdsSection: '194J_A', tdsAmountPaise: 10_001 });
    expect(over.statusCode).toBe(400);
    expect(fieldErrors(over)).toEqual({
      tdsAmountPaise: [
        "TDS Amount cannot exceed ₹100.00 (the section's rate on the amount before GST, less TDS already claimed on this due)",
      ],
    });
    const zero = await pay(trader, fee.id, { tdsSection: '194J_A', tdsAmountPaise: 0 });
    expect(Object.keys(fieldErrors(zero))).toEqual(['tdsAmountPaise']);
    expect(await ctx.database.db.select().from(payments).where(eq(payments.dueId, fee.id))).toEqual([]);

    const made = await pay(trader, fee.id, { amountPaise: fee.totalAmount - 10_000, tdsSection: '194J_A', tdsAmountPaise: 10_000 });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data).toMatchObject({ payerUserId: trader.id, tdsSection: '194J_A', tdsAmount: 10_000, status: 'PENDING' });
    const approved = await call('POST', `/api/Payment/Approve/${made.json().data.id}`, sldc.token, {});
    expect(approved.statusCode, approved.body).toBe(200);
    // The applicant's due is settled; the applicant is told its trader paid it.
    expect((await ctx.database.db.select().from(dues).where(eq(dues.id, fee.id)))[0]!.status).toBe('PAID');
    const bell = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, applicant.id));
    expect(bell.some((n) => n.message.includes('on your behalf') && n.message.includes('is fully paid'))).toBe(true);
    // The TDS is the trader's to deposit: its monthly list, not the applicant's.
    const month = async (who: SignedIn) =>
      (await call('GET', '/api/Payment/GetMonthlyTDSList?pageNumber=1&pageSize=10&month=2026-11', who.token)).json().data.tdsMonthList as {
        deductedAmount: number;
      }[];
    expect((await month(trader))[0]).toMatchObject({ deductedAmount: 10_000 });
    expect(await month(applicant)).toEqual([]);
    // Its receipt.
    const receipt = await call('GET', `/api/Payment/Receipt/${made.json().data.id}`, trader.token);
    expect(receipt.statusCode).toBe(200);
  });

  it('pays the e-bidding price of an application whose trader registration it owns, and the interest raised on a due it may pay', async () => {
    const { trader, registration, applicant, seller, buyer } = await traderAndApplicant();
    const app = await insertApplication(ctx, {
      type: 'Advance',
      status: 'STOAApproved',
      applicantUserId: applicant.id,
      traderRegistrationId: registration.id,
      sellerRegistrationId: seller.id,
      buyerRegistrationId: buyer.id,
      grantedPercent: 100,
    });
    const inv = await insertInvitation(ctx, sldc.id, [{ id: app.id, appliedCenti: 1000 }], { status: 'Completed' });
    const price = await raise(applicant.id, 'STU_TRANSMISSION_CHARGE', 'EBiddingApplication', inv.invited[0]!.id, '10000');
    const interest = await raise(applicant.id, 'LATE_PAYMENT_INTEREST', 'Due', price.id, '10.0000');
    expect(await listed(trader)).toEqual(expect.arrayContaining([price.id, interest.id]));
    const made = await pay(trader, price.id, { amountPaise: 1_000, tdsSection: '194C_OTHER', tdsAmountPaise: 100 });
    expect(made.statusCode, made.body).toBe(200);
    expect((await pay(trader, interest.id, { amountPaise: 100 })).statusCode).toBe(200);
  });

  it('refuses a trader every other due: another trader’s applicant, an applicant’s own application, a registration', async () => {
    const { trader, registration, applicant, seller, buyer } = await traderAndApplicant();
    const outsider = await signIn(ctx, 'Trader', { entityType: 'Trader' });
    const filed = await insertApplication(ctx, {
      type: 'Advance',
      status: 'Submitted',
      applicantUserId: applicant.id,
      createdByUserId: trader.id,
      traderRegistrationId: registration.id,
      sellerRegistrationId: seller.id,
      buyerRegistrationId: buyer.id,
    });
    const own = await insertApplication(ctx, {
      type: 'Advance',
      status: 'Submitted',
      applicantUserId: applicant.id,
      sellerRegistrationId: seller.id,
      buyerRegistrationId: buyer.id,
    });
    const filedFee = await raise(applicant.id, 'APPLICATION_FEE', 'Application', filed.id);
    const ownFee = await raise(applicant.id, 'APPLICATION_FEE', 'Application', own.id);
    const registrationFee = await raise(applicant.id, 'APPLICATION_FEE', 'Registration', seller.id);
    // Another trader: nothing of this applicant's.
    expect((await pay(outsider, filedFee.id)).statusCode).toBe(404);
    expect((await call('GET', `/api/Payment/GetPaymentDetails/${filedFee.id}`, outsider.token)).statusCode).toBe(404);
    expect(await listed(outsider)).not.toContain(filedFee.id);
    // The trader itself: not the applicant's own application, nor its registration.
    for (const due of [ownFee, registrationFee]) {
      expect((await pay(trader, due.id)).statusCode).toBe(404);
      expect((await call('GET', `/api/Payment/GetPaymentDetails/${due.id}`, trader.token)).statusCode).toBe(404);
    }
    expect(await listed(trader)).toEqual([filedFee.id]);
    // An OA applicant still pays only its own dues, and claims TDS only under its declaration.
    const stranger = await signIn(ctx, 'OABusinessUser');
    expect((await pay(stranger, filedFee.id)).statusCode).toBe(404);
    const undeclared = await pay(applicant, ownFee.id, { tdsSection: '194J_A', tdsAmountPaise: 100 });
    expect(fieldErrors(undeclared)).toEqual({
      tdsSection: ['You have no TDS declaration on this charge head in force on the payment date; TDS cannot be claimed.'],
    });
    // The payments made were none.
    expect(
      await ctx.database.db
        .select()
        .from(payments)
        .where(and(eq(payments.dueId, filedFee.id))),
    ).toEqual([]);
  });

  it('a trader settling its applicant’s overdue due clears the applicant’s automatic defaulter flag at once (decision 0078)', async () => {
    const filer = await traderWithRegistration(ctx);
    const { applicant, app } = await advanceApplication(ctx, 'Submitted', filer);
    const fee = await raise(applicant.id, 'APPLICATION_FEE', 'Application', app.id);
    // Due 1 Aug 2026: more than 90 days unpaid on 16 Nov; the rule marks the applicant, not the trader.
    await ctx.database.db.update(dues).set({ dueDate: '2026-08-01' }).where(eq(dues.id, fee.id));
    await runAutoDefaulter({
      db: ctx.database.db,
      clock: ctx.clock,
      audit: ctx.app.services.audit,
      notifications: ctx.app.services.notifications,
    });
    const flag = async (id: string) => (await ctx.database.db.select().from(users).where(eq(users.id, id)))[0]!.isDefaulter;
    expect(await flag(applicant.id)).toBe(true);
    const made = await pay(filer.trader, fee.id, { amountPaise: fee.totalAmount });
    expect(made.statusCode, made.body).toBe(200);
    expect((await call('POST', `/api/Payment/Approve/${made.json().data.id}`, sldc.token, {})).statusCode).toBe(200);
    expect(await flag(applicant.id)).toBe(false);
    expect(await flag(filer.trader.id)).toBe(false);
  });
});
