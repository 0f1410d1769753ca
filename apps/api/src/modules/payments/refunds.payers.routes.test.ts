import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { revisionEndpoints as e, type RevisionDetail } from '@stoa/shared/revisions';

import { buildTestApp, type TestContext } from '../../../test/build-test-app';
import { readApplication } from '../applications/applications.test-fixtures';
import { auditLog } from '../audit/audit.tables';
import { dues } from '../configuration/configuration.tables';
import { insertInvitation } from '../e-bidding/e-bidding.test-fixtures';
import { notifications } from '../notifications/notifications.tables';
import { call, signIn, type SignedIn } from '../registrations/registrations.test-fixtures';
import { revisionBody } from '../revisions/revisions.test-fixtures';
import {
  advanceApplication,
  approvedPaymentRow,
  callAs,
  fieldErrors,
  paidAndApproved,
  raiseDue,
  traderWithRegistration,
} from './payment-desk.test-fixtures';
import { BANK, curtailmentRefund, transmissionChargedApplication, withBank } from './refunds.test-fixtures';

/**
 * A refund goes to whoever paid the money refunded (decision 0078). A trader pays the dues of the
 * applications it acts for (decision 0071); when such an application is rejected, or its schedule is
 * curtailed or revised down after its transmission charge was paid, the trader's part of the refund is
 * the trader's item — its registered bank account, its Refund list, its notice — and the applicant's
 * part the applicant's. A curtailment or revision refund is shared in proportion to what each paid.
 */
let ctx: TestContext;
let sldc: SignedIn;
let approverI: SignedIn;
let approverII: SignedIn;
const NOW = new Date('2026-11-16T06:00:00Z');
const TRADER_BANK = { accountHolderName: 'Bharat Power Traders', bankName: 'HDFC Bank', accountNumber: '50100200300', ifsc: 'HDFC0000123' };

beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(NOW);
  [sldc, approverI, approverII] = await Promise.all([
    signIn(ctx, 'SLDCBusinessUser'),
    signIn(ctx, 'SLDCApproverI'),
    signIn(ctx, 'SLDCApproverII'),
  ]);
});
afterAll(() => ctx.close());

type Item = { sourceId: string; recordId: string; payerUserId: string; amount: number; balanceAmount: number; bankAccount: object | null };
const itemsOf = async (sourceType: string, token = sldc.token) =>
  (await callAs(ctx, 'GET', `/api/Payment/GetRefundDetails?pageNumber=1&pageSize=100&sourceType=${sourceType}`, token)).json().data
    .refundList as Item[];

