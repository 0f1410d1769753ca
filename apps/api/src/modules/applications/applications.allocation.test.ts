import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type AllocationPreview, type ApplicationType, applicationEndpoints as e, type QuantumAllocation } from '@stoa/shared/applications';

import { buildTestApp, type TestContext } from '../../../test/build-test-app';
import { auditLog } from '../audit/audit.tables';
import { notifications } from '../notifications/notifications.tables';
import { registrationsRepository } from '../registrations/registrations.repository';
import { call, signIn, type SignedIn } from '../registrations/registrations.test-fixtures';
import { applicationsRepository } from './applications.repository';
import { applicationActions, processingRunItems, processingRuns } from './applications.tables';
import { CONGESTION_DAY, CONGESTION_MONTH, congestedApplication, insertInvitation } from '../e-bidding/e-bidding.test-fixtures';
import { applicantWithParties, grantedOf, insertApplication, readApplication, type Row, setMargin } from './applications.test-fixtures';

/**
 * Decision 0012 through the API: AllocateProRata (dry run), AllocateQuantumProRataBasis (the margin
 * left shared pro-rata among a run's short applications), DownloadOpenAccessDetails (xlsx),
 * GetApplications/{type}/{loggedInDateTime} and the capped list count. Every test uses its own
 * dates: the fixtures' parties share the path 'Anand 132 kV' → 'Vadodara 66 kV'.
 */
let ctx: TestContext;
let sldc: SignedIn;
let approver1: SignedIn;

beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(new Date('2026-07-10T10:05:00+05:30'));
  sldc = await signIn(ctx, 'SLDCBusinessUser');
  approver1 = await signIn(ctx, 'SLDCApproverI');
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

const preview = (type: ApplicationType, date: string, who = sldc) => call(ctx, e.allocateProRata, who, { body: { type, date } });
const allocate = (type: ApplicationType, processingDate: string, who = sldc) =>
  call(ctx, e.allocateQuantumProRataBasis, who, { params: { type, processingDate } });

describe('AllocateProRata: a dry run of the pro-rata rule on the pending batch', () => {
  it('shows the shares processing would give, saves nothing, and equals the run that follows', async () => {
    await setMargin(ctx, '2026-08-03', 'Anand 132 kV', 1000);
    await setMargin(ctx, '2026-08-03', 'Vadodara 66 kV', 10000);
    const first = await pending('DayAhead', [row('2026-08-03', '7')]);
    const second = await pending('DayAhead', [row('2026-08-03', '8')]);

    const res = await preview('DayAhead', '2026-08-03', approver1);
    expect(res.statusCode, res.body).toBe(200);
    const p: AllocationPreview = res.json().data;
    expect(p).toMatchObject({
      type: 'DayAhead',
      processingDate: '2026-08-03',
      days: ['2026-08-03'],
      congestedBlockCount: 8,
      requestedMwh: '30.00',
      grantedMwh: '20.00',
    });
    expect(
      p.applicationList.map((i) => [i.applicationId, i.outcome, i.status.status, i.requestedMwh, i.previousGrantedMwh, i.grantedMwh]),
    ).toEqual([
      [first.app.id, 'PartiallyApproved', 'PendingSTOAApproval', '14.00', null, '9.34'],
      [second.app.id, 'PartiallyApproved', 'PendingSTOAApproval', '16.00', null, '10.66'],
    ]);
    // Nothing saved: no grants, no run, no status change, no audit.
    expect((await grantedOf(ctx, first.app.id)).get('2026-08-03')).toBeNull();
    expect(await ctx.database.db.select().from(processingRuns).where(eq(processingRuns.processingDate, '2026-08-03'))).toHaveLength(0);
    expect(await readApplication(ctx, first.app.id)).toMatchObject({ status: 'PendingSTOAApproval', version: 1 });
    expect(await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, first.app.id))).toHaveLength(0);

    const run = await call(ctx, e.processApplications, sldc, { params: { type: 'DayAhead', date: '2026-08-03' } });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().data.applicationList.map((i: { grantedMwh: string }) => i.grantedMwh)).toEqual(['9.34', '10.66']);

    // Processed: nothing pending any more.
    const after = await preview('DayAhead', '2026-08-03');
    expect(after.statusCode).toBe(422);
    expect(after.json().message).toBe('There are no Day Ahead applications pending STOA check for 2026-08-03.');
  });

  it('applies the pro-rata rule to any type (FCFS would serve in order) and checks its body', async () => {
    await setMargin(ctx, '2026-08-04', 'Anand 132 kV', 1000);
    await setMargin(ctx, '2026-08-04', 'Vadodara 66 kV', 10000);
    await pending('FCFS', [row('2026-08-04', '10')]);
    await pending('FCFS', [row('2026-08-04', '10')]);
    const res = await preview('FCFS', '2026-08-04');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.applicationList.map((i: { grantedMwh: string }) => i.grantedMwh)).toEqual(['10.00', '10.00']);

    const bad = await call(ctx, e.allocateProRata, sldc, { body: { type: 'Weekly', date: '2026-02-30' } });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errorResponse.map((x: { fieldName: string }) => x.fieldName)
        .sort(),
    ).toEqual(['date', 'type']);
  });
});

