import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type ApplicationType, applicationEndpoints as e, type ProcessingResult } from '@stoa/shared/applications';

import { buildTestApp, type TestContext } from '../../../test/build-test-app';
import { auditLog } from '../audit/audit.tables';
import { notifications } from '../notifications/notifications.tables';
import { call, signIn, type SignedIn } from '../registrations/registrations.test-fixtures';
import { processingRuns } from './applications.tables';
import {
  applicantWithParties,
  approvedParty,
  grantedOf,
  insertApplication,
  readApplication,
  type Row,
  setMargin,
} from './applications.test-fixtures';

/**
 * Processing (issue 5 phase 2, decision 0011) through the API. Every test uses its own dates: the
 * fixtures' parties all share the path 'Anand 132 kV' → 'Vadodara 66 kV', and holdings are per day.
 */
let ctx: TestContext;
let sldc: SignedIn;
let approver1: SignedIn;
let approver2: SignedIn;

beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(new Date('2026-07-10T10:05:00+05:30'));
  sldc = await signIn(ctx, 'SLDCBusinessUser');
  approver1 = await signIn(ctx, 'SLDCApproverI');
  approver2 = await signIn(ctx, 'SLDCApproverII');
});
afterAll(() => ctx.close());

const row = (date: string, mw: string, overrides: Partial<Row> = {}): Row => ({
  oaFromDate: date,
  oaToDate: date,
  fromTimeBlock: '10:00',
  toTimeBlock: '12:00',
  oaRequirement: mw,
  ...overrides,
});
/** Blocks 41–48 (10:00–12:00) are indices 40–47. */
const B = 40;

/** An application pending STOA check, submitted one millisecond after the previous one. */
async function pending(type: ApplicationType, rows: Row[]) {
  ctx.clock.advance(1);
  const { applicant, own, buyer } = await applicantWithParties(ctx);
  const app = await insertApplication(ctx, {
    type,
    status: 'PendingSTOAApproval',
    applicantUserId: applicant.id,
    sellerRegistrationId: own.id,
    buyerRegistrationId: buyer.id,
    rows,
  });
  return { applicant, app };
}

const processRun = (type: ApplicationType, date: string, who = sldc) => call(ctx, e.processApplications, who, { params: { type, date } });
const resultOf = (res: { json(): { data: ProcessingResult } }) => res.json().data;

