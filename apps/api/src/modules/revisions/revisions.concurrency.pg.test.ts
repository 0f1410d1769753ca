import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type RevisionDetail, revisionEndpoints as e } from '@stoa/shared/revisions';

import type { TestContext } from '../../../test/build-test-app';
import { twoInstances } from '../../../test/two-instances';
import { call, signIn, type SignedIn } from '../registrations/registrations.test-fixtures';
import { revisionActions, scheduleVersions } from './revisions.tables';
import { approvedApplication, grantedDays, revisionBody } from './revisions.test-fixtures';

/**
 * PostgreSQL only (npm run test:pg): two API instances on one database, each with its own pool,
 * decide revisions at the same moment. The revision's row lock and version let exactly one decision
 * apply; the application's row lock makes approvals of two revisions of one application apply one
 * after the other (versions 1 and 2, each against the values the other left).
 */
const NOW = new Date('2026-07-10T10:07:00+05:30');

let a: TestContext;
let b: TestContext;
let close: () => Promise<void>;
let sldcA: SignedIn;
let sldcB: SignedIn;

beforeAll(async () => {
  ({ a, b, close } = await twoInstances());
  a.clock.set(NOW);
  b.clock.set(NOW);
  sldcA = await signIn(a, 'SLDCBusinessUser');
  sldcB = await signIn(a, 'SLDCBusinessUser');
});
afterAll(() => close?.());

async function requested(applicant: SignedIn, applicationId: string, row: Record<string, unknown>) {
  const res = await call(a, e.request, applicant, { body: revisionBody(applicationId, [row]) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as RevisionDetail;
}

const decide = (ctx: TestContext, who: SignedIn, endpoint: typeof e.approve, revisionId: string, version: number, remarks = '') =>
  call(ctx, endpoint, who, { params: { revisionId }, body: { version, remarks } });

describe('concurrent revision decisions on PostgreSQL', () => {
  it('two approvals of one revision at once: one 200, one 409, one new version', async () => {
    expect(a.database.kind).toBe('postgres');
    for (let round = 0; round < 4; round++) {
      const applicant = await signIn(a, 'OABusinessUser');
      const app = await approvedApplication(a, { applicantUserId: applicant.id });
      const rev = await requested(applicant, app.id, {});
      const results = await Promise.all([decide(a, sldcA, e.approve, rev.id, 1), decide(b, sldcB, e.approve, rev.id, 1)]);
      expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join('\n')).toEqual([200, 409]);
      expect(await a.database.db.select().from(scheduleVersions).where(eq(scheduleVersions.applicationId, app.id))).toHaveLength(2);
      expect(
        (await a.database.db.select().from(revisionActions).where(eq(revisionActions.revisionId, rev.id))).filter(
          (x) => x.action === 'Approve',
        ),
      ).toHaveLength(1);
    }
  });

  it('approve and reject at once: one wins', async () => {
    const applicant = await signIn(a, 'OABusinessUser');
    const app = await approvedApplication(a, { applicantUserId: applicant.id });
    const rev = await requested(applicant, app.id, {});
    const results = await Promise.all([decide(a, sldcA, e.approve, rev.id, 1), decide(b, sldcB, e.reject, rev.id, 1, 'No')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('approvals of two revisions of one application at once: both apply, as versions 1 and 2', async () => {
    const applicant = await signIn(a, 'OABusinessUser');
    const app = await approvedApplication(a, { applicantUserId: applicant.id });
    const first = await requested(applicant, app.id, { fromTimeBlock: '10:00', toTimeBlock: '12:00', revisedRequirement: '8' });
    const second = await requested(applicant, app.id, { fromTimeBlock: '12:00', toTimeBlock: '14:00', revisedRequirement: '6' });
    const results = await Promise.all([decide(a, sldcA, e.approve, first.id, 1), decide(b, sldcB, e.approve, second.id, 1)]);
    expect(
      results.map((r) => r.statusCode),
      results.map((r) => r.body).join('\n'),
    ).toEqual([200, 200]);
    const versions = await a.database.db.select().from(scheduleVersions).where(eq(scheduleVersions.applicationId, app.id));
    expect(versions.map((v) => v.versionNo).sort()).toEqual([0, 1, 2]);
    const day = (await grantedDays(a, app.id)).get('2026-07-13')!;
    expect([day[40], day[48]]).toEqual([800, 600]);
  });
});
