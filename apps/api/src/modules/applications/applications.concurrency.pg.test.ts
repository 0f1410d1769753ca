import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type ApplicationDetail, applicationEndpoints as e } from '@stoa/shared/applications';

import type { TestContext } from '../../../test/build-test-app';
import { twoInstances } from '../../../test/two-instances';
import { dues } from '../configuration/configuration.tables';
import { call, signIn, type SignedIn } from '../registrations/registrations.test-fixtures';
import { applicationActions } from './applications.tables';
import {
  applicantWithParties,
  approvedTrader,
  associate,
  readApplication,
  setFeeBeforeScrutiny,
  submitBody,
} from './applications.test-fixtures';

/**
 * PostgreSQL only (npm run test:pg): two API instances on the same database, each with its own
 * connection pool, take the same action on the same application at the same moment. The row lock
 * and the version check let exactly one win; the other gets 409.
 */
const NOW = new Date('2026-07-10T10:05:00+05:30');
const row = { oaFromDate: '2026-07-12', oaToDate: '2026-07-12', fromTimeBlock: '10:00', toTimeBlock: '12:00', oaRequirement: '10' };

let a: TestContext;
let b: TestContext;
let close: () => Promise<void>;
let sldcA: SignedIn;
let sldcB: SignedIn;

beforeAll(async () => {
  ({ a, b, close } = await twoInstances());
  a.clock.set(NOW);
  b.clock.set(NOW);
  await setFeeBeforeScrutiny(a, false); // one database: off for both instances (applications.fee-rule.test.ts is about the fee)
  sldcA = await signIn(a, 'SLDCBusinessUser');
  sldcB = await signIn(a, 'SLDCBusinessUser');
});
afterAll(() => close?.());

async function submitted() {
  const { applicant, own, buyer } = await applicantWithParties(a);
  const res = await call(a, e.submit, applicant, { params: { type: 'DayAhead' }, body: submitBody(own.id, buyer.id, [row]) });
  expect(res.statusCode, res.body).toBe(200);
  return { applicant, detail: res.json().data as ApplicationDetail };
}

const act = (ctx: TestContext, who: SignedIn, endpoint: typeof e.approve, id: string, version: number, remarks = '') =>
  call(ctx, endpoint, who, { params: { type: 'DayAhead', id }, body: { version, remarks } });

describe('concurrent actions on PostgreSQL (separate processes’ connections)', () => {
  it('two Accepts of the same application at once: exactly one 200, the other 409', async () => {
    expect(a.database.kind).toBe('postgres');
    for (let round = 0; round < 5; round++) {
      const { detail } = await submitted();
      const results = await Promise.all([act(a, sldcA, e.approve, detail.id, 1), act(b, sldcB, e.approve, detail.id, 1)]);
      expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join('\n')).toEqual([200, 409]);
      expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(
        'This application has changed since you opened it. Reload to see its current status.',
      );
      expect(await readApplication(a, detail.id)).toMatchObject({ status: 'PendingSTOAApproval', version: 2 });
      const forwards = (
        await a.database.db.select().from(applicationActions).where(eq(applicationActions.applicationId, detail.id))
      ).filter((x) => x.action === 'Forward');
      expect(forwards).toHaveLength(1);
    }
  });

  it('Accept and Reject at once: one wins, the application has one history', async () => {
    const { detail } = await submitted();
    const results = await Promise.all([act(a, sldcA, e.approve, detail.id, 1), act(b, sldcB, e.reject, detail.id, 1, 'Duplicate')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(['PendingSTOAApproval', 'Rejected']).toContain((await readApplication(a, detail.id)).status);
    expect(await a.database.db.select().from(applicationActions).where(eq(applicationActions.applicationId, detail.id))).toHaveLength(2);
  });

  it('the applicant approves a trader request twice at once: one fee due, one 409', async () => {
    const { applicant, own, buyer } = await applicantWithParties(a);
    const { user: trader, registration } = await approvedTrader(a);
    await associate(a, applicant.id, registration.id);
    const made = await call(a, e.submit, trader, { params: { type: 'DayAhead' }, body: submitBody(own.id, buyer.id, [row]) });
    const id = (made.json().data as ApplicationDetail).id;
    const results = await Promise.all([act(a, applicant, e.approveTraderRequest, id, 1), act(b, applicant, e.approveTraderRequest, id, 1)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await a.database.db.select().from(dues).where(eq(dues.recordId, id))).toHaveLength(1);
  });
});
