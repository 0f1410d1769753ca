import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type CurtailmentDetail, curtailmentEndpoints as e } from '@stoa/shared/curtailment';

import { buildTestApp, type TestContext } from '../../../test/build-test-app';
import { eBiddingApplications, eBiddingInvitations } from '../e-bidding/e-bidding.tables';
import { CONGESTION_DAY, insertInvitation } from '../e-bidding/e-bidding.test-fixtures';
import { call, signIn, type SignedIn } from '../registrations/registrations.test-fixtures';
import { approvedApplication, curtailmentBody, marginsOn } from './curtailment.test-fixtures';

/**
 * Decision 0059: a transmission-constraint curtailment refunds the STU transmission charge only on the
 * cut blocks outside the congestion window of an e-bidding invitation that allocated the application
 * (decision 0057: the charge was never levied inside it). The recorded energy is still the whole cut.
 * The fixtures' window is CONGESTION_DAY 10:00–12:00 (blocks 41–48); rate Rs 0.08/kWh, 0 % GST.
 */
let ctx: TestContext;
let sldc: SignedIn;

beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(new Date('2026-07-10T10:05:00+05:30'));
  sldc = await signIn(ctx, 'SLDCBusinessUser');
});
afterAll(() => ctx.close());

/** An approved 6 MW application 08:00–12:00 on `day`, allocated by a completed invitation (window CONGESTION_DAY 10:00–12:00). */
async function allocated(day: string) {
  await marginsOn(ctx, day, 2000);
  const { app } = await approvedApplication(ctx, day, '6', { from: '08:00', to: '12:00' });
  const { invited } = await insertInvitation(ctx, sldc.id, [{ id: app.id, appliedCenti: 600 }], { status: 'Completed' });
  await ctx.database.db.update(eBiddingApplications).set({ status: 'Allocated' }).where(eq(eBiddingApplications.id, invited[0]!.id));
  return app;
}

const curtail = async (day: string, over: Record<string, unknown>) => {
  const res = await call(ctx, e.create, sldc, { body: curtailmentBody(day, over) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as CurtailmentDetail;
};

describe('curtailment refund and the e-bidding congestion window (decision 0059)', () => {
  it('refunds only the cut blocks outside the allocated window; a cut wholly inside it refunds nothing', async () => {
    const app = await allocated(CONGESTION_DAY);
    // 5 MW off 09:00–11:00 (blocks 37–44): 4 blocks before the window, 4 inside it.
    const first = await curtail(CONGESTION_DAY, { fromTimeBlock: '09:00', toTimeBlock: '11:00', quantum: '5' });
    const item = first.itemList.find((i) => i.applicationId === app.id)!;
    // The whole cut is recorded: 5 MW × 2 h = 10 MWh.
    expect(item.curtailedMwh).toBe('10.00');
    // Only 09:00–10:00 is refunded: 5 MW × 1 h = 5,000 kWh × Rs 0.08 = Rs 400 (the whole cut would be Rs 800).
    expect(item.refundAmount).toBe(40_000);
    expect(first.refundAmount).toBe(40_000);

    // 1 MW more off 10:00–11:00, wholly inside the window: recorded, refunds 0 paise.
    const second = await curtail(CONGESTION_DAY, { fromTimeBlock: '10:00', toTimeBlock: '11:00', quantum: '1' });
    const inside = second.itemList.find((i) => i.applicationId === app.id)!;
    expect(inside.curtailedMwh).toBe('1.00');
    expect(inside.refundAmount).toBe(0);
  });

  it('refunds the whole cut on a day outside the window, and when the invitation did not allocate the application', async () => {
    // Allocated, but the window is on CONGESTION_DAY only: on the next day every cut block was charged.
    const nextDay = '2031-05-11';
    const app = await allocated(nextDay);
    const other = await curtail(nextDay, { fromTimeBlock: '09:00', toTimeBlock: '11:00', quantum: '5' });
    expect(other.itemList.find((i) => i.applicationId === app.id)!.refundAmount).toBe(80_000);

    // Invited by a completed invitation whose window covers the day, but rejected (not allocated): no window applies.
    const rejectedDay = '2031-05-12';
    await marginsOn(ctx, rejectedDay, 2000);
    const { app: notAllocated } = await approvedApplication(ctx, rejectedDay, '6', { from: '08:00', to: '12:00' });
    const { invitation, invited } = await insertInvitation(ctx, sldc.id, [{ id: notAllocated.id, appliedCenti: 600 }], {
      status: 'Completed',
    });
    await ctx.database.db
      .update(eBiddingInvitations)
      .set({ congestionFromDate: rejectedDay, congestionToDate: rejectedDay })
      .where(eq(eBiddingInvitations.id, invitation.id));
    await ctx.database.db.update(eBiddingApplications).set({ status: 'Rejected' }).where(eq(eBiddingApplications.id, invited[0]!.id));
    const full = await curtail(rejectedDay, { fromTimeBlock: '09:00', toTimeBlock: '11:00', quantum: '5' });
    expect(full.itemList.find((i) => i.applicationId === notAllocated.id)!.refundAmount).toBe(80_000);
  });
});