describe('Day-Ahead: pro-rata at par', () => {
  it('two applications exceeding the margin share it pro-rata to 0.01 MW, the leftover to the earliest', async () => {
    // The margin is uploaded in another spelling: elements match without regard to case or spaces.
    await setMargin(ctx, '2026-07-20', 'ANAND  132 KV', 1000);
    await setMargin(ctx, '2026-07-20', 'Vadodara 66 kV', 10000);
    const first = await pending('DayAhead', [row('2026-07-20', '7')]);
    const second = await pending('DayAhead', [row('2026-07-20', '8')]);

    const res = await processRun('DayAhead', '2026-07-20');
    expect(res.statusCode, res.body).toBe(200);
    const r = resultOf(res);
    expect(r.run).toMatchObject({
      type: 'DayAhead',
      processingDate: '2026-07-20',
      status: 'Completed',
      applicationCount: 2,
      approvedCount: 0,
      partiallyApprovedCount: 2,
      rejectedCount: 0,
      startedBy: { id: sldc.id },
    });
    expect(r.applicationList.map((i) => [i.applicationId, i.outcome, i.status.status, i.requestedMwh, i.grantedMwh])).toEqual([
      // 7 × 10 / 15 = 4.666… → 4.66 + the leftover 0.01 (earliest); 8 × 10 / 15 = 5.333… → 5.33. Over 8 blocks of 15 minutes.
      [first.app.id, 'PartiallyApproved', 'STOAApproved', '14.00', '9.34'],
      [second.app.id, 'PartiallyApproved', 'STOAApproved', '16.00', '10.66'],
    ]);
    const g1 = (await grantedOf(ctx, first.app.id)).get('2026-07-20')!;
    const g2 = (await grantedOf(ctx, second.app.id)).get('2026-07-20')!;
    expect(g1.slice(B, B + 8)).toEqual(Array(8).fill(467));
    expect(g2.slice(B, B + 8)).toEqual(Array(8).fill(533));
    expect(g1.reduce((s, v) => s + v, 0)).toBe(467 * 8); // nothing outside the requested blocks
    expect(await readApplication(ctx, first.app.id)).toMatchObject({ status: 'STOAApproved', version: 2 });

    // Audit of the run and of each application; the applicant told; the approvers told once.
    expect(
      await ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, r.run.id), eq(auditLog.action, 'APPLICATIONS_PROCESSED'))),
    ).toHaveLength(1);
    expect(
      await ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, first.app.id), eq(auditLog.action, 'APPLICATION_PROCESSED'))),
    ).toHaveLength(1);
    const told = (await ctx.database.db.select().from(notifications).where(eq(notifications.userId, first.applicant.id))).map(
      (n) => n.message,
    );
    // The step in words: who acted and what comes next (not the shared label 'Pending SLDC approval').
    expect(told).toContain(`Application ${first.app.applicationNo}: Processed by SLDC Business User; pending SLDC Approver-I.`);
    expect(
      (await ctx.database.db.select().from(notifications).where(eq(notifications.userId, approver1.id))).map((n) => n.message),
    ).toContain('2 Day Ahead application(s) processed on 2026-07-20 are pending SLDC approval.');

    // The same date again: 409; the result and the dates list show the run.
    const again = await processRun('DayAhead', '2026-07-20');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Day Ahead applications of 2026-07-20 have already been processed.');
    const got = await call(ctx, e.getApplicationProcessingResult, approver1, {
      params: { type: 'DayAhead', processingDate: '2026-07-20' },
    });
    expect(got.json().data).toEqual(r);
    const dates = await call(ctx, e.getApplicationProcessingDates, approver2, { query: { type: 'DayAhead' } });
    expect(dates.json().data).toContainEqual(
      expect.objectContaining({ id: r.run.id, processingDate: '2026-07-20', status: 'Completed', applicationCount: 2 }),
    );

    // Open access details: the applicant sees requested and granted MW per block.
    const oa = await call(ctx, e.getOpenAccessDetails, first.applicant, { params: { applicationId: first.app.id } });
    expect(oa.statusCode, oa.body).toBe(200);
    const d = oa.json().data;
    expect(d).toMatchObject({ applicationId: first.app.id, status: 'STOAApproved', requestedMwh: '14.00', grantedMwh: '9.34' });
    expect(d.days).toHaveLength(1);
    expect(d.days[0].requested[B]).toBe('7.00');
    expect(d.days[0].granted[B]).toBe('4.67');
    expect(d.days[0].granted[0]).toBe('0.00');
    // Another applicant does not see it.
    const stranger = await signIn(ctx, 'OABusinessUser');
    expect((await call(ctx, e.getOpenAccessDetails, stranger, { params: { applicationId: first.app.id } })).statusCode).toBe(404);

    // ApproveAll: Approver I, then Approver II decides Partially Approved from the grants.
    const all1 = await call(ctx, e.approveAll, approver1, { params: { type: 'DayAhead', processingDate: '2026-07-20', month: '2026-07' } });
    expect(all1.statusCode, all1.body).toBe(200);
    expect(all1.json().data).toMatchObject({ approvedCount: 2, skippedCount: 0 });
    expect((await readApplication(ctx, second.app.id)).status).toBe('SLDCApproverIApproved');
    const again1 = await call(ctx, e.approveAll, approver1, {
      params: { type: 'DayAhead', processingDate: '2026-07-20', month: '2026-07' },
    });
    expect(again1.statusCode).toBe(422);
    const all2 = await call(ctx, e.approveAll, approver2, { params: { type: 'DayAhead', processingDate: '2026-07-20', month: '2026-07' } });
    expect(all2.json().data.applicationList.map((x: { status: { status: string; statusDescription: string } }) => x.status)).toEqual([
      { status: 'PartiallyApproved', statusDescription: 'Partially Approved (As per Margin Availability)' },
      { status: 'PartiallyApproved', statusDescription: 'Partially Approved (As per Margin Availability)' },
    ]);
    const final = await call(ctx, e.getOpenAccessDetails, second.applicant, { params: { applicationId: second.app.id } });
    expect(final.json().data).toMatchObject({
      status: 'PartiallyApproved',
      statusDescription: 'Partially Approved (As per Margin Availability)',
      grantedMwh: '10.66',
    });
  });

  it('requests that fit are granted in full; the least element decides; a run without a batch is refused', async () => {
    await setMargin(ctx, '2026-07-21', 'Anand 132 kV', 5000);
    await setMargin(ctx, '2026-07-21', 'Vadodara 66 kV', [...Array(40).fill(0), ...Array(56).fill(1200)]);
    const one = await pending('DayAhead', [row('2026-07-21', '5')]);
    const two = await pending('DayAhead', [row('2026-07-21', '5')]);
    const res = await processRun('DayAhead', '2026-07-21');
    expect(res.statusCode, res.body).toBe(200);
    expect(resultOf(res).run).toMatchObject({ approvedCount: 2 });
    expect((await grantedOf(ctx, one.app.id)).get('2026-07-21')!.slice(B, B + 8)).toEqual(Array(8).fill(500));
    expect((await grantedOf(ctx, two.app.id)).get('2026-07-21')!.slice(B, B + 8)).toEqual(Array(8).fill(500));

    // A follow-up batch of the processed date: an application accepted since is processed against
    // the margin left (12 − 10 = 2 MW on Vadodara) and joins the same run; nothing new again → 409.
    const late = await pending('DayAhead', [row('2026-07-21', '5')]);
    const followUp = await processRun('DayAhead', '2026-07-21');
    expect(followUp.statusCode, followUp.body).toBe(200);
    const f = resultOf(followUp);
    expect(f.run).toMatchObject({
      id: resultOf(res).run.id,
      status: 'Completed',
      applicationCount: 3,
      approvedCount: 2,
      partiallyApprovedCount: 1,
    });
    expect(f.applicationList.map((i) => [i.applicationId, i.outcome])).toEqual([
      [one.app.id, 'Approved'],
      [two.app.id, 'Approved'],
      [late.app.id, 'PartiallyApproved'],
    ]);
    expect((await grantedOf(ctx, late.app.id)).get('2026-07-21')!.slice(B, B + 8)).toEqual(Array(8).fill(200));
    expect((await grantedOf(ctx, one.app.id)).get('2026-07-21')!.slice(B, B + 8)).toEqual(Array(8).fill(500));
    expect((await processRun('DayAhead', '2026-07-21')).statusCode).toBe(409);

    const none = await processRun('DayAhead', '2026-07-22');
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe('There are no Day Ahead applications pending STOA check for 2026-07-22.');
    expect(await ctx.database.db.select().from(processingRuns).where(eq(processingRuns.processingDate, '2026-07-22'))).toHaveLength(0);
  });
});

