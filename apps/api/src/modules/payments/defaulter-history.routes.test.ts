import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, buildTestApp, createUser, login, type TestContext } from '../../../test/build-test-app';
import { dues } from '../configuration/configuration.tables';
import { signIn, type SignedIn } from '../registrations/registrations.test-fixtures';
import { runAutoDefaulter } from './defaulters';
import { callAs, raiseDue } from './payment-desk.test-fixtures';

/**
 * The defaulter history (issue 13, decision 0078), Payment/GetDefaulterHistory: when a payer became a
 * defaulter and when it was cleared, and why — the automatic rule's overdue dues, how many days past
 * their due date on the day of the marking and their status now, or the Admin's toggle — from the
 * audit trail. A payer reads its own only; the SLDC roles and the Admin one payer's or everyone's.
 */
let ctx: TestContext;
let admin: string;
let sldc: SignedIn;
let approver: SignedIn;

beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(new Date('2026-11-16T06:00:00Z')); // Monday 16 Nov 2026 IST
  admin = (await login(ctx, await createUser(ctx, 'Admin'))).jwtToken;
  [sldc, approver] = await Promise.all([signIn(ctx, 'SLDCBusinessUser'), signIn(ctx, 'SLDCApproverI')]);
});
afterAll(() => ctx.close());

const run = () =>
  runAutoDefaulter({ db: ctx.database.db, clock: ctx.clock, audit: ctx.app.services.audit, notifications: ctx.app.services.notifications });
type Event = {
  userId: string;
  event: string;
  setBy: string;
  byName: string | null;
  afterDays: number | null;
  markedAt: string | null;
  at: string;
  dues: { dueId: string; dueDate: string; daysOverdue: number; status: string; totalAmount: number }[];
};
const history = async (token: string, query = '') => {
  const res = await callAs(ctx, 'GET', `/api/Payment/GetDefaulterHistory?pageNumber=1&pageSize=100${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { defaulterHistory: Event[]; dataCount: number; isDefaulter: boolean | null };
};

describe('defaulter history (decision 0078)', () => {
  it('shows when the rule marked a payer, for which dues and how overdue, and when it cleared it; the Admin’s toggles by name', async () => {
    const payer = await signIn(ctx, 'OABusinessUser');
    const other = await signIn(ctx, 'Trader');
    // Due 1 Aug 2026: 107 days past its due date on 16 Nov (the rule's line is 90).
    const late = await raiseDue(ctx, payer.id, 'APPLICATION_FEE', 'Application', 'DH-1', { on: '2026-06-01' });
    await ctx.database.db.update(dues).set({ dueDate: '2026-08-01' }).where(eq(dues.id, late.id));
    expect((await run()).marked).toBeGreaterThanOrEqual(1);
    ctx.clock.advance(60_000);
    await ctx.database.db.update(dues).set({ status: 'PAID' }).where(eq(dues.id, late.id));
    expect((await run()).cleared).toBeGreaterThanOrEqual(1);
    // The Admin marks the other payer by hand.
    const toggled = await ctx.app.inject({
      method: 'POST',
      url: `/api/Admin/EnableDisableUserDefaulter/${other.id}`,
      headers: bearer(admin),
    });
    expect(toggled.statusCode, toggled.body).toBe(200);

    // The payer reads its own: newest first, the clearing ends the marking; the due paid now.
    const own = await history(payer.token, `&userId=${other.id}`);
    expect(own.isDefaulter).toBe(false);
    expect(own.dataCount).toBe(2);
    const [cleared, marked] = own.defaulterHistory;
    const due = {
      dueId: late.id,
      description: 'APPLICATION_FEE DH-1',
      dueDate: '2026-08-01',
      daysOverdue: 107,
      status: 'PAID',
      totalAmount: late.totalAmount,
    };
    expect(marked).toMatchObject({ userId: payer.id, event: 'MARKED', setBy: 'SYSTEM', byName: null, afterDays: 90, markedAt: null });
    expect(marked!.dues).toEqual([due]);
    expect(cleared).toMatchObject({ event: 'CLEARED', setBy: 'SYSTEM', afterDays: 90, markedAt: marked!.at, dues: [due] });
    expect(Date.parse(cleared!.at)).toBeGreaterThan(Date.parse(marked!.at)); // a minute later

    // The SLDC: one payer's, or everyone's; the Admin's toggle names the Admin and carries no dues.
    expect((await history(sldc.token, `&userId=${payer.id}`)).defaulterHistory).toEqual(own.defaulterHistory);
    const theOther = await history(approver.token, `&userId=${other.id}`);
    expect(theOther.isDefaulter).toBe(true);
    expect(theOther.defaulterHistory).toEqual([expect.objectContaining({ event: 'MARKED', setBy: 'ADMIN', dues: [], afterDays: null })]);
    expect(theOther.defaulterHistory[0]!.byName).toBeTruthy();
    const all = await history(sldc.token);
    expect(all.isDefaulter).toBeNull();
    expect(
      all.defaulterHistory.map((e) => `${e.userId === payer.id ? 'payer' : e.userId === other.id ? 'other' : '?'} ${e.event}`),
    ).toEqual(expect.arrayContaining(['payer MARKED', 'payer CLEARED', 'other MARKED']));
    // The other payer cannot read the first's history (its own is answered instead).
    expect((await history(other.token, `&userId=${payer.id}`)).defaulterHistory.every((e) => e.userId === other.id)).toBe(true);
  });

  it('an unknown user is 404, a malformed one 400', async () => {
    const unknown = await callAs(ctx, 'GET', '/api/Payment/GetDefaulterHistory?userId=00000000-0000-4000-8000-000000000001', sldc.token);
    expect(unknown.statusCode).toBe(404);
    const bad = await callAs(ctx, 'GET', '/api/Payment/GetDefaulterHistory?userId=nope', sldc.token);
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('userId');
  });
});
