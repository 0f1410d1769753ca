import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { curtailmentEndpoints as e } from '@stoa/shared/curtailment';
import { type RevisionDetail, revisionEndpoints } from '@stoa/shared/revisions';

import type { TestContext } from '../../../test/build-test-app';
import { twoInstances } from '../../../test/two-instances';
import { grantedOf } from '../applications/applications.test-fixtures';
import { call, signIn, type SignedIn } from '../registrations/registrations.test-fixtures';
import { scheduleVersions } from '../revisions/revisions.tables';
import { revisionBody } from '../revisions/revisions.test-fixtures';
import { approvedApplication, curtailmentBody, marginsOn } from './curtailment.test-fixtures';

/**
 * PostgreSQL only: two API instances, each with its own pool, curtail the same element at the same
 * moment. The processing lock and the row locks make the second see the first's cuts: the element
 * ends at the new capacity, never below it by a double cut, and nothing is cut twice.
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

describe('concurrent curtailments on PostgreSQL', () => {
  it('two curtailments to the same new capacity at once: one cuts, the other finds nothing left to cut', async () => {
    expect(a.database.kind).toBe('postgres');
    for (let round = 0; round < 3; round++) {
      const date = `2026-08-${String(10 + round).padStart(2, '0')}`;
      await marginsOn(a, date, 5000);
      const apps = [
        await approvedApplication(a, date, '6'),
        await approvedApplication(a, date, '4'),
        await approvedApplication(a, date, '2'),
      ];
      const body = curtailmentBody(date, { basis: 'NewCapacity', quantum: '6', toTimeBlock: '12:00' });
      const [r1, r2] = await Promise.all([call(a, e.create, sldcA, { body }), call(b, e.create, sldcB, { body })]);
      expect([r1.statusCode, r2.statusCode].sort(), `${r1.body} ${r2.body}`).toEqual([200, 422]);
      // 12 MW held → 6 MW: each keeps half, in every block 10:00–12:00.
      const held = await Promise.all(apps.map(async (x) => (await grantedOf(a, x.app.id)).get(date)!));
      for (let blk = 40; blk < 48; blk++) expect(held.reduce((s, g) => s + g[blk]!, 0)).toBe(600);
      expect(held.map((g) => g[40])).toEqual([300, 200, 100]);
    }
  });

  it('two reductions at once both apply, one after the other', async () => {
    const date = '2026-08-20';
    await marginsOn(a, date, 5000);
    const x = await approvedApplication(a, date, '10');
    const body = curtailmentBody(date, { quantum: '3' });
    const [r1, r2] = await Promise.all([call(a, e.create, sldcA, { body }), call(b, e.create, sldcB, { body })]);
    expect([r1.statusCode, r2.statusCode], `${r1.body} ${r2.body}`).toEqual([200, 200]);
    expect((await grantedOf(a, x.app.id)).get(date)!.slice(40, 45)).toEqual([400, 400, 400, 400, 1000]);
  });

  it('a curtailment and a revision approval of one application at once: both apply, as versions 1 and 2 after v0', async () => {
    for (let round = 0; round < 3; round++) {
      const date = `2026-08-${String(25 + round).padStart(2, '0')}`;
      await marginsOn(a, date, 5000);
      const x = await approvedApplication(a, date, '10');
      // The revision lowers 11:00–12:00 to 6 MW, the curtailment cuts 3 MW off 10:00–11:00: both downward in either order.
      const requested = await call(a, revisionEndpoints.request, x.applicant, {
        body: revisionBody(x.app.id, [
          { oaFromDate: date, oaToDate: date, fromTimeBlock: '11:00', toTimeBlock: '12:00', revisedRequirement: '6' },
        ]),
      });
      expect(requested.statusCode, requested.body).toBe(200);
      const rev = requested.json().data as RevisionDetail;
      const [r1, r2] = await Promise.all([
        call(a, e.create, sldcA, { body: curtailmentBody(date, { quantum: '3' }) }),
        call(b, revisionEndpoints.approve, sldcB, { params: { revisionId: rev.id }, body: { version: rev.version, remarks: '' } }),
      ]);
      expect([r1.statusCode, r2.statusCode], `${r1.body} ${r2.body}`).toEqual([200, 200]);
      const versions = await a.database.db
        .select()
        .from(scheduleVersions)
        .where(eq(scheduleVersions.applicationId, x.app.id))
        .orderBy(scheduleVersions.versionNo);
      expect(versions.map((v) => v.versionNo)).toEqual([0, 1, 2]);
      expect(versions[0]!.source).toBe('Approval');
      expect(
        versions
          .slice(1)
          .map((v) => v.source)
          .sort(),
      ).toEqual(['Curtailment', 'Revision']);
      expect((await grantedOf(a, x.app.id)).get(date)!.slice(40, 48)).toEqual([700, 700, 700, 700, 600, 600, 600, 600]);
    }
  });
});
