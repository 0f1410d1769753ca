import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { type CurtailmentDetail, curtailmentEndpoints } from '@stoa/shared/curtailment';
import { displayDate } from '@stoa/shared/forms';
import { enRevisions } from '@stoa/shared/messages';
import { type RevisionDetail, revisionEndpoints as e } from '@stoa/shared/revisions';

import { buildTestApp, type TestContext } from '../../../test/build-test-app';
import { applications } from '../applications/applications.tables';
import { approvedTrader, readApplication, setMargin } from '../applications/applications.test-fixtures';
import { auditLog } from '../audit/audit.tables';
import { settings } from '../configuration/configuration.tables';
import { notifications } from '../notifications/notifications.tables';
import { call, signIn, type SignedIn } from '../registrations/registrations.test-fixtures';
import { revisionActions, scheduleVersionDays, scheduleVersions } from './revisions.tables';
import { approvedApplication, grantedDays, revisionBody, scheduleRow } from './revisions.test-fixtures';

/**
 * Revisions through the API on the injected clock: 2026-07-10 10:07 IST is block 41, so a revision
 * requested now takes effect from block 44 (10:45), DOMAIN-REFERENCE §6's example.
 */
const NOW = new Date('2026-07-10T10:07:00+05:30');
const R = enRevisions.rules;
const E = enRevisions.errors;

let ctx: TestContext;
let sldc: SignedIn;
let approver1: SignedIn;

beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(NOW);
  sldc = await signIn(ctx, 'SLDCBusinessUser');
  approver1 = await signIn(ctx, 'SLDCApproverI');
});
afterAll(() => ctx.close());
beforeEach(() => ctx.clock.set(NOW));

const fieldErrors = (res: { json(): { errorResponse: { fieldName: string; errorMessages: string[] }[] } }) =>
  Object.fromEntries(res.json().errorResponse.map((f) => [f.fieldName, f.errorMessages]));
const detailOf = (res: { json(): { data: RevisionDetail } }) => res.json().data;

async function applicantWithApplication(rows = [scheduleRow()]) {
  const applicant = await signIn(ctx, 'OABusinessUser');
  const app = await approvedApplication(ctx, { applicantUserId: applicant.id, rows });
  return { applicant, app };
}

async function requestRevision(who: SignedIn, applicationId: string, rows: Record<string, unknown>[] = [{}]) {
  return call(ctx, e.request, who, { body: revisionBody(applicationId, rows, 'Generator outage') });
}

const decide = (endpoint: typeof e.approve, revisionId: string, version: number, remarks = '', who = sldc) =>
  call(ctx, endpoint, who, { params: { revisionId }, body: { version, remarks } });

async function messagesOf(userId: string) {
  return (await ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId))).map((x) => x.message);
}

describe('GetCurrentSchedule and GetRevisableApplications', () => {
  it('shows the granted schedule, the effective block of a request made now and whether anything can be revised', async () => {
    const { applicant, app } = await applicantWithApplication();
    const res = await call(ctx, e.getCurrentSchedule, applicant, { params: { applicationId: app.id } });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      applicationNo: app.applicationNo,
      status: 'Approved',
      currentVersion: 0,
      leadBlocks: 4,
      effective: { date: '2026-07-10', block: 44, time: '10:45' },
      revisable: true,
    });
    expect(data.days.map((d: { date: string }) => d.date)).toEqual(['2026-07-12', '2026-07-13']);
    expect(data.days[0].granted[40]).toBe('10.00');
    expect(data.days[0].granted[56]).toBe('0.00');

    const list = await call(ctx, e.getRevisableApplications, applicant, { query: { pageNumber: '1', pageSize: '10' } });
    expect(list.json().data).toMatchObject({ dataCount: 1, applicationList: [{ id: app.id, status: 'Approved' }] });
    const other = await signIn(ctx, 'OABusinessUser');
    expect((await call(ctx, e.getRevisableApplications, other, { query: { pageNumber: '1', pageSize: '10' } })).json().data.dataCount).toBe(
      0,
    );
    expect((await call(ctx, e.getCurrentSchedule, other, { params: { applicationId: app.id } })).statusCode).toBe(404);
  });

  it('the lead is the effective-dated setting revisionLeadBlocks', async () => {
    const { applicant, app } = await applicantWithApplication();
    await ctx.database.db.insert(settings).values({ key: 'revisionLeadBlocks', value: '8', effectiveFrom: '2026-07-10' });
    try {
      const res = await call(ctx, e.getCurrentSchedule, applicant, { params: { applicationId: app.id } });
      expect(res.json().data).toMatchObject({ leadBlocks: 8, effective: { date: '2026-07-10', block: 48, time: '11:45' } });
    } finally {
      await ctx.database.db.delete(settings).where(and(eq(settings.key, 'revisionLeadBlocks'), eq(settings.effectiveFrom, '2026-07-10')));
    }
  });
});

