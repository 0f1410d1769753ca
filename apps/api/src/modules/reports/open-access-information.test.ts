import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ApplicationStatus } from '@stoa/shared/applications';
import type { OpenAccessInformation } from '@stoa/shared/reports';

import { bearer, buildTestApp, type TestContext } from '../../../test/build-test-app';
import { applicationActions } from '../applications/applications.tables';
import { applicantWithParties, insertApplication, setMargin } from '../applications/applications.test-fixtures';
import { DRAWAL, INJECTION, scheduleRow } from '../curtailment/curtailment.test-fixtures';
import { registrationActions } from '../registrations/registrations.tables';
import { signIn } from '../registrations/registrations.test-fixtures';

/**
 * The public Open Access Information call (issue 15, decision 0085) on known data. Today is 10 August
 * 2026 (IST). Decisions: A approved on 1 August, C rejected at SLDC verification on 2 August, B
 * partially approved and D refused for no margin in July, E a trader's request its applicant turned
 * down (no refusal), F approved in May 2025 (before the 12 months). Steps left within 90 days: the SLDC
 * verification took 2 h (A), 4 h (B), 6 h (C) and 10 h (D) — median 5 h, 90th percentile 8.8 h; a
 * registration's SLDC verification 1 day. Margins: Anand 20 MW on the 11th with A's 10 MW over
 * 10:00–12:00 booked, Vadodara 30 MW on the 12th; one beyond the 7 days and one yesterday not shown.
 */

const HOUR = 3_600_000;
let ctx: TestContext;
let data: OpenAccessInformation;

async function withSteps(
  status: ApplicationStatus,
  start: string,
  steps: [from: ApplicationStatus | null, to: ApplicationStatus, hoursAfterStart: number][],
  granted = false,
) {
  const { applicant, own, buyer } = await applicantWithParties(ctx);
  const app = await insertApplication(ctx, {
    status,
    applicantUserId: applicant.id,
    sellerRegistrationId: own.id,
    buyerRegistrationId: buyer.id,
    rows: [scheduleRow('2026-08-11', '10', '10:00', '12:00')],
    grantedPercent: granted ? 100 : undefined,
  });
  await ctx.database.db.insert(applicationActions).values(
    steps.map(([fromStatus, toStatus, h]) => ({
      applicationId: app.id,
      action: 'Step',
      fromStatus,
      toStatus,
      remarks: 'Private remark of Party Ltd',
      createdOn: new Date(Date.parse(start) + h * HOUR),
    })),
  );
  return { app, own };
}

beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(new Date('2026-08-10T06:30:00Z'));
  const { own } = await withSteps(
    'Approved',
    '2026-08-01T00:00:00Z',
    [
      [null, 'Submitted', 0],
      ['Submitted', 'PendingSTOAApproval', 2],
      // Not a step: the status stays (e.g. a trader named).
      ['PendingSTOAApproval', 'PendingSTOAApproval', 3],
      ['PendingSTOAApproval', 'STOAApproved', 6],
      ['STOAApproved', 'SLDCApproverIApproved', 7],
      ['SLDCApproverIApproved', 'Approved', 8],
    ],
    true,
  );
  await withSteps('PartiallyApproved', '2026-07-10T00:00:00Z', [
    [null, 'Submitted', 0],
    ['Submitted', 'PendingSTOAApproval', 4],
    ['PendingSTOAApproval', 'STOAApproved', 5],
    ['STOAApproved', 'SLDCApproverIApproved', 6],
    ['SLDCApproverIApproved', 'PartiallyApproved', 7],
  ]);
  await withSteps('Rejected', '2026-08-01T20:00:00Z', [
    [null, 'Submitted', 0],
    ['Submitted', 'Rejected', 6],
  ]);
  await withSteps('NoSTOARejected', '2026-07-20T00:00:00Z', [
    [null, 'Submitted', 0],
    ['Submitted', 'PendingSTOAApproval', 10],
    ['PendingSTOAApproval', 'NoSTOARejected', 12],
  ]);
  await withSteps('Rejected', '2026-08-03T00:00:00Z', [
    [null, 'PendingApplicantApproval', 0],
    ['PendingApplicantApproval', 'Rejected', 1],
  ]);
  await withSteps('Approved', '2025-05-10T00:00:00Z', [
    [null, 'Submitted', 0],
    ['Submitted', 'PendingSTOAApproval', 30],
    ['PendingSTOAApproval', 'STOAApproved', 31],
    ['STOAApproved', 'SLDCApproverIApproved', 32],
    ['SLDCApproverIApproved', 'Approved', 33],
  ]);
  await ctx.database.db.insert(registrationActions).values([
    { registrationId: own.id, action: 'Submit', fromStatus: 'Draft', toStatus: 'Submitted', createdOn: new Date('2026-08-05T00:00:00Z') },
    {
      registrationId: own.id,
      action: 'Forward',
      fromStatus: 'Submitted',
      toStatus: 'PendingDISCOMApproval',
      createdOn: new Date('2026-08-06T00:00:00Z'),
    },
  ]);
  const anand = Array.from({ length: 96 }, () => 2000);
  await setMargin(ctx, '2026-08-11', INJECTION, anand);
  await setMargin(ctx, '2026-08-12', DRAWAL, 3000);
  await setMargin(ctx, '2026-08-09', DRAWAL, 3000);
  await setMargin(ctx, '2026-08-17', DRAWAL, 3000);
  const res = await ctx.app.inject({ method: 'GET', url: '/api/OpenAccessInformation' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('public, max-age=60');
  data = res.json().data;
});
afterAll(() => ctx.close());