describe('AllocateQuantumProRataBasis: the margin left, shared pro-rata among the short applications of a run', () => {
  it('tops up the applications pending approval on what they lack, audited, once', async () => {
    await setMargin(ctx, '2026-08-05', 'Anand 132 kV', 1000);
    await setMargin(ctx, '2026-08-05', 'Vadodara 66 kV', 10000);
    const first = await pending('DayAhead', [row('2026-08-05', '7')]);
    const second = await pending('DayAhead', [row('2026-08-05', '8')]);
    const run = await call(ctx, e.processApplications, sldc, { params: { type: 'DayAhead', date: '2026-08-05' } });
    expect(run.statusCode, run.body).toBe(200);

    // Nothing left on 'Anand 132 kV' yet: nothing to allocate.
    const none = await allocate('DayAhead', '2026-08-05');
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe('No application of this run is short of its request: there is nothing to allocate.');

    // The SLDC raises the margin to 13 MW: 3 MW left, lacking 2.33 + 2.67 = 5.00 MW →
    // 2.33 × 3 / 5 = 1.398 → 1.39 (+ the leftover 0.01, earliest) and 2.67 × 3 / 5 = 1.602 → 1.60.
    await setMargin(ctx, '2026-08-05', 'Anand 132 kV', 1300);
    const res = await allocate('DayAhead', '2026-08-05');
    expect(res.statusCode, res.body).toBe(200);
    const q: QuantumAllocation = res.json().data;
    expect(q.allocatedCount).toBe(2);
    expect(q.allocatedMwh).toBe('6.00');
    expect(q.applicationList.map((i) => [i.applicationId, i.status.status, i.previousGrantedMwh, i.grantedMwh, i.outcome])).toEqual([
      [first.app.id, 'STOAApproved', '9.34', '12.14', 'PartiallyApproved'],
      [second.app.id, 'STOAApproved', '10.66', '13.86', 'PartiallyApproved'],
    ]);
    expect((await grantedOf(ctx, first.app.id)).get('2026-08-05')!.slice(B, B + 8)).toEqual(Array(8).fill(607));
    expect((await grantedOf(ctx, second.app.id)).get('2026-08-05')!.slice(B, B + 8)).toEqual(Array(8).fill(693));
    expect(q.result.applicationList.map((i) => i.grantedMwh)).toEqual(['12.14', '13.86']);
    expect(q.result.run).toMatchObject({ status: 'Completed', partiallyApprovedCount: 2 });

    // The status stays, the version moves (a stale Approve is refused), history, audit, the applicant told.
    expect(await readApplication(ctx, first.app.id)).toMatchObject({ status: 'STOAApproved', version: 3 });
    const stale = await call(ctx, e.approve, approver1, { params: { type: 'DayAhead', id: first.app.id }, body: { version: 2 } });
    expect(stale.statusCode).toBe(409);
    const history = await ctx.database.db.select().from(applicationActions).where(eq(applicationActions.applicationId, first.app.id));
    expect(history.map((h) => h.action)).toContain('Allocate');
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, first.app.id), eq(auditLog.action, 'APPLICATION_QUANTUM_ALLOCATED')));
    expect(audit).toMatchObject({ before: { grantedMwh: '9.34' }, after: { grantedMwh: '12.14', addedMwh: '2.80' } });
    expect(
      await ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, q.result.run.id), eq(auditLog.action, 'APPLICATIONS_QUANTUM_ALLOCATED'))),
    ).toHaveLength(1);
    const told = (await ctx.database.db.select().from(notifications).where(eq(notifications.userId, first.applicant.id))).map(
      (n) => n.message,
    );
    expect(told).toContain(
      `Additional margin was allocated to application ${first.app.applicationNo} on a pro-rata basis: 12.14 MWh granted in all.`,
    );

    // Everything is used now: a second call has nothing to give.
    expect((await allocate('DayAhead', '2026-08-05')).statusCode).toBe(422);
    // Only the SLDC business user allocates; a run that does not exist is 404.
    expect((await allocate('DayAhead', '2026-08-05', approver1)).statusCode).toBe(403);
    expect((await allocate('DayAhead', '2026-08-06')).statusCode).toBe(404);
  });

  it('leaves applications already approved by Approver I alone', async () => {
    await setMargin(ctx, '2026-08-07', 'Anand 132 kV', 500);
    await setMargin(ctx, '2026-08-07', 'Vadodara 66 kV', 10000);
    const only = await pending('DayAhead', [row('2026-08-07', '10')]);
    await call(ctx, e.processApplications, sldc, { params: { type: 'DayAhead', date: '2026-08-07' } });
    const detail = await readApplication(ctx, only.app.id);
    const ok = await call(ctx, e.approve, approver1, { params: { type: 'DayAhead', id: only.app.id }, body: { version: detail.version } });
    expect(ok.statusCode, ok.body).toBe(200);
    await setMargin(ctx, '2026-08-07', 'Anand 132 kV', 5000);
    const res = await allocate('DayAhead', '2026-08-07');
    expect(res.statusCode).toBe(422);
    expect((await grantedOf(ctx, only.app.id)).get('2026-08-07')!.slice(B, B + 8)).toEqual(Array(8).fill(500));
  });

  it('processes a congested Advance run pro-rata instead of leaving it to e-bidding', async () => {
    await setMargin(ctx, '2026-09-10', 'Anand 132 kV', 1000);
    await setMargin(ctx, '2026-09-10', 'Vadodara 66 kV', 10000);
    const first = await pending('Advance', [row('2026-09-10', '6')]);
    const second = await pending('Advance', [row('2026-09-10', '6')]);
    const run = await call(ctx, e.processApplications, sldc, { params: { type: 'Advance', date: '2026-09-10' } });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().data.run).toMatchObject({ status: 'Congested', processingDate: '2026-09-01' });

    const res = await allocate('Advance', '2026-09-01');
    expect(res.statusCode, res.body).toBe(200);
    const q: QuantumAllocation = res.json().data;
    expect(q.applicationList.map((i) => [i.applicationId, i.status.status, i.previousGrantedMwh, i.grantedMwh, i.outcome])).toEqual([
      [first.app.id, 'STOAApproved', null, '10.00', 'PartiallyApproved'],
      [second.app.id, 'STOAApproved', null, '10.00', 'PartiallyApproved'],
    ]);
    expect(q.result.run).toMatchObject({ status: 'Completed', partiallyApprovedCount: 2, approvedCount: 0, rejectedCount: 0 });
    expect(q.result.applicationList.map((i) => i.outcome)).toEqual(['PartiallyApproved', 'PartiallyApproved']);
    expect(await readApplication(ctx, first.app.id)).toMatchObject({ status: 'STOAApproved', version: 2 });
    expect(
      await ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, first.app.id), eq(auditLog.action, 'APPLICATION_PROCESSED'))),
    ).toHaveLength(1);
    const items = await ctx.database.db.select().from(processingRunItems).where(eq(processingRunItems.runId, q.result.run.id));
    expect(items.map((i) => i.grantedCentiBlocks).sort()).toEqual([4000, 4000]);
  });
});

