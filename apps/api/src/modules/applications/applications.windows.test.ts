import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type ApplicationType, applicationEndpoints as e, type ApplicationDetail } from '@stoa/shared/applications';

import { buildTestApp, type TestContext } from '../../../test/build-test-app';
import { settings } from '../configuration/configuration.tables';
import { call } from '../registrations/registrations.test-fixtures';
import { applicantWithParties, type Row, submitBody } from './applications.test-fixtures';

/**
 * The window of each application type (DOMAIN.md §3) on the injected clock, with the values of the
 * configuration in force (effective-dated settings), through POST Application/Submit/{type}.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const ist = (local: string) => new Date(`${local}:00+05:30`);
const day = (date: string, from = '00:00', to = '24:00', mw = '5'): Row => ({
  oaFromDate: date,
  oaToDate: date,
  fromTimeBlock: from,
  toTimeBlock: to,
  oaRequirement: mw,
});

/** Submits at an IST instant as a fresh applicant (signed in at that instant). */
async function submitAt(local: string, type: ApplicationType, rows: Row[]) {
  ctx.clock.set(ist(local));
  const { applicant, own, buyer } = await applicantWithParties(ctx);
  return call(ctx, e.submit, applicant, { params: { type }, body: submitBody(own.id, buyer.id, rows) });
}

const errorsOf = (res: Awaited<ReturnType<typeof submitAt>>) =>
  Object.fromEntries(
    (res.json().errorResponse as { fieldName: string; errorMessages: string[] }[]).map((f) => [f.fieldName, f.errorMessages]),
  );

async function setSetting(key: string, value: string, effectiveFrom: string) {
  await ctx.database.db.insert(settings).values({ key, value, effectiveFrom });
}

describe('application windows on the injected clock', () => {
  it('Advance: months 2–4 with the cut-offs of month 1 (20th, 25th, last day)', async () => {
    const ok = await submitAt('2026-07-20T23:59', 'Advance', [day('2026-08-01'), day('2026-08-31', '00:00', '12:00')]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json().data as ApplicationDetail).applicationNo).toMatch(/^STOA\/AD\/2026\/\d{6}$/);
    const late = await submitAt('2026-07-21T00:00', 'Advance', [day('2026-08-05')]);
    expect(errorsOf(late)).toEqual({
      'scheduleList.0.oaFromDate': ['Date must be between Sep 01, 2026 and Oct 31, 2026.'],
      'scheduleList.0.oaToDate': ['Date must be between Sep 01, 2026 and Oct 31, 2026.'],
    });
    expect((await submitAt('2026-07-21T00:00', 'Advance', [day('2026-09-05')])).statusCode).toBe(200);
    expect(errorsOf(await submitAt('2026-07-21T00:00', 'Advance', [day('2026-11-02')]))).toHaveProperty(['scheduleList.0.oaFromDate']);
    expect((await submitAt('2026-07-31T23:59', 'Advance', [day('2026-10-31')])).statusCode).toBe(200);
  });

  it('Advance reads the cut-off in force on the day of application (configuration)', async () => {
    await setSetting('advanceCutoffDayMonth1', '10', '2026-06-01');
    const closed = await submitAt('2026-06-15T09:00', 'Advance', [day('2026-07-01')]);
    expect(errorsOf(closed)).toHaveProperty(['scheduleList.0.oaFromDate'], ['Date must be between Aug 01, 2026 and Sep 30, 2026.']);
    expect((await submitAt('2026-06-10T09:00', 'Advance', [day('2026-07-01')])).statusCode).toBe(200);
  });

  it('FCFS: at least 4 days before the start, within the month', async () => {
    const ok = await submitAt('2026-07-10T18:00', 'FCFS', [day('2026-07-14')]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json().data as ApplicationDetail).applicationNo).toMatch(/^STOA\/FC\//);
    expect(errorsOf(await submitAt('2026-07-10T18:00', 'FCFS', [day('2026-07-13')]))).toEqual({
      'scheduleList.0.oaFromDate': ['Date must be between Jul 14, 2026 and Jul 31, 2026.'],
      'scheduleList.0.oaToDate': ['Date must be between Jul 14, 2026 and Jul 31, 2026.'],
    });
    const closed = await submitAt('2026-07-28T08:00', 'FCFS', [day('2026-08-02')]);
    expect(closed.statusCode).toBe(422);
    expect(closed.json().message).toBe('Applications of type First Come First Serve are not open now.');
  });

  it('DayAhead: from D−3 00:00 until D−1 15:00', async () => {
    expect((await submitAt('2026-07-10T14:59', 'DayAhead', [day('2026-07-11')])).statusCode).toBe(200);
    expect(errorsOf(await submitAt('2026-07-10T15:00', 'DayAhead', [day('2026-07-11')]))).toHaveProperty(
      ['scheduleList.0.oaFromDate'],
      ['Date must be between Jul 12, 2026 and Jul 13, 2026.'],
    );
    expect((await submitAt('2026-07-10T00:00', 'DayAhead', [day('2026-07-13')])).statusCode).toBe(200);
    expect(errorsOf(await submitAt('2026-07-09T23:59', 'DayAhead', [day('2026-07-13')]))).toHaveProperty(['scheduleList.0.oaFromDate']);
  });

  it('ContingencyDayAhead: D−1 from the day-ahead cut-off on', async () => {
    const early = await submitAt('2026-07-10T14:59', 'ContingencyDayAhead', [day('2026-07-11')]);
    expect(early.statusCode).toBe(422);
    const ok = await submitAt('2026-07-10T15:00', 'ContingencyDayAhead', [day('2026-07-11')]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json().data as ApplicationDetail).applicationNo).toMatch(/^STOA\/CD\//);
    expect(errorsOf(await submitAt('2026-07-10T16:00', 'ContingencyDayAhead', [day('2026-07-12')]))).toHaveProperty(
      ['scheduleList.0.oaFromDate'],
      ['Date must be between Jul 11, 2026 and Jul 11, 2026.'],
    );
  });

  it('ContingencySameDay: today, from the 4th block counting the current one (configurable)', async () => {
    const ok = await submitAt('2026-07-10T10:05', 'ContingencySameDay', [day('2026-07-10', '10:45', '24:00')]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json().data as ApplicationDetail).applicationNo).toMatch(/^STOA\/CS\//);
    expect(errorsOf(await submitAt('2026-07-10T10:05', 'ContingencySameDay', [day('2026-07-10', '10:30', '24:00')]))).toEqual({
      'scheduleList.0.fromTimeBlock': ['From time must not be earlier than 10:45 on Jul 10, 2026.'],
    });
    await setSetting('contingencyLeadBlocks', '8', '2026-07-11');
    expect(errorsOf(await submitAt('2026-07-11T10:05', 'ContingencySameDay', [day('2026-07-11', '10:45', '24:00')]))).toEqual({
      'scheduleList.0.fromTimeBlock': ['From time must not be earlier than 11:45 on Jul 11, 2026.'],
    });
    expect((await submitAt('2026-07-10T23:15', 'ContingencySameDay', [day('2026-07-10', '23:45', '24:00')])).statusCode).toBe(422);
  });
});