describe('GET /api/OpenAccessInformation (public, decision 0085)', () => {
  it('answers without a session, and the same to a signed-in user', async () => {
    const sldc = await signIn(ctx, 'SLDCBusinessUser');
    const res = await ctx.app.inject({ method: 'GET', url: '/api/OpenAccessInformation', headers: bearer(sldc.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.decisions).toEqual(data.decisions);
  });

  it('counts the decisions by month (IST), the 12 months to this one, refusals by where they happened', () => {
    const months = data.decisions.months;
    expect(months.map((m) => m.month)).toEqual([
      '2026-08',
      '2026-07',
      '2026-06',
      '2026-05',
      '2026-04',
      '2026-03',
      '2026-02',
      '2026-01',
      '2025-12',
      '2025-11',
      '2025-10',
      '2025-09',
    ]);
    const none = { NoMargin: 0, SldcVerification: 0, ApproverI: 0, ApproverII: 0, Other: 0 };
    expect(months[0]).toEqual({
      month: '2026-08',
      approved: 1,
      partiallyApproved: 0,
      refused: 1,
      refusedBy: { ...none, SldcVerification: 1 },
    });
    expect(months[1]).toEqual({ month: '2026-07', approved: 0, partiallyApproved: 1, refused: 1, refusedBy: { ...none, NoMargin: 1 } });
    for (const m of months.slice(2)) expect(m).toEqual({ month: m.month, approved: 0, partiallyApproved: 0, refused: 0, refusedBy: none });
  });

  it('publishes no name, number or remark', () => {
    const text = JSON.stringify(data);
    expect(text).not.toMatch(/Party|STOA\/TS|Private remark/);
  });

  it('gives the median and 90th percentile of each step left in the last 90 days (percentile_cont)', () => {
    expect(data.processingTimes).toMatchObject({ fromDate: '2026-05-12', toDate: '2026-08-10' });
    const step = (process: string, status: string) => data.processingTimes.steps.find((s) => s.process === process && s.status === status);
    expect(step('Application', 'Submitted')).toEqual({
      process: 'Application',
      status: 'Submitted',
      count: 4,
      medianMinutes: 300,
      p90Minutes: 528,
    });
    // A: 4 h, B: 1 h, D: 2 h (the status kept by a non-step does not restart the clock).
    expect(step('Application', 'PendingSTOAApproval')).toMatchObject({ count: 3, medianMinutes: 120 });
    expect(step('Application', 'STOAApproved')).toMatchObject({ count: 2, medianMinutes: 60, p90Minutes: 60 });
    expect(step('Registration', 'Submitted')).toMatchObject({ count: 1, medianMinutes: 1440, p90Minutes: 1440 });
    expect(step('Registration', 'PendingDISCOMApproval')).toEqual({
      process: 'Registration',
      status: 'PendingDISCOMApproval',
      count: 0,
      medianMinutes: null,
      p90Minutes: null,
    });
  });

  it('publishes the intra-state margin of today and the next 6 days, with what is booked', () => {
    expect(data.margins).toMatchObject({ fromDate: '2026-08-10', toDate: '2026-08-16' });
    expect(data.margins.elements.map((e) => `${e.date} ${e.element}`)).toEqual([`2026-08-11 ${INJECTION}`, `2026-08-12 ${DRAWAL}`]);
    const anand = data.margins.elements[0]!;
    expect(anand).toMatchObject({ minAvailable: '10.00', maxAvailable: '20.00' });
    expect(anand.runs).toEqual([
      { fromBlock: 1, toBlock: 40, margin: '20.00', booked: '0.00', available: '20.00' },
      { fromBlock: 41, toBlock: 48, margin: '20.00', booked: '10.00', available: '10.00' },
      { fromBlock: 49, toBlock: 96, margin: '20.00', booked: '0.00', available: '20.00' },
    ]);
  });

  it('is limited per address like the other public calls', async () => {
    const limited = await buildTestApp({ loginRateLimitPerMinute: 2 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) codes.push((await limited.app.inject({ method: 'GET', url: '/api/OpenAccessInformation' })).statusCode);
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