describe('a refund goes to whoever paid (decision 0078)', () => {
  it('a rejection refunds the trader what it paid on its applicant’s charges, and the applicant what it paid', async () => {
    const filer = await traderWithRegistration(ctx, TRADER_BANK);
    const { trader } = filer;
    const { applicant, app } = await advanceApplication(ctx, 'STOAApproved', filer);
    const first = await insertInvitation(ctx, sldc.id, [{ id: app.id, appliedCenti: 1000 }], { status: 'Completed' });
    const second = await insertInvitation(ctx, sldc.id, [{ id: app.id, appliedCenti: 1000 }], { status: 'Completed' });
    const price1 = await raiseDue(ctx, applicant.id, 'STU_TRANSMISSION_CHARGE', 'EBiddingApplication', first.invited[0]!.id, {
      quantity: '10000',
    });
    const price2 = await raiseDue(ctx, applicant.id, 'STU_TRANSMISSION_CHARGE', 'EBiddingApplication', second.invited[0]!.id, {
      quantity: '5000',
    });
    // The trader pays the first price in full, the applicant part of the second.
    await paidAndApproved(ctx, trader, sldc, price1.id, price1.totalAmount);
    await paidAndApproved(ctx, applicant, sldc, price2.id, 10_000);

    const res = await callAs(ctx, 'POST', `/api/Application/Reject/Advance/${app.id}`, approverI.token, {
      version: (await readApplication(ctx, app.id)).version,
      remarks: 'Documents do not match the registration',
    });
    expect(res.statusCode, res.body).toBe(200);

    // One item per payer, each with its own bank account.
    const items = (await itemsOf('Rejection')).filter((i) => i.sourceId === app.id);
    expect(items.map((i) => [i.payerUserId, i.amount]).sort()).toEqual(
      [
        [trader.id, price1.totalAmount],
        [applicant.id, 10_000],
      ].sort(),
    );
    expect(items.find((i) => i.payerUserId === trader.id)!.bankAccount).toEqual(TRADER_BANK);
    // Each payer sees its own share only.
    expect((await itemsOf('Rejection', trader.token)).map((i) => [i.sourceId, i.amount])).toEqual([[app.id, price1.totalAmount]]);
    expect((await itemsOf('Rejection', applicant.token)).map((i) => [i.sourceId, i.amount])).toEqual([[app.id, 10_000]]);
    // The audit row names the payers; each is told of its own refund.
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, app.id), eq(auditLog.action, 'REFUND_DUE_RAISED')))
      .orderBy(asc(auditLog.id));
    expect(audit!.after).toMatchObject({ amountPaise: price1.totalAmount + 10_000 });
    expect((audit!.after as { payers: { payerUserId: string; amountPaise: number }[] }).payers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ payerUserId: trader.id, amountPaise: price1.totalAmount }),
        expect.objectContaining({ payerUserId: applicant.id, amountPaise: 10_000 }),
      ]),
    );
    const bell = async (userId: string) =>
      (await ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.message);
    expect((await bell(trader.id)).some((m) => m.includes('will be refunded') && m.includes(app.applicationNo))).toBe(true);

    // The maker must say whose share; the trader's goes to the trader's account, within the trader's share.
    const key = { sourceType: 'Rejection', sourceId: app.id, recordId: app.id };
    const unnamed = await callAs(ctx, 'POST', '/api/Payment/MakeRefund', sldc.token, { ...key, amountPaise: 1, remarks: 'Rejected' });
    expect(unnamed.statusCode, unnamed.body).toBe(400);
    expect(fieldErrors(unnamed).payerUserId).toBeDefined();
    const tooMuch = await callAs(ctx, 'POST', '/api/Payment/MakeRefund', sldc.token, {
      ...key,
      payerUserId: trader.id,
      amountPaise: price1.totalAmount + 1,
      remarks: 'Rejected',
    });
    expect(tooMuch.statusCode).toBe(400);
    const made = await callAs(ctx, 'POST', '/api/Payment/MakeRefund', sldc.token, {
      ...key,
      payerUserId: trader.id,
      amountPaise: price1.totalAmount,
      remarks: 'Rejected: the trader paid the price',
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data).toMatchObject({ payerUserId: trader.id, bankAccount: TRADER_BANK, amount: price1.totalAmount });
    const paid = await callAs(ctx, 'POST', `/api/Payment/ApproveRefund/${made.json().data.id}`, approverII.token, {
      payoutReference: 'HDFC26111600001',
      payoutDate: '2026-11-16',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    // The applicant's share is untouched by the trader's refund.
    const after = (await itemsOf('Rejection')).filter((i) => i.sourceId === app.id);
    expect(after.find((i) => i.payerUserId === trader.id)!.balanceAmount).toBe(0);
    expect(after.find((i) => i.payerUserId === applicant.id)!.balanceAmount).toBe(10_000);
    // The trader reads its refund's history on the application; the applicant does not see the trader's.
    expect(JSON.stringify((await callAs(ctx, 'GET', `/api/Payment/GetRefundHistory/${app.id}`, trader.token)).json().data)).toContain(
      'HDFC26111600001',
    );
    expect(
      JSON.stringify((await callAs(ctx, 'GET', `/api/Payment/GetRefundHistory/${app.id}`, applicant.token)).json().data),
    ).not.toContain('HDFC26111600001');
  });

  it('a curtailment refund is shared by who paid the transmission charge, in proportion, in whole paise', async () => {
    const { trader } = await traderWithRegistration(ctx, TRADER_BANK);
    const { applicant, app, curtailmentId } = await curtailmentRefund(ctx, '2026-11-20', sldc.id);
    const [due] = await ctx.database.db
      .select()
      .from(dues)
      .where(and(eq(dues.recordId, app.id), eq(dues.head, 'STU_TRANSMISSION_CHARGE')));
    // No payment recorded (the charge marked paid): the applicant's, as before.
    const before = (await itemsOf('Curtailment')).filter((i) => i.sourceId === curtailmentId);
    expect(before.map((i) => i.payerUserId)).toEqual([applicant.id]);
    const refund = before[0]!.amount;
    // The trader paid three quarters of the charge (a part as TDS), the applicant the rest.
    const applicantPaid = Math.floor(due!.totalPaise / 4);
    await approvedPaymentRow(ctx, due!.id, trader.id, due!.totalPaise - applicantPaid - 1_000, 1_000);
    await approvedPaymentRow(ctx, due!.id, applicant.id, applicantPaid);
    const shares = (await itemsOf('Curtailment')).filter((i) => i.sourceId === curtailmentId);
    const applicantShare = Math.floor((refund * applicantPaid) / due!.totalPaise);
    expect(shares.map((i) => [i.payerUserId, i.amount]).sort()).toEqual(
      [
        [trader.id, refund - applicantShare],
        [applicant.id, applicantShare],
      ].sort(),
    );
    await withBank(ctx, applicant.id);
    const made = await callAs(ctx, 'POST', '/api/Payment/MakeRefund', sldc.token, {
      sourceType: 'Curtailment',
      sourceId: curtailmentId,
      recordId: app.id,
      payerUserId: applicant.id,
      amountPaise: applicantShare,
      remarks: 'Curtailed',
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data).toMatchObject({ payerUserId: applicant.id, bankAccount: BANK });
  });

  it('a revision refund goes to the trader that paid the whole transmission charge', async () => {
    ctx.clock.set(new Date('2026-07-10T10:07:00+05:30'));
    try {
      const { trader } = await traderWithRegistration(ctx, TRADER_BANK);
      const applicant = await signIn(ctx, 'OABusinessUser');
      const { app, due } = await transmissionChargedApplication(ctx, applicant.id);
      await approvedPaymentRow(ctx, due.id, trader.id, due.totalPaise);
      const req = await call(ctx, e.request, applicant, { body: revisionBody(app.id, [{}], 'Generator outage') });
      expect(req.statusCode, req.body).toBe(200);
      const made: RevisionDetail = req.json().data;
      const res = await call(ctx, e.approve, sldc, {
        params: { revisionId: made.id },
        body: { version: made.version, remarks: 'Checked' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const items = (await itemsOf('Revision')).filter((i) => i.sourceId === made.id);
      expect(items.map((i) => [i.payerUserId, i.amount])).toEqual([[trader.id, 472_000]]);
      expect((await itemsOf('Revision', applicant.token)).some((i) => i.sourceId === made.id)).toBe(false);
    } finally {
      ctx.clock.set(NOW);
    }
  });
});