describe('Request', () => {
  it('records a requested revision with its rows, history, audit and notifications; the proposed schedule and estimated figures show', async () => {
    const { applicant, app } = await applicantWithApplication();
    const res = await requestRevision(applicant, app.id);
    expect(res.statusCode, res.body).toBe(200);
    const d = detailOf(res);
    expect(d).toMatchObject({
      status: 'Requested',
      statusDescription: 'Pending SLDC approval',
      version: 1,
      effective: { date: '2026-07-10', block: 44 },
      scheduleVersion: 1,
      remarks: 'Generator outage',
      allowedActions: [],
    });
    expect(d.revisionNo).toMatch(/^REV\/2026\/\d{6}$/);
    expect(d.revisionList).toEqual([
      {
        rowNo: 1,
        oaFromDate: '2026-07-13',
        oaToDate: '2026-07-13',
        fromTimeBlock: '10:00',
        toTimeBlock: '12:00',
        revisedRequirement: '6.00',
      },
    ]);
    expect(d.versions).toHaveLength(1);
    const proposed13 = d.proposed!.find((x) => x.date === '2026-07-13')!;
    expect(proposed13.granted.slice(40, 48)).toEqual(Array(8).fill('6.00'));
    expect(proposed13.granted[48]).toBe('10.00');
    // 4 MW less over 8 blocks = 8 MWh, all beyond 2 days from 10 July 10:45: released.
    expect(d).toMatchObject({ reducedMwh: '8.00', retainedMwh: '0.00', releasedMwh: '8.00' });
    expect(d.history).toMatchObject([{ action: 'Request', toStatus: 'Requested', role: 'OABusinessUser' }]);
    // Nothing applied yet.
    expect((await grantedDays(ctx, app.id)).get('2026-07-13')![40]).toBe(1000);
    expect(await messagesOf(sldc.id)).toContain(enRevisions.notifications.requested(d.revisionNo, app.applicationNo));
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, d.id), eq(auditLog.action, 'REVISION_REQUESTED')));
    expect(audit).toBeDefined();
  });

  it('refuses an upward revision, blocks before the effective block, dates outside the period — every field error at once', async () => {
    const { applicant, app } = await applicantWithApplication([scheduleRow({ oaFromDate: '2026-07-10', oaToDate: '2026-07-13' })]);
    const res = await requestRevision(applicant, app.id, [
      { revisedRequirement: '12' },
      { oaFromDate: '2026-07-10', oaToDate: '2026-07-10', fromTimeBlock: '10:30', toTimeBlock: '11:00', revisedRequirement: '5' },
      { oaFromDate: '2026-07-14', oaToDate: '2026-07-14' },
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldErrors(res)).toEqual({
      'revisionList.0.revisedRequirement': [R.upward('12', '10', displayDate('2026-07-13'), '10:00')],
      'revisionList.1.fromTimeBlock': [R.beforeEffective('10:45', displayDate('2026-07-10'))],
      'revisionList.2.oaFromDate': [R.outsidePeriod(displayDate('2026-07-10'), displayDate('2026-07-13'))],
      'revisionList.2.oaToDate': [R.outsidePeriod(displayDate('2026-07-10'), displayDate('2026-07-13'))],
    });
    // Same day from the effective block on is allowed.
    const ok = await requestRevision(applicant, app.id, [
      { oaFromDate: '2026-07-10', oaToDate: '2026-07-10', fromTimeBlock: '10:45', toTimeBlock: '11:00', revisedRequirement: '5' },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('only an approved application of the caller: another applicant gets 404, an unapproved one 422', async () => {
    const { app } = await applicantWithApplication();
    const stranger = await signIn(ctx, 'OABusinessUser');
    expect((await requestRevision(stranger, app.id)).statusCode).toBe(404);
    const applicant = await signIn(ctx, 'OABusinessUser');
    const pending = await approvedApplication(ctx, { applicantUserId: applicant.id });
    await ctx.database.db.update(applications).set({ status: 'STOAApproved' }).where(eq(applications.id, pending.id));
    const res = await requestRevision(applicant, pending.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(E.notRevisable);
  });

  it('the trader who filed the application may request; the applicant is told', async () => {
    const { user: trader } = await approvedTrader(ctx);
    const applicant = await signIn(ctx, 'OABusinessUser');
    const app = await approvedApplication(ctx, { applicantUserId: applicant.id, createdByUserId: trader.id });
    const res = await requestRevision(trader, app.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(detailOf(res).requestedBy).toMatchObject({ id: trader.id, role: 'Trader' });
    expect((await messagesOf(applicant.id)).some((m) => m.includes(detailOf(res).revisionNo))).toBe(true);
    const mine = await call(ctx, e.getAppliedRevisions, applicant, { query: { pageNumber: '1', pageSize: '10' } });
    expect(mine.json().data.revisionList.map((r: { id: string }) => r.id)).toContain(detailOf(res).id);
  });
});

describe('a trader named on the application', () => {
  it('lists it among its revisable applications and may request; another trader may not', async () => {
    const { user: trader, registration } = await approvedTrader(ctx);
    const applicant = await signIn(ctx, 'OABusinessUser');
    const app = await approvedApplication(ctx, { applicantUserId: applicant.id });
    await ctx.database.db.update(applications).set({ traderRegistrationId: registration.id }).where(eq(applications.id, app.id));
    const list = await call(ctx, e.getRevisableApplications, trader, { query: { pageNumber: '1', pageSize: '10' } });
    expect(list.json().data.applicationList.map((a: { id: string }) => a.id)).toEqual([app.id]);
    expect((await requestRevision(trader, app.id)).statusCode).toBe(200);
    const { user: other } = await approvedTrader(ctx);
    expect((await requestRevision(other, app.id)).statusCode).toBe(404);
  });
});

describe('Approve and Reject (SLDC business user)', () => {
  it('approval writes the revised values from the effective block as version 1 (v0 kept), with figures, history, audit and notices', async () => {
    const { applicant, app } = await applicantWithApplication();
    // 12 July 10:00–11:00 (blocks 41–44) to 0: blocks 41–43 lie within 2 days (192 blocks) of 10 July block 44, block 44 is the 192nd after.
    const made = detailOf(
      await requestRevision(applicant, app.id, [
        { oaFromDate: '2026-07-12', oaToDate: '2026-07-12', fromTimeBlock: '10:00', toTimeBlock: '11:00', revisedRequirement: '0' },
      ]),
    );
    const view = await call(ctx, e.get, sldc, { params: { revisionId: made.id, applicationId: app.id } });
    expect(detailOf(view).allowedActions).toEqual(['Approve', 'Reject']);
    expect(detailOf(await call(ctx, e.get, approver1, { params: { revisionId: made.id, applicationId: app.id } })).allowedActions).toEqual(
      [],
    );

    ctx.clock.advance(60_000);
    const res = await decide(e.approve, made.id, made.version, 'Ok');
    expect(res.statusCode, res.body).toBe(200);
    const d = detailOf(res);
    expect(d).toMatchObject({
      status: 'Approved',
      version: 2,
      scheduleVersion: 1,
      reducedMwh: '10.00',
      retainedMwh: '7.50',
      releasedMwh: '2.50',
      proposed: null,
      allowedActions: [],
    });
    expect(d.versions.map((v) => [v.versionNo, v.source, v.revisionNo, v.curtailmentNo, v.totalMwh])).toEqual([
      [0, 'Approval', null, null, '80.00'],
      [1, 'Revision', made.revisionNo, null, '70.00'],
    ]);
    const v1 = d.versions[1]!.days.find((x) => x.date === '2026-07-12')!;
    expect(v1.granted.slice(39, 45)).toEqual(['0.00', '0.00', '0.00', '0.00', '0.00', '10.00']);
    const granted = await grantedDays(ctx, app.id);
    expect(granted.get('2026-07-12')!.slice(40, 45)).toEqual([0, 0, 0, 0, 1000]);
    expect(granted.get('2026-07-13')![40]).toBe(1000);
    expect(await ctx.database.db.select().from(scheduleVersions).where(eq(scheduleVersions.applicationId, app.id))).toHaveLength(2);
    expect(await ctx.database.db.select().from(scheduleVersionDays).where(eq(scheduleVersionDays.applicationId, app.id))).toHaveLength(4);
    expect((await readApplication(ctx, app.id)).version).toBe(app.version + 1);
    const audits = (await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, made.id))).map((a) => a.action);
    expect(audits).toEqual(expect.arrayContaining(['REVISION_REQUESTED', 'REVISION_APPROVED']));
    expect(
      await ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, app.id), eq(auditLog.action, 'APPLICATION_SCHEDULE_REVISED'))),
    ).toHaveLength(1);
    expect(await messagesOf(applicant.id)).toContain(
      enRevisions.notifications.decided(made.revisionNo, app.applicationNo, 'Approved', 'Ok'),
    );

    // The applicant sees the new version; the same approval again is stale.
    const seen = await call(ctx, e.get, applicant, { params: { revisionId: made.id, applicationId: app.id } });
    expect(detailOf(seen).versions).toHaveLength(2);
    expect((await decide(e.approve, made.id, made.version)).statusCode).toBe(409);
    expect((await decide(e.reject, made.id, d.version, 'late')).statusCode).toBe(409);
    // A second revision makes version 2.
    const second = detailOf(await requestRevision(applicant, app.id, [{ revisedRequirement: '5' }]));
    expect(second.scheduleVersion).toBe(2);
    const approved2 = detailOf(await decide(e.approve, second.id, second.version));
    expect(approved2.versions.map((v) => v.versionNo)).toEqual([0, 1, 2]);
    const current = await call(ctx, e.getCurrentSchedule, applicant, { params: { applicationId: app.id } });
    expect(current.json().data.currentVersion).toBe(2);
  });

  it('a curtailment between the approval and a revision is a version of its own: v0 as approved, v1 the curtailment, v2 the revision', async () => {
    // Dates of this test only: every fixture application uses 'Anand 132 kV' → 'Vadodara 66 kV'.
    const { applicant, app } = await applicantWithApplication([scheduleRow({ oaFromDate: '2026-08-03', oaToDate: '2026-08-04' })]);
    await setMargin(ctx, '2026-08-04', 'Anand 132 kV', 5000);
    // Before any change the detail shows the schedule as approved as v0.
    const made = detailOf(
      await requestRevision(applicant, app.id, [
        { oaFromDate: '2026-08-04', oaToDate: '2026-08-04', fromTimeBlock: '12:00', toTimeBlock: '14:00', revisedRequirement: '6' },
      ]),
    );
    expect(made.versions.map((v) => [v.versionNo, v.source])).toEqual([[0, 'Approval']]);
    expect(made.scheduleVersion).toBe(1);

    // The SLDC curtails 4 MW of 4 August 10:00–11:00: the schedule's v1, from the curtailment.
    const cut = await call(ctx, curtailmentEndpoints.create, sldc, {
      body: {
        element: 'Anand 132 kV',
        curtailmentDate: '2026-08-04',
        fromTimeBlock: '10:00',
        toTimeBlock: '11:00',
        basis: 'Reduction',
        quantum: '4',
        cause: 'Other',
        remarks: 'Line outage',
      },
    });
    expect(cut.statusCode, cut.body).toBe(200);
    const curtailment = cut.json().data as CurtailmentDetail;
    const pending = detailOf(await call(ctx, e.get, applicant, { params: { revisionId: made.id, applicationId: app.id } }));
    expect(pending.versions.map((v) => [v.versionNo, v.source, v.curtailmentNo, v.totalMwh])).toEqual([
      [0, 'Approval', null, '80.00'],
      [1, 'Curtailment', curtailment.curtailmentNo, '76.00'],
    ]);
    expect(pending.versions[1]!.curtailmentId).toBe(curtailment.id);
    expect(pending.scheduleVersion).toBe(2);

    // The revision then makes v2: its difference against v1 is its own cut only, not the curtailment's.
    const approved = detailOf(await decide(e.approve, made.id, made.version));
    expect(approved.versions.map((v) => [v.versionNo, v.source, v.revisionNo, v.curtailmentNo, v.totalMwh])).toEqual([
      [0, 'Approval', null, null, '80.00'],
      [1, 'Curtailment', null, curtailment.curtailmentNo, '76.00'],
      [2, 'Revision', made.revisionNo, null, '68.00'],
    ]);
    const dayOf = (n: number) => approved.versions[n]!.days.find((x) => x.date === '2026-08-04')!.granted;
    expect([dayOf(0)[40], dayOf(1)[40], dayOf(2)[40]]).toEqual(['10.00', '6.00', '6.00']);
    expect([dayOf(0)[48], dayOf(1)[48], dayOf(2)[48]]).toEqual(['10.00', '10.00', '6.00']);
    expect(approved.scheduleVersion).toBe(2);
    const current = await call(ctx, e.getCurrentSchedule, applicant, { params: { applicationId: app.id } });
    expect(current.json().data.currentVersion).toBe(2);
  });

  it('reject needs remarks and leaves the schedule alone', async () => {
    const { applicant, app } = await applicantWithApplication();
    const made = detailOf(await requestRevision(applicant, app.id));
    const noRemarks = await decide(e.reject, made.id, made.version);
    expect(noRemarks.statusCode).toBe(400);
    expect(fieldErrors(noRemarks)).toEqual({ remarks: [E.remarksRequired] });
    const res = await decide(e.reject, made.id, made.version, 'Grid constraint');
    expect(res.statusCode, res.body).toBe(200);
    expect(detailOf(res)).toMatchObject({ status: 'Rejected', scheduleVersion: null, reducedMwh: '0.00' });
    expect((await grantedDays(ctx, app.id)).get('2026-07-13')![40]).toBe(1000);
    expect(await ctx.database.db.select().from(scheduleVersions).where(eq(scheduleVersions.applicationId, app.id))).toHaveLength(0);
    expect(await ctx.database.db.select().from(revisionActions).where(eq(revisionActions.revisionId, made.id))).toHaveLength(2);
    expect(await messagesOf(applicant.id)).toContain(
      enRevisions.notifications.decided(made.revisionNo, app.applicationNo, 'Rejected', 'Grid constraint'),
    );
  });

  it('approval re-checks against the clock: once the effective block has passed, 422 and nothing applied', async () => {
    const { applicant, app } = await applicantWithApplication([scheduleRow({ oaFromDate: '2026-07-10', oaToDate: '2026-07-10' })]);
    const made = detailOf(
      await requestRevision(applicant, app.id, [
        { oaFromDate: '2026-07-10', oaToDate: '2026-07-10', fromTimeBlock: '11:00', toTimeBlock: '12:00', revisedRequirement: '4' },
      ]),
    );
    ctx.clock.set(new Date('2026-07-10T10:50:00+05:30')); // block 44: effective now 11:30
    const later = await signIn(ctx, 'SLDCBusinessUser'); // access tokens last 15 minutes of the clock
    const res = await decide(e.approve, made.id, made.version, '', later);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe(E.staleOnApproval);
    expect((await grantedDays(ctx, app.id)).get('2026-07-10')![44]).toBe(1000);
    // Rejecting it still works.
    expect((await decide(e.reject, made.id, made.version, 'Too late', later)).statusCode).toBe(200);
  });

  it('approval re-checks against the schedule now: a revision no longer downward after another one is refused', async () => {
    const { applicant, app } = await applicantWithApplication();
    const first = detailOf(await requestRevision(applicant, app.id, [{ revisedRequirement: '8' }]));
    const second = detailOf(await requestRevision(applicant, app.id, [{ revisedRequirement: '5' }]));
    expect((await decide(e.approve, second.id, second.version)).statusCode).toBe(200);
    const res = await decide(e.approve, first.id, first.version);
    expect(res.statusCode).toBe(422);
    expect(fieldErrors(res)['revisionList.0.revisedRequirement']).toEqual([R.upward('8', '5', displayDate('2026-07-13'), '10:00')]);
  });

  it('lists: the SLDC list filters by status and pages in SQL; applicants see only their own', async () => {
    const { applicant, app } = await applicantWithApplication();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ctx.clock.advance(1000);
      ids.push(detailOf(await requestRevision(applicant, app.id, [{ revisedRequirement: String(9 - i) }])).id);
    }
    const page1 = await call(ctx, e.getAll, sldc, {
      query: { pageNumber: '1', pageSize: '10', applicationNo: app.applicationNo, status: 'Requested' },
    });
    expect(page1.statusCode, page1.body).toBe(200);
    expect(page1.json().data.dataCount).toBe(3);
    expect(page1.json().data.revisionList.map((r: { id: string }) => r.id)).toEqual([...ids].reverse());
    expect(page1.json().data.revisionList[0]).toMatchObject({
      applicationNo: app.applicationNo,
      status: { status: 'Requested', statusDescription: 'Pending SLDC approval' },
      effectiveDate: '2026-07-10',
      effectiveTime: '10:45',
      reducedMwh: '6.00',
      scheduleVersion: null,
    });
    await decide(e.reject, ids[0]!, 1, 'no');
    const approvedOnly = await call(ctx, e.getAll, sldc, {
      query: { pageNumber: '1', pageSize: '10', applicationNo: app.applicationNo, status: 'Rejected' },
    });
    expect(approvedOnly.json().data.revisionList.map((r: { id: string }) => r.id)).toEqual([ids[0]]);
    const stranger = await signIn(ctx, 'OABusinessUser');
    expect((await call(ctx, e.getAppliedRevisions, stranger, { query: { pageNumber: '1', pageSize: '10' } })).json().data.dataCount).toBe(
      0,
    );
    expect((await call(ctx, e.get, stranger, { params: { revisionId: ids[0]!, applicationId: app.id } })).statusCode).toBe(404);
    expect((await call(ctx, e.getAll, applicant, { query: { pageNumber: '1', pageSize: '10' } })).statusCode).toBe(403);
  });
});

describe('date filters', () => {
  it('a date in year 0000 is a 400 naming the field, not a 500 (found by the contract fuzz)', async () => {
    const res = await call(ctx, e.getAll, sldc, { query: { pageNumber: '1', pageSize: '10', toDate: '0000-01-01' } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errorResponse: [{ fieldName: 'toDate', errorMessages: ['Enter a valid date (DD/MM/YYYY).'] }],
    });
  });
});
