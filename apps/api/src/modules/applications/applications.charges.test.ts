import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { applicationEndpoints as e, type ApplicationType } from '@stoa/shared/applications';
import { eBiddingEndpoints } from '@stoa/shared/e-bidding';

import { buildTestApp, type TestContext } from '../../../test/build-test-app';
import { chargeRates, dues } from '../configuration/configuration.tables';
import { congestedApplication, congestionRow, insertInvitation, insertProposal, moveDeadline } from '../e-bidding/e-bidding.test-fixtures';
import { call, signIn, type SignedIn } from '../registrations/registrations.test-fixtures';
import { transmissionCharge } from './charges';
import {
  applicantWithParties,
  approvedTrader,
  associate,
  insertApplication,
  readApplication,
  type Row,
} from './applications.test-fixtures';

/**
 * Charges raised on final approval (issue 13, decision 0046): the STU transmission charge on the
 * approved energy and the SLDC operating charge per day, at the rates in force on the approval
 * date (defaults: Rs 0.08/kWh with 0 % GST, Rs 1,000 per day with 18 % GST), as dues of the applicant.
 */
let ctx: TestContext;
let approver2: SignedIn;

beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(new Date('2026-07-10T10:05:00+05:30'));
  approver2 = await signIn(ctx, 'SLDCApproverII');
});
afterAll(() => ctx.close());

const row = (date: string, from: string, to: string, mw: string): Row => ({
  oaFromDate: date,
  oaToDate: date,
  fromTimeBlock: from,
  toTimeBlock: to,
  oaRequirement: mw,
});

/** An application at the last approver's level, granted `percent` of its schedule. */
async function atFinalApproval(rows: Row[], percent = 100, trader?: { userId: string; registrationId: string }) {
  const { applicant, own, buyer } = await applicantWithParties(ctx);
  if (trader) await associate(ctx, applicant.id, trader.registrationId);
  const app = await insertApplication(ctx, {
    status: 'SLDCApproverIApproved',
    applicantUserId: applicant.id,
    createdByUserId: trader?.userId,
    traderRegistrationId: trader?.registrationId,
    sellerRegistrationId: own.id,
    buyerRegistrationId: buyer.id,
    rows,
    grantedPercent: percent,
  });
  return { app, applicant };
}

/** Sets the clock and signs the approver in again (a session does not outlive a jump of days). */
async function at(iso: string) {
  ctx.clock.set(new Date(iso));
  approver2 = await signIn(ctx, 'SLDCApproverII');
}

async function approve(id: string, type: ApplicationType = 'DayAhead', by: SignedIn = approver2) {
  ctx.clock.advance(1);
  const version = (await readApplication(ctx, id)).version;
  return call(ctx, e.approve, by, { params: { type, id }, body: { remarks: '', version } });
}

async function duesOf(applicationId: string) {
  const rows = await ctx.database.db
    .select()
    .from(dues)
    .where(and(eq(dues.recordType, 'Application'), eq(dues.recordId, applicationId)));
  return Object.fromEntries(rows.map((r) => [r.head, r]));
}

