import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { applicationEndpoints as e } from '@stoa/shared/applications';

import type { TestContext } from '../../../test/build-test-app';
import { twoInstances } from '../../../test/two-instances';
import { call, signIn, type SignedIn } from '../registrations/registrations.test-fixtures';
import { applicationActions, processingRunItems, processingRuns } from './applications.tables';
import { applicantWithParties, grantedOf, insertApplication, readApplication, setMargin } from './applications.test-fixtures';

/**
 * PostgreSQL only: two API instances, each with its own pool, process the same type and date at the
 * same moment. The processing lock and the unique (type, processing_date) let exactly one run win;
 * the other answers 409 and no application is processed twice.
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

describe('concurrent processing on PostgreSQL', () => {
  it('two runs of the same date at once: one 200, one 409, every application processed once', async () => {
    expect(a.database.kind).toBe('postgres');
    for (let round = 0; round < 4; round++) {
      const date = `2026-08-${String(10 + round).padStart(2, '0')}`;
      await setMargin(a, date, 'Anand 132 kV', 1000);
      await setMargin(a, date, 'Vadodara 66 kV', 1000);
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        a.clock.advance(1);
        const { applicant, own, buyer } = await applicantWithParties(a);
        const app = await insertApplication(a, {
          type: 'DayAhead',
          status: 'PendingSTOAApproval',
          applicantUserId: applicant.id,
          sellerRegistrationId: own.id,
          buyerRegistrationId: buyer.id,
          rows: [{ oaFromDate: date, oaToDate: date, fromTimeBlock: '10:00', toTimeBlock: '12:00', oaRequirement: '5' }],
        });
        ids.push(app.id);
      }
      const results = await Promise.all([
        call(a, e.processApplications, sldcA, { params: { type: 'DayAhead', date } }),
        call(b, e.processApplications, sldcB, { params: { type: 'DayAhead', date } }),
      ]);
      expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join('\n')).toEqual([200, 409]);
      const runs = await a.database.db.select().from(processingRuns).where(eq(processingRuns.processingDate, date));
      expect(runs).toHaveLength(1);
      expect(await a.database.db.select().from(processingRunItems).where(eq(processingRunItems.runId, runs[0]!.id))).toHaveLength(3);
      let total = 0;
      for (const id of ids) {
        expect(await readApplication(a, id)).toMatchObject({ status: 'STOAApproved', version: 2 });
        expect(
          (await a.database.db.select().from(applicationActions).where(eq(applicationActions.applicationId, id))).filter(
            (x) => x.action === 'Process',
          ),
        ).toHaveLength(1);
        total += (await grantedOf(a, id)).get(date)![40]!;
      }
      // 15 MW asked of 10: the margin is shared exactly, never exceeded.
      expect(total).toBe(1000);
    }
  });

  it('runs of different types on the same day do not share out the same margin twice', async () => {
    const date = '2026-08-20';
    await setMargin(a, date, 'Anand 132 kV', 1000);
    await setMargin(a, date, 'Vadodara 66 kV', 1000);
    const ids: string[] = [];
    for (const type of ['DayAhead', 'FCFS'] as const) {
      a.clock.advance(1);
      const { applicant, own, buyer } = await applicantWithParties(a);
      ids.push(
        (
          await insertApplication(a, {
            type,
            status: 'PendingSTOAApproval',
            applicantUserId: applicant.id,
            sellerRegistrationId: own.id,
            buyerRegistrationId: buyer.id,
            rows: [{ oaFromDate: date, oaToDate: date, fromTimeBlock: '10:00', toTimeBlock: '12:00', oaRequirement: '8' }],
          })
        ).id,
      );
    }
    const results = await Promise.all([
      call(a, e.processApplications, sldcA, { params: { type: 'DayAhead', date } }),
      call(b, e.processApplications, sldcB, { params: { type: 'FCFS', date } }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const granted = await Promise.all(ids.map(async (id) => (await grantedOf(a, id)).get(date)![40]!));
    expect(granted[0]! + granted[1]!).toBe(1000);
  });
});