describe('FCFS and contingency: in submission order against the remaining margin', () => {
  it('serves the earliest first, partially the next, nothing to the last (No Margin); approvers approve', async () => {
    await setMargin(ctx, '2026-07-24', 'Anand 132 kV', 1000);
    await setMargin(ctx, '2026-07-24', 'Vadodara 66 kV', 1000);
    const a1 = await pending('FCFS', [row('2026-07-24', '6')]);
    const a2 = await pending('FCFS', [row('2026-07-24', '6')]);
    const a3 = await pending('FCFS', [row('2026-07-24', '3')]);
    const res = await processRun('FCFS', '2026-07-24');
    expect(res.statusCode, res.body).toBe(200);
    expect(resultOf(res).applicationList.map((i) => [i.outcome, i.status.status])).toEqual([
      ['Approved', 'STOAApproved'],
      ['PartiallyApproved', 'STOAApproved'],
      ['NoSTOARejected', 'NoSTOARejected'],
    ]);
    expect((await grantedOf(ctx, a1.app.id)).get('2026-07-24')!.slice(B, B + 8)).toEqual(Array(8).fill(600));
    expect((await grantedOf(ctx, a2.app.id)).get('2026-07-24')!.slice(B, B + 8)).toEqual(Array(8).fill(400));
    expect((await grantedOf(ctx, a3.app.id)).get('2026-07-24')!.every((v) => v === 0)).toBe(true);
    expect(await readApplication(ctx, a3.app.id)).toMatchObject({ status: 'NoSTOARejected' });

    await call(ctx, e.approveAll, approver1, { params: { type: 'FCFS', processingDate: '2026-07-24', month: '2026-07' } });
    const all2 = await call(ctx, e.approveAll, approver2, { params: { type: 'FCFS', processingDate: '2026-07-24', month: '2026-07' } });
    expect(all2.json().data).toMatchObject({ approvedCount: 2, skippedCount: 1 });
    expect((await readApplication(ctx, a1.app.id)).status).toBe('Approved');
    expect((await readApplication(ctx, a2.app.id)).status).toBe('PartiallyApproved');
  });

  it('margin already held by processed applications and an element without margin leave nothing (No Margin)', async () => {
    await setMargin(ctx, '2026-07-25', 'Anand 132 kV', 1000);
    await setMargin(ctx, '2026-07-25', 'Vadodara 66 kV', 5000);
    // An approved application holds the whole Anand margin of 10:00–12:00.
    const { applicant, own, buyer } = await applicantWithParties(ctx);
    await insertApplication(ctx, {
      type: 'FCFS',
      status: 'Approved',
      applicantUserId: applicant.id,
      sellerRegistrationId: own.id,
      buyerRegistrationId: buyer.id,
      rows: [row('2026-07-25', '10')],
      grantedPercent: 100,
    });
    const late = await pending('ContingencyDayAhead', [row('2026-07-25', '2')]);
    // A seller on a substation with no margin uploaded.
    const other = await signIn(ctx, 'OABusinessUser');
    const seller = await approvedParty(ctx, other.id, 'InjectingEntity');
    const { registrations } = await import('../registrations/registrations.tables');
    await ctx.database.db
      .update(registrations)
      .set({ data: { ...seller.data, injectionSubstation: 'Nowhere 11 kV' } })
      .where(eq(registrations.id, seller.id));
    ctx.clock.advance(1);
    const unknown = await insertApplication(ctx, {
      type: 'ContingencyDayAhead',
      status: 'PendingSTOAApproval',
      applicantUserId: other.id,
      sellerRegistrationId: seller.id,
      buyerRegistrationId: buyer.id,
      rows: [row('2026-07-25', '1', { fromTimeBlock: '00:00', toTimeBlock: '01:00' })],
    });

    // StoaCheck shows what is left on the path before processing.
    const check = await call(ctx, e.stoaCheck, sldc, { params: { id: late.app.id } });
    expect(check.statusCode, check.body).toBe(200);
    const c = check.json().data;
    expect(c.path).toEqual([
      { side: 'Injection', substation: 'Anand 132 kV', element: 'Anand 132 kV' },
      { side: 'Drawal', substation: 'Vadodara 66 kV', element: 'Vadodara 66 kV' },
    ]);
    expect(c.days[0]).toMatchObject({ date: '2026-07-25', shortBlockCount: 8 });
    expect(c.days[0].available[B]).toBe('0.00');
    expect(c.days[0].available[0]).toBe('10.00');
    expect(c.days[0].requested[B]).toBe('2.00');
    const check2 = await call(ctx, e.stoaCheck, sldc, { params: { id: unknown.id } });
    expect(check2.json().data.path[0]).toEqual({ side: 'Injection', substation: 'Nowhere 11 kV', element: null });

    const res = await processRun('ContingencyDayAhead', '2026-07-25');
    expect(res.statusCode, res.body).toBe(200);
    expect(resultOf(res).run).toMatchObject({ rejectedCount: 2, approvedCount: 0 });
    expect(await readApplication(ctx, late.app.id)).toMatchObject({ status: 'NoSTOARejected' });
    expect(await readApplication(ctx, unknown.id)).toMatchObject({ status: 'NoSTOARejected' });
  });
});