describe('charges on final approval', () => {
  it('raises the transmission charge on the approved kWh and the operating charge per day, with GST, for the applicant', async () => {
    // 10 MW × 8 blocks on the 12th (20 MWh) + 1 MW × 1 block on the 13th (0.25 MWh) = 20,250 kWh.
    const { app, applicant } = await atFinalApproval([row('2026-07-12', '10:00', '12:00', '10'), row('2026-07-13', '10:00', '10:15', '1')]);
    const res = await approve(app.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('Approved');
    const d = await duesOf(app.id);
    expect(d.STU_TRANSMISSION_CHARGE).toMatchObject({
      payerUserId: applicant.id,
      unit: 'INR_PER_KWH',
      quantity: '20250.0000',
      rate: '0.0800',
      baseAmountPaise: 162_000, // Rs 1,620.00
      gstAmountPaise: 0,
      totalPaise: 162_000,
      status: 'DUE',
    });
    expect(d.SLDC_OPERATING_CHARGE).toMatchObject({
      payerUserId: applicant.id,
      unit: 'INR_PER_DAY',
      quantity: '2.0000',
      baseAmountPaise: 200_000, // 2 days × Rs 1,000
      gstAmountPaise: 36_000, // 18 %
      totalPaise: 236_000,
    });
    expect(d.SLDC_OPERATING_CHARGE!.dueDate > '2026-07-10').toBe(true);
  });

  it('charges the granted part of a partially approved application to the applicant, not the trader who filed it', async () => {
    const { user: trader, registration } = await approvedTrader(ctx);
    const { app, applicant } = await atFinalApproval([row('2026-07-12', '10:00', '12:00', '10')], 50, {
      userId: trader.id,
      registrationId: registration.id,
    });
    const res = await approve(app.id);
    expect(res.json().data.status).toBe('PartiallyApproved');
    const d = await duesOf(app.id);
    // 5 MW × 8 blocks = 10 MWh = 10,000 kWh × Rs 0.08.
    expect(d.STU_TRANSMISSION_CHARGE).toMatchObject({ payerUserId: applicant.id, quantity: '10000.0000', totalPaise: 80_000 });
    expect(d.SLDC_OPERATING_CHARGE).toMatchObject({ payerUserId: applicant.id, quantity: '1.0000', totalPaise: 118_000 });
    expect((await ctx.database.db.select().from(dues).where(eq(dues.payerUserId, trader.id))).length).toBe(0);
  });

  it('takes the rate in force on the approval date', async () => {
    await ctx.database.db.insert(chargeRates).values([
      { head: 'STU_TRANSMISSION_CHARGE', unit: 'INR_PER_KWH', amount: '0.1', gstRatePercent: '0', effectiveFrom: '2026-07-20' },
      { head: 'SLDC_OPERATING_CHARGE', unit: 'INR_PER_DAY', amount: '1500', gstRatePercent: '18', effectiveFrom: '2026-07-20' },
    ]);
    const before = await atFinalApproval([row('2026-07-22', '10:00', '12:00', '10')]);
    const after = await atFinalApproval([row('2026-07-22', '10:00', '12:00', '10')]);
    await at('2026-07-19T23:59:00+05:30');
    expect((await approve(before.app.id)).statusCode).toBe(200);
    await at('2026-07-20T00:01:00+05:30');
    expect((await approve(after.app.id)).statusCode).toBe(200);
    const [a, b] = [await duesOf(before.app.id), await duesOf(after.app.id)];
    expect(a.STU_TRANSMISSION_CHARGE).toMatchObject({ rate: '0.0800', totalPaise: 160_000 });
    expect(a.SLDC_OPERATING_CHARGE).toMatchObject({ rate: '1000.0000', totalPaise: 118_000 });
    expect(b.STU_TRANSMISSION_CHARGE).toMatchObject({ rate: '0.1000', totalPaise: 200_000 });
    expect(b.SLDC_OPERATING_CHARGE).toMatchObject({ rate: '1500.0000', baseAmountPaise: 150_000, gstAmountPaise: 27_000 });
  });

  it('charges Rs/MW/day on MW-days pro-rata to the blocks when that basis is configured, exactly', async () => {
    await ctx.database.db.insert(chargeRates).values({
      head: 'STU_TRANSMISSION_CHARGE',
      unit: 'INR_PER_MW_DAY',
      amount: '5000',
      gstRatePercent: '18',
      effectiveFrom: '2026-08-01',
    });
    await at('2026-08-01T10:00:00+05:30');
    // 1 MW all day on the 3rd (1 MW-day) + 1 MW for 8 blocks on the 4th (1/12 MW-day) = 13/12 MW-days.
    const { app } = await atFinalApproval([row('2026-08-03', '00:00', '24:00', '1'), row('2026-08-04', '10:00', '12:00', '1')]);
    expect((await approve(app.id)).statusCode).toBe(200);
    const d = await duesOf(app.id);
    expect(d.STU_TRANSMISSION_CHARGE).toMatchObject({
      unit: 'INR_PER_MW_DAY',
      rate: '5000.0000',
      quantity: '1.0833',
      baseAmountPaise: 541_667, // Rs 5,416.666… rounded half up once, not 1.0833 × 5000
      gstAmountPaise: 97_500,
      totalPaise: 639_167,
    });
    expect(d.SLDC_OPERATING_CHARGE).toMatchObject({ quantity: '2.0000' });
  });

  it('computes both bases without floats', () => {
    expect(transmissionCharge(9600, { amount: '5000', unit: 'INR_PER_MW_DAY' })).toEqual({ quantity: '1.0000', basePaise: 500_000 });
    expect(transmissionCharge(1, { amount: '0.0001', unit: 'INR_PER_KWH' })).toEqual({ quantity: '2.5', basePaise: 0 });
    expect(transmissionCharge(3, { amount: '0.07', unit: 'INR_PER_KWH' })).toEqual({ quantity: '7.5', basePaise: 53 }); // 52.5 paise
    expect(() => transmissionCharge(1, { amount: '1', unit: 'INR' })).toThrow();
  });

  it('raises nothing before the final approval and nothing twice', async () => {
    const { app } = await atFinalApproval([row('2026-08-05', '10:00', '12:00', '2')]);
    expect(await duesOf(app.id)).toEqual({});
    expect((await approve(app.id)).statusCode).toBe(200);
    expect(Object.keys(await duesOf(app.id)).sort()).toEqual(['SLDC_OPERATING_CHARGE', 'STU_TRANSMISSION_CHARGE']);
    expect((await approve(app.id)).statusCode).toBe(409);
    expect(Object.keys(await duesOf(app.id))).toHaveLength(2);
  });
});

describe('an application allocated through e-bidding (decision 0057)', () => {
  /**
   * A congested Advance application bid for and allocated `marginCenti` by a processed invitation
   * (congestion window: CONGESTION_DAY 10:00–12:00), then approved by Approver I and II.
   */
  async function eBiddedAndApproved(rows: Row[], appliedCenti: number, marginCenti: number) {
    await at('2026-07-15T10:00:00+05:30'); // the default Rs 0.08/kWh rate, 0 % GST
    const sldc = await signIn(ctx, 'SLDCBusinessUser');
    const approver1 = await signIn(ctx, 'SLDCApproverI');
    const app = await congestedApplication(ctx, null, rows);
    const { invitation, invited } = await insertInvitation(ctx, sldc.id, [{ id: app.id, appliedCenti }], { marginCenti });
    await insertProposal(ctx, invitation.id, invited[0]!.id, app.id, app.applicantUserId, '0.25');
    await moveDeadline(ctx, invitation.id, -1);
    const view = await call(ctx, eBiddingEndpoints.getProposalsOfInvitation, sldc, { params: { id: invitation.id } });
    const processed = await call(ctx, eBiddingEndpoints.processEBiddingRequest, sldc, {
      body: { bidInvitationId: invitation.id, applicationDetails: view.json().data.proposalList },
    });
    expect(processed.statusCode, processed.body).toBe(200);
    expect((await readApplication(ctx, app.id)).status).toBe('STOAApproved');
    expect((await approve(app.id, 'Advance', approver1)).statusCode).toBe(200);
    const res = await approve(app.id, 'Advance');
    expect(res.statusCode, res.body).toBe(200);
    const [price] = await ctx.database.db
      .select()
      .from(dues)
      .where(and(eq(dues.recordType, 'EBiddingApplication'), eq(dues.recordId, invited[0]!.id)));
    return { app, price: price!, status: res.json().data.status as string };
  }

  it('charges transmission on the granted energy outside the congestion window only', async () => {
    // 10 MW 08:00–12:00 on the congestion day (2031-05-10) and 4 MW 10:00–12:00 the day after; 6 MW allocated in the window.
    const next = '2031-05-11';
    const { app, price, status } = await eBiddedAndApproved(
      [congestionRow('10', { fromTimeBlock: '08:00' }), congestionRow('4', { oaFromDate: next, oaToDate: next })],
      1000,
      600,
    );
    expect(status).toBe('PartiallyApproved');
    // The e-bidding price covers the window: 6 MW × 8 blocks = 12,000 kWh at Rs 0.25.
    expect(price).toMatchObject({ quantity: '12000.0000', baseAmountPaise: 300_000 });
    const d = await duesOf(app.id);
    // Outside it: 10 MW × 8 blocks (08:00–10:00) + 4 MW × 8 blocks on the next day = 28,000 kWh × Rs 0.08.
    expect(d.STU_TRANSMISSION_CHARGE).toMatchObject({
      payerUserId: app.applicantUserId,
      unit: 'INR_PER_KWH',
      quantity: '28000.0000',
      rate: '0.0800',
      baseAmountPaise: 224_000,
      totalPaise: 224_000,
    });
    expect(d.STU_TRANSMISSION_CHARGE!.description).toContain('outside the e-bidding congestion window');
    // The operating charge is unchanged: both days.
    expect(d.SLDC_OPERATING_CHARGE).toMatchObject({ quantity: '2.0000', baseAmountPaise: 200_000 });
  });

  it('raises no transmission charge when the whole grant lies in the window, the operating charge still', async () => {
    const { app, price, status } = await eBiddedAndApproved([congestionRow('5')], 500, 10_000);
    expect(status).toBe('Approved');
    expect(price).toMatchObject({ quantity: '10000.0000', baseAmountPaise: 250_000 }); // 5 MW × 2 h at Rs 0.25
    const d = await duesOf(app.id);
    expect(Object.keys(d)).toEqual(['SLDC_OPERATING_CHARGE']);
    expect(d.SLDC_OPERATING_CHARGE).toMatchObject({ quantity: '1.0000', totalPaise: 118_000 });
  });
});
