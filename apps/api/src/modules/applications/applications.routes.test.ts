import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { type ApplicationDetail, applicationEndpoints as e, type ApplicationStatus } from '@stoa/shared/applications';
import { enApplications } from '@stoa/shared/messages';

import { buildTestApp, createUser, type TestContext } from '../../../test/build-test-app';
import { auditLog } from '../audit/audit.tables';
import { dues } from '../configuration/configuration.tables';
import { notifications } from '../notifications/notifications.tables';
import { call, relogin, setStatus, signIn, type SignedIn } from '../registrations/registrations.test-fixtures';
import { applicationActions, applicationDays, applicationSchedules } from './applications.tables';
import {
  applicantWithParties,
  approvedParty,
  approvedTrader,
  associate,
  insertApplication,
  readApplication,
  type Row,
  setDefaulter,
  setFeeBeforeScrutiny,
  submitBody,
} from './applications.test-fixtures';

/**
 * Applications phase 1 through the API on the injected clock: 2026-07-10 10:05 IST, so Day-Ahead
 * may schedule 11–13 July (the D−1 15:00 cut-off of the 11th is still ahead).
 */
const NOW = new Date('2026-07-10T10:05:00+05:30');
const S = enApplications.schedule;
const E = enApplications.errors;

let ctx: TestContext;
let sldc: SignedIn;
let approver1: SignedIn;
let approver2: SignedIn;

beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(NOW);
  sldc = await signIn(ctx, 'SLDCBusinessUser');
  approver1 = await signIn(ctx, 'SLDCApproverI');
  approver2 = await signIn(ctx, 'SLDCApproverII');
  await setFeeBeforeScrutiny(ctx, false); // not about the fee (applications.fee-rule.test.ts is)
});
afterAll(() => ctx.close());
beforeEach(() => ctx.clock.set(NOW));

const row = (overrides: Partial<Row> = {}): Row => ({
  oaFromDate: '2026-07-12',
  oaToDate: '2026-07-12',
  fromTimeBlock: '10:00',
  toTimeBlock: '12:00',
  oaRequirement: '10',
  ...overrides,
});
const fieldErrors = (res: { json(): { errorResponse: { fieldName: string; errorMessages: string[] }[] } }) =>
  Object.fromEntries(res.json().errorResponse.map((f) => [f.fieldName, f.errorMessages]));
const detailOf = (res: { json(): { data: ApplicationDetail } }) => res.json().data;

async function notificationsOf(userId: string) {
  return (await ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId))).map((x) => x.message);
}

async function noticesOf(userId: string) {
  return ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId));
}

async function apply(
  who: SignedIn,
  sellerId: string,
  buyerId: string,
  rows: Row[] = [row()],
  type = 'DayAhead',
  extra: Record<string, unknown> = {},
) {
  ctx.clock.advance(1);
  return call(ctx, e.submit, who, { params: { type }, body: submitBody(sellerId, buyerId, rows, extra) });
}

async function decide(
  who: SignedIn,
  endpoint: typeof e.approve,
  id: string,
  body: { version?: number; remarks?: string } = {},
  type = 'DayAhead',
) {
  ctx.clock.advance(1);
  const version = body.version ?? (await readApplication(ctx, id)).version;
  return call(ctx, endpoint, who, { params: { type, id }, body: { remarks: body.remarks ?? '', version } });
}

