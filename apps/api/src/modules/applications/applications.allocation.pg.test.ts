import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { applicationEndpoints as e } from '@stoa/shared/applications';

import type { TestContext } from '../../../test/build-test-app';
import { twoInstances } from '../../../test/two-instances';
import { call, signIn, type SignedIn } from '../registrations/registrations.test-fixtures';
import { applicantWithParties, grantedOf, insertApplication, readApplication, setMargin } from './applications.test-fixtures';

/**
 * PostgreSQL only (decision 0012): two API instances allocate the margin left on the same run at
 * the same moment, or allocate while another type's run of the same day processes. The processing
 * lock serialises them: the margin is handed out once and never exceeded.
 */
let a: TestContext;
let b: TestContext;
let close: () => Promise<void>;
let sldcA: SignedIn;
let sldcB: SignedIn;

beforeAll(async () => {
  ({ a, b, close } = await twoInstances());
  const now = new Date('2026-07-10T10:05:00+05:30');
  a.clock.set(now);
  b.clock.set(now);
  sldcA = await signIn(a, 'SLDCBusinessUser');
  sldcB = await signIn(a, 'SLDCBusinessUser');
});
afterAll(() => close?.());

const row = (date: string, mw: string) => [
  { oaFromDate: date, oaToDate: date, fromTimeBlock: '10:00', toTimeBlock: '12:00', oaRequirement: mw },
];

async function pendingOn(type: 'DayAhead' | 'FCFS', date: string, mw: string) {
  a.clock.advance(1);
  const { applicant, own, buyer } = await applicantWithParties(a);
  return (
    await insertApplication(a, {
      type,
      status: 'PendingSTOAApproval',
      applicantUserId: applicant.id,
      sellerRegistrationId: own.id,
      buyerRegistrationId: buyer.id,
      rows: row(date, mw),
    })
  ).id;
}

describe('concurrent pro-rata allocation on PostgreSQL', () => {
  it('two allocations of the same run at once: one 200, one 422, the new margin handed out once', async () => {
    expect(a.database.kind).toBe('postgres');
    for (let round = 0; round < 3; round++) {
      const date = `2026-09-${String(10 + round).padStart(2, '0')}`;
      await setMargin(a, date, 'Anand 132 kV', 1000);
      await setMargin(a, date, 'Vadodara 66 kV', 10000);
      const ids = [await pendingOn('DayAhead', date, '6'), await pendingOn('DayAhead', date, '9')];
      expect((await call(a, e.processApplications, sldcA, { params: { type: 'DayAhead', date } })).statusCode).toBe(200);
      await setMargin(a, date, 'Anand 132 kV', 1300);
      const results = await Promise.all([
        call(a, e.allocateQuantumProRataBasis, sldcA, { params: { type: 'DayAhead', processingDate: date } }),
        call(b, e.allocateQuantumProRataBasis, sldcB, { params: { type: 'DayAhead', processingDate: date } }),
      ]);
      expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join('\n')).toEqual([200, 422]);
      const granted = await Promise.all(ids.map(async (id) => (await grantedOf(a, id)).get(date)![40]!));
      expect(granted[0]! + granted[1]!).toBe(1300);
      for (const id of ids) expect(await readApplication(a, id)).toMatchObject({ status: 'STOAApproved', version: 3 });
    }
  });

  it("an allocation and another type's run of the same day never share out the same margin twice", async () => {
    const date = '2026-09-20';
    await setMargin(a, date, 'Anand 132 kV', 1000);
    await setMargin(a, date, 'Vadodara 66 kV', 10000);
    const dayAhead = await pendingOn('DayAhead', date, '8');
    expect((await call(a, e.processApplications, sldcA, { params: { type: 'DayAhead', date } })).statusCode).toBe(200);
    // 8 MW granted; the margin goes up to 14 MW: 6 MW left, wanted by both the Day-Ahead one (2 MW short) and an FCFS one (8 MW).
    await setMargin(a, date, 'Anand 132 kV', 1400);
    const fcfs = await pendingOn('FCFS', date, '8');
    const results = await Promise.all([
      call(a, e.allocateQuantumProRataBasis, sldcA, { params: { type: 'DayAhead', processingDate: date } }),
      call(b, e.processApplications, sldcB, { params: { type: 'FCFS', date } }),
    ]);
    // Either order: the allocation first (2 MW to Day-Ahead, 4 to FCFS) or the run first (6 to FCFS, nothing left: 422).
    expect(
      [
        [200, 200],
        [422, 200],
      ],
      results.map((r) => r.body).join('\n'),
    ).toContainEqual(results.map((r) => r.statusCode));
    const total = (await grantedOf(a, dayAhead)).get(date)![40]! + ((await grantedOf(a, fcfs)).get(date)?.[40] ?? 0);
    expect(total).toBe(1400);
  });
});