describe('Advance: granted in full or flagged congested', () => {
  it('a congested batch is flagged and left pending for e-bidding', async () => {
    for (const day of ['2026-09-03', '2026-09-04']) {
      await setMargin(ctx, day, 'Anand 132 kV', 1500);
      await setMargin(ctx, day, 'Vadodara 66 kV', 5000);
    }
    const x = await pending('Advance', [
      { oaFromDate: '2026-09-03', oaToDate: '2026-09-04', fromTimeBlock: '10:00', toTimeBlock: '12:00', oaRequirement: '10' },
    ]);
    const y = await pending('Advance', [row('2026-09-04', '10')]);
    const res = await processRun('Advance', '2026-09-15');
    expect(res.statusCode, res.body).toBe(200);
    const r = resultOf(res);
    // 2026-09-04 10:00–12:00 asks 20 MW of 15 on Anand: 8 blocks congested.
    expect(r.run).toMatchObject({
      processingDate: '2026-09-01',
      status: 'Congested',
      congestedBlockCount: 8,
      congestedElements: ['anand 132 kv'],
      approvedCount: 0,
    });
    expect(r.applicationList.map((i) => i.outcome)).toEqual(['Congested', 'Congested']);
    expect(await readApplication(ctx, x.app.id)).toMatchObject({ status: 'PendingSTOAApproval', version: 1 });
    expect([...(await grantedOf(ctx, y.app.id)).values()]).toEqual([null]);
    // The month is one run.
    expect((await processRun('Advance', '2026-09-30')).statusCode).toBe(409);
  });

  it('an uncongested batch is granted in full', async () => {
    await setMargin(ctx, '2026-10-05', 'Anand 132 kV', 5000);
    await setMargin(ctx, '2026-10-05', 'Vadodara 66 kV', 5000);
    const x = await pending('Advance', [row('2026-10-05', '10')]);
    const res = await processRun('Advance', '2026-10-01');
    expect(resultOf(res).run).toMatchObject({ status: 'Completed', approvedCount: 1, congestedBlockCount: 0 });
    expect((await grantedOf(ctx, x.app.id)).get('2026-10-05')!.slice(B, B + 8)).toEqual(Array(8).fill(1000));
    expect((await readApplication(ctx, x.app.id)).status).toBe('STOAApproved');
  });
});

describe('concurrent runs of the same date', () => {
  it('only one wins; the other answers 409 and nothing is processed twice', async () => {
    await setMargin(ctx, '2026-07-27', 'Anand 132 kV', 1000);
    await setMargin(ctx, '2026-07-27', 'Vadodara 66 kV', 1000);
    const p = await pending('DayAhead', [row('2026-07-27', '6')]);
    await pending('DayAhead', [row('2026-07-27', '6')]);
    const other = await signIn(ctx, 'SLDCBusinessUser');
    const results = await Promise.all([processRun('DayAhead', '2026-07-27'), processRun('DayAhead', '2026-07-27', other)]);
    expect(results.map((x) => x.statusCode).sort(), results.map((x) => x.body).join('\n')).toEqual([200, 409]);
    expect(await ctx.database.db.select().from(processingRuns).where(eq(processingRuns.processingDate, '2026-07-27'))).toHaveLength(1);
    expect(await readApplication(ctx, p.app.id)).toMatchObject({ status: 'STOAApproved', version: 2 });
  });
});