describe('AllocateQuantumProRataBasis leaves what it cannot decide alone', () => {
  it('refuses (422) when no margin is left on any short path: a congested Advance run is not rejected wholesale', async () => {
    await setMargin(ctx, '2026-10-12', 'Anand 132 kV', 0);
    await setMargin(ctx, '2026-10-12', 'Vadodara 66 kV', 10000);
    const first = await pending('Advance', [row('2026-10-12', '6')]);
    const run = await call(ctx, e.processApplications, sldc, { params: { type: 'Advance', date: '2026-10-12' } });
    expect(run.json().data.run).toMatchObject({ status: 'Congested', processingDate: '2026-10-01' });
    const res = await allocate('Advance', '2026-10-01');
    expect(res.statusCode, res.body).toBe(422);
    expect(await readApplication(ctx, first.app.id)).toMatchObject({ status: 'PendingSTOAApproval', version: 1 });
    const [after] = await ctx.database.db
      .select()
      .from(processingRuns)
      .where(and(eq(processingRuns.type, 'Advance'), eq(processingRuns.processingDate, '2026-10-01')));
    expect(after).toMatchObject({ status: 'Congested', rejectedCount: 0 });
  });

  it('never touches an application named in an e-bidding invitation: the bidding decides its quantum', async () => {
    await setMargin(ctx, CONGESTION_DAY, 'Anand 132 kV', 10000);
    await setMargin(ctx, CONGESTION_DAY, 'Vadodara 66 kV', 10000);
    const invited = await congestedApplication(ctx, null);
    const free = await congestedApplication(ctx, null);
    await insertInvitation(ctx, sldc.id, [{ id: invited.id, appliedCenti: 1000 }]);
    const res = await allocate('Advance', `${CONGESTION_MONTH}-01`);
    expect(res.statusCode, res.body).toBe(200);
    const q: QuantumAllocation = res.json().data;
    expect(q.applicationList.map((i) => i.applicationId)).toEqual([free.id]);
    expect(await readApplication(ctx, invited.id)).toMatchObject({ status: 'PendingSTOAApproval', version: 1 });
    expect(q.result.run.status).toBe('Congested'); // the invited application's item is still congested
  });
});