describe('Submit by an OA applicant', () => {
  it('creates a numbered application at the SLDC with its schedule, days, fee due, audit and notifications', async () => {
    const { applicant, own, buyer } = await applicantWithParties(ctx);
    const res = await apply(applicant, own.id, buyer.id, [
      row({ oaFromDate: '2026-07-11', oaToDate: '2026-07-12', fromTimeBlock: '00:00', toTimeBlock: '06:00', oaRequirement: '12.5' }),
      row({ oaFromDate: '2026-07-12', oaToDate: '2026-07-12', fromTimeBlock: '18:00', toTimeBlock: '24:00', oaRequirement: 3 }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const d = detailOf(res);
    expect(d).toMatchObject({
      applicationType: 'DayAhead',
      applicationMode: 'IntraState',
      status: 'Submitted',
      statusDescription: 'Pending SLDC verification',
      version: 1,
      month: '2026-07',
      fromDate: '2026-07-11',
      toDate: '2026-07-12',
      applicant: { id: applicant.id },
      createdBy: { id: applicant.id, role: 'OABusinessUser' },
      seller: { id: own.id, entityType: 'BothEntity' },
      buyer: { id: buyer.id, entityType: 'DraweeEntity' },
      trader: null,
      totalMwh: '168.00',
      formMode: 'ReadOnly',
      allowedActions: [],
      canUpdateTrader: true,
    });
    expect(d.applicationNo).toMatch(/^STOA\/DA\/2026\/\d{6}$/);
    expect(d.scheduleList).toEqual([
      {
        rowNo: 1,
        oaFromDate: '2026-07-11',
        oaToDate: '2026-07-12',
        fromTimeBlock: '00:00',
        toTimeBlock: '06:00',
        oaRequirement: '12.50',
        mwh: '150.00',
      },
      {
        rowNo: 2,
        oaFromDate: '2026-07-12',
        oaToDate: '2026-07-12',
        fromTimeBlock: '18:00',
        toTimeBlock: '24:00',
        oaRequirement: '3.00',
        mwh: '18.00',
      },
    ]);
    expect(d.history).toMatchObject([{ action: 'Submit', fromStatus: null, toStatus: 'Submitted', role: 'OABusinessUser' }]);
    expect(d.submittedAt).toBe(new Date(NOW.getTime() + 1).toISOString());

    // One row per application-day with the 96 requested values (centi-MW); nothing granted yet.
    const days = await ctx.database.db.select().from(applicationDays).where(eq(applicationDays.applicationId, d.id));
    expect(days.map((x) => x.day).sort()).toEqual(['2026-07-11', '2026-07-12']);
    const d12 = days.find((x) => x.day === '2026-07-12')!;
    expect(d12.requested).toHaveLength(96);
    expect([d12.requested[0], d12.requested[23], d12.requested[24], d12.requested[71], d12.requested[72], d12.requested[95]]).toEqual([
      1250, 1250, 0, 0, 300, 300,
    ]);
    expect(d12.granted).toBeNull();

    const [due] = await ctx.database.db.select().from(dues).where(eq(dues.recordId, d.id));
    expect(due).toMatchObject({ head: 'APPLICATION_FEE', payerUserId: applicant.id, recordType: 'Application', totalPaise: 590_000 });
    expect(d.feeDueId).toBe(due!.id);
    expect(
      await ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, d.id), eq(auditLog.action, 'APPLICATION_SUBMITTED'))),
    ).toHaveLength(1);
    expect(await notificationsOf(sldc.id)).toContain(`Application ${d.applicationNo} (Day Ahead) is pending SLDC verification.`);

    // The applicant sees it in its own list, the SLDC in the Day-Ahead list.
    const own1 = await call(ctx, e.getAppliedApplications, applicant, { query: { pageNumber: '1', pageSize: '10' } });
    expect(own1.json().data).toMatchObject({
      dataCount: 1,
      applicationList: [
        {
          id: d.id,
          status: { status: 'Submitted', statusDescription: 'Pending SLDC verification' },
          sellerName: own.entityName,
          buyerName: buyer.entityName,
        },
      ],
    });
    const list = await call(ctx, e.getAll, sldc, {
      params: { type: 'DayAhead' },
      query: { pageNumber: '1', pageSize: '10', applicationNo: d.applicationNo },
    });
    expect(list.json().data.applicationList.map((x: { id: string }) => x.id)).toEqual([d.id]);
  });

  it('answers every field error at once: parties, ownership, schedule rules and remaining quantum', async () => {
    const { applicant, own } = await applicantWithParties(ctx, { injection: 40, drawal: 25 });
    const stranger = await createUser(ctx, 'OABusinessUser');
    const generator = await approvedParty(ctx, stranger.id, 'InjectingEntity');
    const res = await apply(applicant, own.id, generator.id, [
      row({ oaRequirement: '0.5' }),
      row({ fromTimeBlock: '11:00', toTimeBlock: '13:00', oaRequirement: '50' }),
      row({ oaFromDate: '2026-07-14', oaToDate: '2026-07-14' }),
      row({ oaFromDate: '2026-07-13', oaToDate: '2026-07-13', fromTimeBlock: '12:00', toTimeBlock: '11:00' }),
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(fieldErrors(res)).toEqual({
      buyerId: [E.cannotBuy],
      'scheduleList.0.oaRequirement': ['Applied requirement : 0.5 can not be less than 1'],
      'scheduleList.1': ['Time block overlap has been found, please edit inputs for this row.'],
      'scheduleList.2.oaFromDate': ['Date must be between Jul 11, 2026 and Jul 13, 2026.'],
      'scheduleList.2.oaToDate': ['Date must be between Jul 11, 2026 and Jul 13, 2026.'],
      'scheduleList.3.fromTimeBlock': ['From time must be before To time.'],
    });
    // With a valid buyer the remaining quantum limits the rows: min(seller 40, buyer 25) = 25 MW.
    const buyer = await approvedParty(ctx, stranger.id, 'DraweeEntity', { drawal: 25 });
    const limited = await apply(applicant, own.id, buyer.id, [row({ oaRequirement: '30' })]);
    expect(limited.statusCode).toBe(400);
    expect(fieldErrors(limited)).toEqual({ 'scheduleList.0.oaRequirement': ['Applied requirement : 30 is more than approved : 25'] });
  });

  it('refuses parties that are not approved, cannot sell, are the same, or are not the caller’s', async () => {
    const { applicant, own, buyer } = await applicantWithParties(ctx);
    const stranger = await createUser(ctx, 'OABusinessUser');
    const consumer = await approvedParty(ctx, stranger.id, 'DraweeEntity');
    const otherBuyer = await approvedParty(ctx, stranger.id, 'DraweeEntity');
    const pending = await approvedParty(ctx, stranger.id, 'InjectingEntity');
    await setStatus(ctx, pending.id, 'Submitted');
    const strangersGenerator = await approvedParty(ctx, stranger.id, 'InjectingEntity');
    expect(fieldErrors(await apply(applicant, consumer.id, buyer.id))).toEqual({ sellerId: [E.cannotSell] });
    expect(fieldErrors(await apply(applicant, pending.id, buyer.id))).toEqual({ sellerId: [E.sellerNotApproved] });
    expect(fieldErrors(await apply(applicant, own.id, own.id))).toEqual({ buyerId: [E.sameParty] });
    expect(fieldErrors(await apply(applicant, strangersGenerator.id, otherBuyer.id))).toEqual({ sellerId: [E.notOwnParty] });
    const missing = await call(ctx, e.submit, applicant, { params: { type: 'DayAhead' }, body: { scheduleList: [] } });
    expect(missing.statusCode).toBe(400);
    expect(fieldErrors(missing)).toMatchObject({ sellerId: ['Seller is required'], buyerId: ['Buyer is required'] });
    expect(fieldErrors(await apply(applicant, own.id, buyer.id, []))).toEqual({ scheduleList: [S.rowsRequired] });
  });

  it('refuses a defaulter with 422 and a clear message', async () => {
    const { applicant, own, buyer } = await applicantWithParties(ctx);
    await setDefaulter(ctx, applicant.id);
    expect((await call(ctx, e.isDefaulter, applicant)).json().data).toBe(true);
    const res = await apply(applicant, own.id, buyer.id);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'BUSINESS_RULE', message: E.defaulter });
    await setDefaulter(ctx, applicant.id, false);
    expect((await call(ctx, e.isDefaulter, applicant)).json().data).toBe(false);
    expect((await apply(applicant, own.id, buyer.id)).statusCode).toBe(200);
  });

  it('refuses a type whose window is closed now', async () => {
    const { applicant, own, buyer } = await applicantWithParties(ctx);
    const res = await apply(
      applicant,
      own.id,
      buyer.id,
      [row({ oaFromDate: '2026-07-11', oaToDate: '2026-07-11' })],
      'ContingencyDayAhead',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Applications of type Contingency (Day Ahead) are not open now.');
  });
});

describe('remaining quantum = registered quantum − already approved in that block', () => {
  it('answers GetRemainingQuatumDetails and limits Submit with the spec message', async () => {
    const { applicant, own, buyer } = await applicantWithParties(ctx, { injection: 40, drawal: 100 });
    // The seller already holds 30 MW (granted) from 10:00 to 12:00 on the 12th in an approved application.
    await insertApplication(ctx, {
      status: 'Approved',
      applicantUserId: applicant.id,
      sellerRegistrationId: own.id,
      buyerRegistrationId: buyer.id,
      rows: [row({ oaRequirement: '30' })],
      grantedPercent: 100,
    });
    // A submitted (not yet processed) application holds nothing.
    await insertApplication(ctx, {
      status: 'Submitted',
      applicantUserId: applicant.id,
      sellerRegistrationId: own.id,
      buyerRegistrationId: buyer.id,
      rows: [row({ oaRequirement: '35' })],
    });
    const q = (from: string, to: string) => ({
      SellerId: own.id,
      BuyerId: buyer.id,
      FromTimeBlock: from,
      ToTimeBlock: to,
      OAFromDate: '2026-07-11',
      OAToDate: '2026-07-13',
    });
    const res = await call(ctx, e.getRemainingQuatumDetails, applicant, { query: q('11:45', '14:00') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ remainingQuatumSeller: '10.00', remainingQuatumBuyer: '70.00' });
    expect((await call(ctx, e.getRemainingQuatumDetails, applicant, { query: q('12:00', '14:00') })).json().data).toEqual({
      remainingQuatumSeller: '40.00',
      remainingQuatumBuyer: '100.00',
    });
    const bad = await call(ctx, e.getRemainingQuatumDetails, applicant, { query: { ...q('14:00', '12:00'), OAToDate: '2026-07-01' } });
    expect(bad.statusCode).toBe(400);
    expect(fieldErrors(bad)).toEqual({ OAFromDate: [S.fromDateAfterToDate], FromTimeBlock: [S.fromTimeNotBeforeToTime] });

    const over = await apply(applicant, own.id, buyer.id, [row({ fromTimeBlock: '11:00', toTimeBlock: '13:00', oaRequirement: '12' })]);
    expect(fieldErrors(over)).toEqual({ 'scheduleList.0.oaRequirement': ['Applied requirement : 12 is more than approved : 10'] });
    expect(
      (await apply(applicant, own.id, buyer.id, [row({ fromTimeBlock: '11:00', toTimeBlock: '13:00', oaRequirement: '10' })])).statusCode,
    ).toBe(200);
  });
});

describe('a trader applies for an associated applicant', () => {
  it('goes to the applicant first; ApproveTraderRequest sends it to the SLDC and raises the fee for the applicant', async () => {
    const { applicant, own, buyer } = await applicantWithParties(ctx);
    const { user: trader, registration } = await approvedTrader(ctx);
    await associate(ctx, applicant.id, registration.id);
    const res = await apply(trader, own.id, buyer.id);
    expect(res.statusCode, res.body).toBe(200);
    const d = detailOf(res);
    expect(d).toMatchObject({
      status: 'PendingApplicantApproval',
      statusDescription: 'Pending Applicant approval',
      applicant: { id: applicant.id },
      createdBy: { id: trader.id, role: 'Trader' },
      trader: { id: registration.id },
      submittedAt: null,
      feeDueId: null,
    });
    expect(await notificationsOf(applicant.id)).toContain(
      `${registration.entityName} has applied for Day Ahead open access (${d.applicationNo}) on your behalf. Please approve or reject the request.`,
    );
    expect(await ctx.database.db.select().from(dues).where(eq(dues.recordId, d.id))).toHaveLength(0);

    // The SLDC does not see it yet; the applicant sees Approve and Reject.
    expect((await call(ctx, e.get, sldc, { params: { id: d.id } })).statusCode).toBe(404);
    expect(
      (await call(ctx, e.getAll, sldc, { params: { type: 'DayAhead' }, query: { applicationNo: d.applicationNo } })).json().data.dataCount,
    ).toBe(0);
    expect(detailOf(await call(ctx, e.get, applicant, { params: { id: d.id } })).allowedActions).toEqual(['Approve', 'Reject']);
    expect(
      (await call(ctx, e.getAppliedApplications, trader, { query: {} })).json().data.applicationList.map((x: { id: string }) => x.id),
    ).toContain(d.id);

    // Only the applicant decides; the SLDC cannot accept it.
    expect((await decide(sldc, e.approve, d.id)).statusCode).toBe(404);
    const approved = await decide(applicant, e.approveTraderRequest, d.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(detailOf(approved)).toMatchObject({ status: 'Submitted', version: 2 });
    const [due] = await ctx.database.db.select().from(dues).where(eq(dues.recordId, d.id));
    expect(due).toMatchObject({ payerUserId: applicant.id, head: 'APPLICATION_FEE' });
    expect(await notificationsOf(trader.id)).toContain(
      `The applicant approved your request ${d.applicationNo}; it is pending SLDC verification.`,
    );
    expect(await notificationsOf(sldc.id)).toContain(`Application ${d.applicationNo} (Day Ahead) is pending SLDC verification.`);
    const audited = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, d.id));
    expect(audited.map((x) => x.action)).toEqual(['APPLICATION_SUBMITTED', 'APPLICATION_TRADER_REQUEST_APPROVED']);
    expect((await call(ctx, e.get, sldc, { params: { id: d.id } })).statusCode).toBe(200);
    // Deciding again is stale.
    expect((await decide(applicant, e.approveTraderRequest, d.id)).statusCode).toBe(409);
  });

  it('RejectTraderRequest rejects it and tells the trader', async () => {
    const { applicant, own, buyer } = await applicantWithParties(ctx);
    const { user: trader, registration } = await approvedTrader(ctx);
    await associate(ctx, applicant.id, registration.id);
    const d = detailOf(await apply(trader, own.id, buyer.id));
    const res = await decide(applicant, e.rejectTraderRequest, d.id, { remarks: 'Wrong buyer' });
    expect(res.statusCode).toBe(200);
    expect(detailOf(res)).toMatchObject({
      status: 'Rejected',
      history: [{ action: 'Submit' }, { action: 'Reject', remarks: 'Wrong buyer', role: 'OABusinessUser' }],
    });
    expect(await notificationsOf(trader.id)).toContain(`The applicant rejected your request ${d.applicationNo}.`);
    // It never reached the SLDC: the SLDC's list of the type does not show it (issue 16: the list reads
    // only submitted applications, from the index's non-null part).
    expect(
      (await call(ctx, e.getAll, sldc, { params: { type: 'DayAhead' }, query: { applicationNo: d.applicationNo } })).json().data.dataCount,
    ).toBe(0);
  });

  it('refuses applicants not associated with the trader, and defaulting applicants', async () => {
    const { applicant, own, buyer } = await applicantWithParties(ctx);
    const { user: trader, registration } = await approvedTrader(ctx);
    const notYet = await apply(trader, own.id, buyer.id);
    expect(notYet.statusCode).toBe(400);
    expect(fieldErrors(notYet)).toEqual({ sellerId: [E.notAssociatedParty] });
    await associate(ctx, applicant.id, registration.id);
    expect(fieldErrors(await apply(trader, own.id, buyer.id, [row()], 'DayAhead', { onBehalfOf: 'Buyer' }))).toEqual({
      buyerId: [E.onBehalfOfNotAssociated('Buyer')],
    });
    expect(fieldErrors(await apply(trader, own.id, buyer.id, [row()], 'DayAhead', { traderId: registration.id }))).toEqual({
      traderId: [E.traderOnlyForApplicant],
    });
    await setDefaulter(ctx, applicant.id);
    const refused = await apply(trader, own.id, buyer.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/is marked as a defaulter and cannot apply for open access until its dues are cleared\.$/);
    await setDefaulter(ctx, applicant.id, false);
    // A trader without an approved registration cannot apply at all.
    const loner = await signIn(ctx, 'Trader');
    expect((await apply(loner, own.id, buyer.id)).json()).toMatchObject({ code: 'BUSINESS_RULE', message: E.noTraderRegistration });
  });

  it('re-checks the window when the applicant approves later', async () => {
    const { applicant, own, buyer } = await applicantWithParties(ctx);
    const { user: trader, registration } = await approvedTrader(ctx);
    await associate(ctx, applicant.id, registration.id);
    const d = detailOf(await apply(trader, own.id, buyer.id, [row({ oaFromDate: '2026-07-11', oaToDate: '2026-07-11' })]));
    // 15:00 on the 10th closes Day-Ahead for the 11th.
    ctx.clock.set(new Date('2026-07-10T15:00:00+05:30'));
    const res = await call(ctx, e.approveTraderRequest, await relogin(ctx, applicant), {
      params: { type: 'DayAhead', id: d.id },
      body: { version: 1 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Date must be between Jul 12, 2026 and Jul 13, 2026.');
  });
});

describe('SLDC verification: Accept, Seek Clarification, Reject; resubmission', () => {
  it('accepts, returns with remarks, takes a resubmission without a second fee, and rejects', async () => {
    const { applicant, own, buyer } = await applicantWithParties(ctx);
    const d = detailOf(await apply(applicant, own.id, buyer.id));
    const asSldc = detailOf(await call(ctx, e.get, sldc, { params: { id: d.id } }));
    expect(asSldc.allowedActions).toEqual(['Forward', 'Return', 'Reject']);

    // Wrong type in the URL: not found. Remarks are required to seek clarification.
    expect((await decide(sldc, e.approve, d.id, {}, 'FCFS')).statusCode).toBe(404);
    const noRemarks = await decide(sldc, e.seekClarification, d.id);
    expect(noRemarks.statusCode).toBe(400);
    expect(fieldErrors(noRemarks)).toEqual({ remarks: [E.remarksRequired] });

    const returned = await decide(sldc, e.seekClarification, d.id, { remarks: 'Confirm the buyer substation' });
    expect(detailOf(returned)).toMatchObject({ status: 'Returned', statusDescription: 'More clarification required', version: 2 });
    expect(await notificationsOf(applicant.id)).toContain(
      `Application ${d.applicationNo}: Clarification sought by SLDC Business User; clarification required from the applicant. Remarks: Confirm the buyer substation`,
    );
    expect(detailOf(await call(ctx, e.get, applicant, { params: { id: d.id } }))).toMatchObject({
      formMode: 'Write',
      allowedActions: ['Submit'],
    });

    // Resubmission: id + version; the schedule is replaced; the fee was raised once.
    const stale = await apply(applicant, own.id, buyer.id, [row({ oaRequirement: '7' })], 'DayAhead', { id: d.id, version: 1 });
    expect(stale.statusCode).toBe(409);
    const again = await apply(
      applicant,
      own.id,
      buyer.id,
      [row({ oaRequirement: '7' }), row({ oaFromDate: '2026-07-13', oaToDate: '2026-07-13' })],
      'DayAhead',
      { id: d.id, version: 2 },
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(detailOf(again)).toMatchObject({ status: 'Submitted', version: 3, applicationNo: d.applicationNo, toDate: '2026-07-13' });
    expect(detailOf(again).scheduleList.map((r) => r.oaRequirement)).toEqual(['7.00', '10.00']);
    expect(await ctx.database.db.select().from(applicationSchedules).where(eq(applicationSchedules.applicationId, d.id))).toHaveLength(2);
    expect(await ctx.database.db.select().from(dues).where(eq(dues.recordId, d.id))).toHaveLength(1);
    expect(detailOf(again).history.map((h) => h.action)).toEqual(['Submit', 'Return', 'Resubmit']);

    const accepted = await decide(sldc, e.approve, d.id);
    expect(detailOf(accepted)).toMatchObject({ status: 'PendingSTOAApproval', statusDescription: 'Pending STOA check', version: 4 });
    // Accept again (same or stale version): 409.
    expect((await decide(sldc, e.approve, d.id)).statusCode).toBe(409);
    expect((await decide(sldc, e.approve, d.id, { version: 3 })).statusCode).toBe(409);
    expect(
      await ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, d.id), eq(auditLog.action, 'APPLICATION_ACCEPTED'))),
    ).toHaveLength(1);

    const other = detailOf(
      await apply(applicant, own.id, buyer.id, [
        row({ oaFromDate: '2026-07-13', oaToDate: '2026-07-13', fromTimeBlock: '00:00', toTimeBlock: '01:00' }),
      ]),
    );
    const rejected = await decide(sldc, e.reject, other.id, { remarks: 'Duplicate' });
    expect(detailOf(rejected)).toMatchObject({
      status: 'Rejected',
      history: [{ action: 'Submit' }, { action: 'Reject', remarks: 'Duplicate' }],
    });
    expect((await decide(sldc, e.approve, other.id)).statusCode).toBe(409);
  });

  it('two Accepts of the same version: one 200, one 409', async () => {
    const { applicant, own, buyer } = await applicantWithParties(ctx);
    const d = detailOf(await apply(applicant, own.id, buyer.id));
    const sldc2 = await signIn(ctx, 'SLDCBusinessUser');
    const results = await Promise.all([decide(sldc, e.approve, d.id, { version: 1 }), decide(sldc2, e.approve, d.id, { version: 1 })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const actions = await ctx.database.db.select().from(applicationActions).where(eq(applicationActions.applicationId, d.id));
    expect(actions.filter((a) => a.action === 'Forward')).toHaveLength(1);
  });
});

describe('approvers after processing', () => {
  it('Approver I then Approver II: PartiallyApproved or Approved from the granted quantum', async () => {
    const { applicant, own, buyer } = await applicantWithParties(ctx);
    const partial = await insertApplication(ctx, {
      status: 'STOAApproved',
      applicantUserId: applicant.id,
      sellerRegistrationId: own.id,
      buyerRegistrationId: buyer.id,
      grantedPercent: 60,
    });
    const full = await insertApplication(ctx, {
      status: 'STOAApproved',
      applicantUserId: applicant.id,
      sellerRegistrationId: own.id,
      buyerRegistrationId: buyer.id,
      grantedPercent: 100,
    });
    for (const [id, final, label] of [
      [partial.id, 'PartiallyApproved', 'Partially Approved (As per Margin Availability)'],
      [full.id, 'Approved', 'Approved'],
    ] as const) {
      expect((await decide(approver2, e.approve, id)).statusCode).toBe(409);
      const one = await decide(approver1, e.approve, id);
      expect(detailOf(one)).toMatchObject({ status: 'SLDCApproverIApproved', statusDescription: 'Pending SLDC approval' });
      const two = await decide(approver2, e.approve, id);
      expect(two.statusCode, two.body).toBe(200);
      expect(detailOf(two)).toMatchObject({ status: final, statusDescription: label });
      expect(await notificationsOf(applicant.id)).toContain(
        `Application ${(await readApplication(ctx, id)).applicationNo}: Approved by SLDC Approver-II; final status: ${label}.`,
      );
    }
  });

  it('after Approver I: one notice to the applicant saying who approved and what is next, with a link; the history says the same', async () => {
    const { applicant, own, buyer } = await applicantWithParties(ctx);
    const app = await insertApplication(ctx, {
      status: 'STOAApproved',
      applicantUserId: applicant.id,
      sellerRegistrationId: own.id,
      buyerRegistrationId: buyer.id,
      grantedPercent: 100,
    });
    const no = (await readApplication(ctx, app.id)).applicationNo;
    const before = await noticesOf(applicant.id);
    const one = await decide(approver1, e.approve, app.id);
    expect(one.statusCode, one.body).toBe(200);
    const added = (await noticesOf(applicant.id)).filter((n) => !before.some((b) => b.id === n.id));
    expect(added.map((n) => [n.message, n.link])).toEqual([
      [`Application ${no}: Approved by SLDC Approver-I; pending SLDC Approver-II.`, `/applications/oa/DayAhead/${app.id}`],
    ]);
    // Approver II is told on the SLDC side, with the link to the record.
    expect((await noticesOf(approver2.id)).find((n) => n.message.includes(no))).toMatchObject({
      link: `/applications/sldc/DayAhead/${app.id}`,
    });
    const history = detailOf(one).history;
    expect(history.at(-1)).toMatchObject({
      action: 'Approve',
      fromStatus: 'STOAApproved',
      toStatus: 'SLDCApproverIApproved',
      description: 'Approved by SLDC Approver-I; pending SLDC Approver-II',
    });

    // Approver II: a different notice (not a second 'Pending SLDC approval').
    await decide(approver2, e.approve, app.id);
    const texts = (await noticesOf(applicant.id)).filter((n) => n.message.includes(no)).map((n) => n.message);
    expect(new Set(texts).size).toBe(texts.length);
    expect(texts).toContain(`Application ${no}: Approved by SLDC Approver-II; final status: Approved.`);
  });

  it('refuses the final approval of an application without granted values', async () => {
    const { applicant, own, buyer } = await applicantWithParties(ctx);
    const row1 = await insertApplication(ctx, {
      status: 'SLDCApproverIApproved',
      applicantUserId: applicant.id,
      sellerRegistrationId: own.id,
      buyerRegistrationId: buyer.id,
    });
    const res = await decide(approver2, e.approve, row1.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(E.notGranted);
  });
});

describe('workflow transitions through the API (table-driven)', () => {
  type Who = 'applicant' | 'sldc' | 'approver1' | 'approver2';
  const cases: [ApplicationStatus, keyof typeof e, Who, number, ApplicationStatus | null][] = [
    ['Submitted', 'approve', 'sldc', 200, 'PendingSTOAApproval'],
    ['Submitted', 'reject', 'sldc', 200, 'Rejected'],
    ['Submitted', 'seekClarification', 'sldc', 200, 'Returned'],
    ['Submitted', 'approve', 'approver1', 409, null],
    ['Submitted', 'approveTraderRequest', 'applicant', 409, null],
    ['PendingApplicantApproval', 'approveTraderRequest', 'applicant', 200, 'Submitted'],
    ['PendingApplicantApproval', 'rejectTraderRequest', 'applicant', 200, 'Rejected'],
    ['PendingApplicantApproval', 'approve', 'sldc', 404, null],
    ['Returned', 'approve', 'sldc', 409, null],
    ['PendingSTOAApproval', 'approve', 'sldc', 409, null],
    ['PendingSTOAApproval', 'reject', 'sldc', 409, null],
    ['STOAApproved', 'approve', 'approver1', 200, 'SLDCApproverIApproved'],
    ['STOAApproved', 'seekClarification', 'approver1', 200, 'Returned'],
    ['STOAApproved', 'reject', 'approver1', 200, 'Rejected'],
    ['STOAApproved', 'approve', 'sldc', 409, null],
    ['SLDCApproverIApproved', 'approve', 'approver2', 200, 'Approved'],
    ['SLDCApproverIApproved', 'reject', 'approver2', 200, 'Rejected'],
    ['SLDCApproverIApproved', 'approve', 'approver1', 409, null],
    ['Approved', 'approve', 'approver2', 409, null],
    ['Rejected', 'seekClarification', 'sldc', 409, null],
    ['NoSTOARejected', 'approve', 'sldc', 409, null],
  ];
  it.each(cases)('%s: %s by %s → %i %s', async (status, endpoint, who, code, to) => {
    const { applicant, own, buyer } = await applicantWithParties(ctx);
    const { user: trader } = await approvedTrader(ctx);
    const app = await insertApplication(ctx, {
      status,
      applicantUserId: applicant.id,
      createdByUserId: status === 'PendingApplicantApproval' ? trader.id : applicant.id,
      sellerRegistrationId: own.id,
      buyerRegistrationId: buyer.id,
      grantedPercent: ['STOAApproved', 'SLDCApproverIApproved', 'Approved'].includes(status) ? 100 : undefined,
    });
    const users = { applicant, sldc, approver1, approver2 };
    const res = await decide(users[who], e[endpoint] as typeof e.approve, app.id, { remarks: 'Remarks' });
    expect(res.statusCode, res.body).toBe(code);
    const after = await readApplication(ctx, app.id);
    expect(after.status).toBe(to ?? status);
    expect(after.version).toBe(to ? 2 : 1);
  });
});

describe('scope: records outside the caller’s scope are not found', () => {
  it('another applicant, a trader who is not its trader, and the wrong applicant cannot see or act', async () => {
    const { applicant, own, buyer } = await applicantWithParties(ctx);
    const d = detailOf(await apply(applicant, own.id, buyer.id));
    const otherApplicant = await signIn(ctx, 'OABusinessUser');
    const { user: otherTrader } = await approvedTrader(ctx);
    expect((await call(ctx, e.get, otherApplicant, { params: { id: d.id } })).statusCode).toBe(404);
    expect((await call(ctx, e.get, otherTrader, { params: { id: d.id } })).statusCode).toBe(404);
    expect((await call(ctx, e.getAppliedApplications, otherApplicant, { query: {} })).json().data.dataCount).toBe(0);
    expect(
      (await call(ctx, e.updateTrader, otherApplicant, { params: { applicationId: d.id, traderId: otherTrader.id }, body: { version: 1 } }))
        .statusCode,
    ).toBe(404);
    expect((await apply(otherApplicant, own.id, buyer.id, [row()], 'DayAhead', { id: d.id, version: 1 })).statusCode).toBe(404);
    expect((await call(ctx, e.get, applicant, { params: { id: '00000000-0000-4000-8000-000000000000' } })).statusCode).toBe(404);
  });

  it('a pending trader request belongs to its applicant only', async () => {
    const { applicant, own, buyer } = await applicantWithParties(ctx);
    const { user: trader, registration } = await approvedTrader(ctx);
    await associate(ctx, applicant.id, registration.id);
    const d = detailOf(await apply(trader, own.id, buyer.id));
    const otherApplicant = await signIn(ctx, 'OABusinessUser');
    expect((await decide(otherApplicant, e.approveTraderRequest, d.id)).statusCode).toBe(404);
    // The trader cannot approve its own request (OA applicants only).
    expect((await decide(trader, e.approveTraderRequest, d.id)).statusCode).toBe(403);
  });
});

describe('the counterparty: an OA applicant named as seller or buyer by another applicant (read only)', () => {
  it('lists and views the application, with no actions; every action is refused with 403', async () => {
    const applicant = await signIn(ctx, 'OABusinessUser');
    const own = await approvedParty(ctx, applicant.id, 'BothEntity');
    const counterparty = await signIn(ctx, 'OABusinessUser', { entityType: 'DraweeEntity' });
    const theirs = await approvedParty(ctx, counterparty.id, 'DraweeEntity');
    const d = detailOf(await apply(applicant, own.id, theirs.id));

    const list = (await call(ctx, e.getAppliedApplications, counterparty, { query: {} })).json().data;
    expect(list.applicationList.map((r: { id: string }) => r.id)).toEqual([d.id]);
    const view = await call(ctx, e.get, counterparty, { params: { id: d.id } });
    expect(view.statusCode, view.body).toBe(200);
    expect(detailOf(view)).toMatchObject({
      id: d.id,
      buyer: { id: theirs.id },
      allowedActions: [],
      formMode: 'ReadOnly',
      canUpdateTrader: false,
    });
    expect((await call(ctx, e.getOpenAccessDetails, counterparty, { params: { applicationId: d.id } })).statusCode).toBe(200);

    // Returned by the SLDC: the applicant may resubmit, the counterparty may not.
    await decide(sldc, e.seekClarification, d.id, { remarks: 'Confirm the buyer substation' });
    expect(detailOf(await call(ctx, e.get, counterparty, { params: { id: d.id } }))).toMatchObject({
      status: 'Returned',
      allowedActions: [],
      formMode: 'ReadOnly',
    });
    const resubmit = await apply(counterparty, own.id, theirs.id, [row()], 'DayAhead', { id: d.id, version: 2 });
    expect(resubmit.statusCode).toBe(403);
    expect(resubmit.json().message).toBe(E.counterpartyReadOnly);
    for (const endpoint of [e.approveTraderRequest, e.rejectTraderRequest, e.approve, e.reject]) {
      const res = await decide(counterparty, endpoint, d.id, { remarks: 'no' });
      expect(res.statusCode, `${endpoint.id}: ${res.body}`).toBe(403);
    }
    const { registration } = await approvedTrader(ctx);
    await associate(ctx, counterparty.id, registration.id);
    expect(
      (await call(ctx, e.updateTrader, counterparty, { params: { applicationId: d.id, traderId: registration.id }, body: { version: 2 } }))
        .statusCode,
    ).toBe(403);
    const after = await readApplication(ctx, d.id);
    expect(after).toMatchObject({ status: 'Returned', version: 2, traderRegistrationId: null });

    // A stranger (neither applicant nor party) still sees nothing.
    const stranger = await signIn(ctx, 'OABusinessUser');
    expect((await call(ctx, e.get, stranger, { params: { id: d.id } })).statusCode).toBe(404);
    expect((await call(ctx, e.getAppliedApplications, stranger, { query: {} })).json().data.dataCount).toBe(0);
  });

  it('does not show a trader request still pending its applicant to the counterparty', async () => {
    const applicant = await signIn(ctx, 'OABusinessUser');
    const own = await approvedParty(ctx, applicant.id, 'BothEntity');
    const counterparty = await signIn(ctx, 'OABusinessUser', { entityType: 'DraweeEntity' });
    const theirs = await approvedParty(ctx, counterparty.id, 'DraweeEntity');
    const { user: trader, registration } = await approvedTrader(ctx);
    await associate(ctx, applicant.id, registration.id);
    const d = detailOf(await apply(trader, own.id, theirs.id, [row()], 'DayAhead', { onBehalfOf: 'Seller' }));
    expect(d.status).toBe('PendingApplicantApproval');
    expect((await call(ctx, e.get, counterparty, { params: { id: d.id } })).statusCode).toBe(404);
    expect((await decide(counterparty, e.approveTraderRequest, d.id)).statusCode).toBe(404);
  });
});

describe('UpdateTrader', () => {
  it('names an associated trader until the SLDC accepts; the trader then sees the application', async () => {
    const { applicant, own, buyer } = await applicantWithParties(ctx);
    const { user: trader, registration } = await approvedTrader(ctx);
    const { registration: notMine } = await approvedTrader(ctx);
    await associate(ctx, applicant.id, registration.id);
    const d = detailOf(await apply(applicant, own.id, buyer.id));
    const refused = await call(ctx, e.updateTrader, applicant, {
      params: { applicationId: d.id, traderId: notMine.id },
      body: { version: 1 },
    });
    expect(refused.statusCode).toBe(422);
    expect(fieldErrors(refused)).toEqual({ traderId: [E.traderNotAssociated] });
    const res = await call(ctx, e.updateTrader, applicant, {
      params: { applicationId: d.id, traderId: registration.id },
      body: { version: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(detailOf(res)).toMatchObject({
      trader: { id: registration.id, name: registration.entityName },
      version: 2,
      status: 'Submitted',
    });
    expect(await notificationsOf(trader.id)).toEqual(
      expect.arrayContaining([expect.stringContaining(`named you as the trader of application ${d.applicationNo}.`)]),
    );
    expect((await call(ctx, e.get, trader, { params: { id: d.id } })).statusCode).toBe(200);
    expect(
      (await call(ctx, e.getAppliedApplications, trader, { query: {} })).json().data.applicationList.map((x: { id: string }) => x.id),
    ).toContain(d.id);
    expect((await call(ctx, e.getUserBasedTraders, applicant)).json().data).toEqual([
      { id: registration.id, description: registration.entityName },
    ]);
    await decide(sldc, e.approve, d.id);
    expect(
      (await call(ctx, e.updateTrader, applicant, { params: { applicationId: d.id, traderId: registration.id }, body: { version: 3 } }))
        .statusCode,
    ).toBe(409);
  });

  it('an applicant names a trader when it applies', async () => {
    const { applicant, own, buyer } = await applicantWithParties(ctx);
    const { registration } = await approvedTrader(ctx);
    expect(fieldErrors(await apply(applicant, own.id, buyer.id, [row()], 'DayAhead', { traderId: registration.id }))).toEqual({
      traderId: [E.traderNotAssociated],
    });
    await associate(ctx, applicant.id, registration.id);
    const res = await apply(applicant, own.id, buyer.id, [row()], 'DayAhead', { traderId: registration.id });
    expect(detailOf(res)).toMatchObject({ status: 'Submitted', trader: { id: registration.id } });
  });
});

describe('lists', () => {
  it('pages and filters in SQL: SLDC per type, own lists by status and name', async () => {
    const { applicant, own, buyer } = await applicantWithParties(ctx);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(detailOf(await apply(applicant, own.id, buyer.id, [row({ fromTimeBlock: blockAt(i), toTimeBlock: blockAt(i + 1) })])).id);
    }
    await decide(sldc, e.approve, ids[0]!);
    const mine = (q: Record<string, string>) =>
      call(ctx, e.getAppliedApplications, applicant, { query: { pageNumber: '1', pageSize: '10', ...q } });
    expect((await mine({})).json().data.dataCount).toBe(3);
    expect((await mine({ status: 'PendingSTOAApproval' })).json().data.applicationList.map((x: { id: string }) => x.id)).toEqual([ids[0]]);
    expect((await mine({ entityName: buyer.entityName.slice(2, 12).toUpperCase() })).json().data.dataCount).toBe(3);
    expect((await mine({ entityName: 'no such party' })).json().data.dataCount).toBe(0);
    expect((await mine({ applicationType: 'FCFS' })).json().data.dataCount).toBe(0);
    expect((await mine({ fromDate: '2026-07-13' })).json().data.dataCount).toBe(0);
    expect((await mine({ month: '2026-07', toDate: '2026-07-12' })).json().data.dataCount).toBe(3);
    // Newest change first: the accepted one moved last.
    expect((await mine({})).json().data.applicationList[0].id).toBe(ids[0]);

    const sldcList = (q: Record<string, string>) =>
      call(ctx, e.getAll, sldc, {
        params: { type: 'DayAhead' },
        query: { pageNumber: '1', pageSize: '10', entityName: own.entityName, ...q },
      });
    const all = (await sldcList({})).json().data;
    expect(all.dataCount).toBe(3);
    // Latest submission first.
    expect(all.applicationList.map((x: { id: string }) => x.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect((await sldcList({ status: 'Submitted' })).json().data.dataCount).toBe(2);
    expect(
      (await call(ctx, e.getAll, sldc, { params: { type: 'FCFS' }, query: { entityName: own.entityName } })).json().data.dataCount,
    ).toBe(0);
    const bad = await call(ctx, e.getAll, sldc, { params: { type: 'Weekly' }, query: { pageSize: '7' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('parties and reference calls', () => {
  it('lists sellers and buyers with the caller’s own marked; trader variants mark associated applicants', async () => {
    const { applicant, own, buyer } = await applicantWithParties(ctx, { injection: 40, drawal: 25 });
    const sellers = (await call(ctx, e.getSellers, applicant)).json().data as {
      id: string;
      isOwn: boolean;
      quantum: string;
      entityType: string;
    }[];
    expect(sellers.find((s) => s.id === own.id)).toMatchObject({ isOwn: true, quantum: '40.00', entityType: 'BothEntity' });
    expect(sellers.some((s) => s.id === buyer.id)).toBe(false);
    const buyers = (await call(ctx, e.getBuyers, applicant)).json().data as { id: string; isOwn: boolean; quantum: string }[];
    expect(buyers.find((s) => s.id === buyer.id)).toMatchObject({ isOwn: false, quantum: '25.00' });
    expect(buyers.find((s) => s.id === own.id)).toMatchObject({ isOwn: true, quantum: '25.00' });

    const { user: trader, registration } = await approvedTrader(ctx);
    await associate(ctx, applicant.id, registration.id);
    const forTrader = (await call(ctx, e.getBuyersForTrader, trader, { query: { entityType: 'DraweeEntity' } })).json().data as {
      id: string;
      entityType: string;
      isOwn: boolean;
    }[];
    expect(forTrader.every((x) => x.entityType === 'DraweeEntity')).toBe(true);
    expect(forTrader.find((x) => x.id === buyer.id)?.isOwn).toBe(false);
    expect((await call(ctx, e.getSellersForTrader, trader)).json().data.find((x: { id: string }) => x.id === own.id)?.isOwn).toBe(true);
    expect((await call(ctx, e.getAvailableRegistrations, trader)).json().data).toEqual([
      {
        id: own.id,
        registrationNo: own.registrationNo,
        entityName: own.entityName,
        entityType: 'BothEntity',
        canSell: true,
        canBuy: true,
        stoaInjectionQuantum: '40.00',
        stoaDrawlQuantum: '25.00',
        expiredOn: '2099-12-31',
      },
    ]);
    expect((await call(ctx, e.getAvailableRegistrations, applicant)).json().data.map((x: { id: string }) => x.id)).toEqual([own.id]);
  });

  it('shows the details of a party, by side', async () => {
    const { applicant, own, buyer } = await applicantWithParties(ctx);
    const detail = await call(ctx, e.getRegistrationDetail, applicant, { params: { id: buyer.id } });
    expect(detail.json().data).toMatchObject({
      id: buyer.id,
      entityType: 'DraweeEntity',
      canSell: false,
      canBuy: true,
      drawalSubstation: 'Vadodara 66 kV',
      injectionSubstation: null,
      stoaInjectionQuantum: null,
    });
    expect((await call(ctx, e.getInjectingEntityDetails, applicant, { params: { id: own.id } })).json().data).toMatchObject({
      stoaInjectionQuantum: '40.00',
      injectionSubstation: 'Anand 132 kV',
      installedCapacity: '50.00',
    });
    expect((await call(ctx, e.getDraweeEntityDetails, applicant, { params: { id: own.id } })).json().data).toMatchObject({
      stoaDrawlQuantum: '25.00',
      contractDemand: '30.00',
    });
    expect((await call(ctx, e.getInjectingEntityDetails, applicant, { params: { id: buyer.id } })).statusCode).toBe(404);
    const { registration: traderReg } = await approvedTrader(ctx);
    expect((await call(ctx, e.getRegistrationDetail, applicant, { params: { id: traderReg.id } })).statusCode).toBe(404);
  });

  it('answers the application fee in force today', async () => {
    const { applicant } = await applicantWithParties(ctx);
    expect((await call(ctx, e.getApplicationFee, applicant)).json().data).toMatchObject({
      head: 'APPLICATION_FEE',
      baseAmount: 500_000,
      gstRatePercent: '18',
      gstAmount: 90_000,
      totalAmount: 590_000,
    });
  });
});

function blockAt(hourOffset: number) {
  return `${String(hourOffset).padStart(2, '0')}:00`;
}