describe('DownloadOpenAccessDetails: the details as an Excel workbook', () => {
  it('has a row per requested block with the grant, and the totals per day; others get 404', async () => {
    await setMargin(ctx, '2026-08-11', 'Anand 132 kV', 500);
    await setMargin(ctx, '2026-08-11', 'Vadodara 66 kV', 10000);
    const { applicant, app } = await pending('DayAhead', [row('2026-08-11', '7')]);
    await call(ctx, e.processApplications, sldc, { params: { type: 'DayAhead', date: '2026-08-11' } });

    const res = await call(ctx, e.downloadOpenAccessDetails, applicant, { params: { applicationId: app.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain(`open-access-${app.applicationNo.replace(/\//g, '-')}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const blocks = workbook.getWorksheet('Blocks')!;
    expect(blocks.getRow(1).getCell(1).value).toBe(`Application ${app.applicationNo} (Day Ahead)`);
    expect(blocks.getRow(5).values).toEqual([undefined, 'Date', 'Block', 'From', 'To', 'Requested (MW)', 'Granted (MW)']);
    expect(blocks.getRow(6).values).toEqual([undefined, '11/08/2026', 41, '10:00', '10:15', 7, 5]);
    expect(blocks.getRow(13).values).toEqual([undefined, '11/08/2026', 48, '11:45', '12:00', 7, 5]);
    expect(blocks.getRow(14).values).toEqual([]);
    const days = workbook.getWorksheet('Days')!;
    expect(days.getRow(6).values).toEqual([undefined, '11/08/2026', 14, 10]);
    expect(days.getRow(7).values).toEqual([undefined, 'Total', 14, 10]);

    const stranger = await signIn(ctx, 'OABusinessUser');
    expect((await call(ctx, e.downloadOpenAccessDetails, stranger, { params: { applicationId: app.id } })).statusCode).toBe(404);
    expect((await call(ctx, e.downloadOpenAccessDetails, sldc, { params: { applicationId: app.id } })).statusCode).toBe(200);
  });
});

describe('GetApplications/{type}/{loggedInDateTime}: what changed since the login', () => {
  it('lists the applications of the type changed after the login time, in the caller scope', async () => {
    const parties = await applicantWithParties(ctx);
    const insert = (type: ApplicationType, status: 'Submitted' | 'PendingApplicantApproval' = 'Submitted') =>
      insertApplication(ctx, {
        type,
        status,
        applicantUserId: parties.applicant.id,
        sellerRegistrationId: parties.own.id,
        buyerRegistrationId: parties.buyer.id,
      });
    ctx.clock.advance(60_000);
    const before = await insert('ContingencySameDay');
    ctx.clock.advance(60_000);
    const login = ctx.clock.now().toISOString();
    ctx.clock.advance(60_000);
    const after = await insert('ContingencySameDay');
    const otherType = await insert('FCFS');
    const notYetSubmitted = await insert('ContingencySameDay', 'PendingApplicantApproval');

    const sldcView = await call(ctx, e.getApplications, sldc, { params: { type: 'ContingencySameDay', loggedInDateTime: login } });
    expect(sldcView.statusCode, sldcView.body).toBe(200);
    const ids = sldcView.json().data.applicationList.map((r: { id: string }) => r.id);
    expect(ids).toContain(after.id);
    expect(ids).not.toContain(before.id);
    expect(ids).not.toContain(otherType.id);
    expect(ids).not.toContain(notYetSubmitted.id);
    expect(sldcView.json().data).toMatchObject({ dataCount: ids.length, dataCountCapped: false });

    // The applicant sees its own, including the one pending its approval; with an IST offset.
    const istLogin = new Date(Date.parse(login) + 5.5 * 3_600_000).toISOString().replace('Z', '+05:30');
    const own = await call(ctx, e.getApplications, parties.applicant, {
      params: { type: 'ContingencySameDay', loggedInDateTime: istLogin },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(
      own
        .json()
        .data.applicationList.map((r: { id: string }) => r.id)
        .sort(),
    ).toEqual([after.id, notYetSubmitted.id].sort());
    const stranger = await signIn(ctx, 'OABusinessUser');
    expect(
      (await call(ctx, e.getApplications, stranger, { params: { type: 'ContingencySameDay', loggedInDateTime: login } })).json().data
        .applicationList,
    ).toEqual([]);

    const bad = await call(ctx, e.getApplications, sldc, { params: { type: 'ContingencySameDay', loggedInDateTime: '21-11-2026 09:30' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorResponse).toContainEqual(
      expect.objectContaining({
        fieldName: 'loggedInDateTime',
        errorMessages: ['Login time must be an ISO 8601 date and time with its offset, e.g. 2026-11-21T09:30:00Z.'],
      }),
    );
  });
});

describe('the list count is capped', () => {
  it('counts up to the cap and says when there are more', async () => {
    const parties = await applicantWithParties(ctx);
    for (let i = 0; i < 3; i++) {
      ctx.clock.advance(1);
      await insertApplication(ctx, {
        type: 'ContingencyDayAhead',
        status: 'Submitted',
        applicantUserId: parties.applicant.id,
        sellerRegistrationId: parties.own.id,
        buyerRegistrationId: parties.buyer.id,
      });
    }
    const v = (await registrationsRepository.viewer(ctx.database.db, parties.applicant.id))!;
    const query = { pageNumber: 1, pageSize: 10 };
    const capped = await applicationsRepository.list(ctx.database.db, v, { kind: 'own' }, query, { countCap: 2 });
    expect(capped).toMatchObject({ total: 2, capped: true });
    expect(capped.rows).toHaveLength(3);
    expect(await applicationsRepository.list(ctx.database.db, v, { kind: 'own' }, query, { countCap: 3 })).toMatchObject({
      total: 3,
      capped: false,
    });
    const named = await applicationsRepository.list(
      ctx.database.db,
      v,
      { kind: 'own' },
      { ...query, entityName: parties.own.entityName },
      { countCap: 1 },
    );
    expect(named).toMatchObject({ total: 1, capped: true });

    const api = await call(ctx, e.getAppliedApplications, parties.applicant, { query: { pageNumber: '1', pageSize: '10' } });
    expect(api.json().data).toMatchObject({ dataCount: 3, dataCountCapped: false });
  });
});
