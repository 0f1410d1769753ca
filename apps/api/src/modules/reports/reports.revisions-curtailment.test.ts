import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ReportPage } from '@stoa/shared/reports';
import { revisionEndpoints as e, type RevisionDetail } from '@stoa/shared/revisions';

import { bearer, buildTestApp, login, type TestContext } from '../../../test/build-test-app';
import { curtailmentItems } from '../curtailment/curtailment.tables';
import { curtailmentRefund, transmissionChargedApplication } from '../payments/refunds.test-fixtures';
import { call, relogin, type SignedIn, signIn } from '../registrations/registrations.test-fixtures';
import { revisions } from '../revisions/revisions.tables';
import { revisionBody } from '../revisions/revisions.test-fixtures';

/**
 * Revision Summary and Curtailment (issue 15, decision 0066) on known data: a downward revision
 * requested through the API and approved by the SLDC (released 3,200 centi-MW blocks = 8 MWh, refund
 * ₹4,720.00 at the billed rate, decision 0061), and a curtailment of another applicant's 6 MW
 * application by 5 MW over 10:00–11:00 (4 blocks × 5 MW = 5 MWh). Each applicant sees only its own.
 */

let ctx: TestContext;
let sldc: SignedIn;
let reviser: SignedIn;
let revisionNo: string;
let revisionReduced: number;
let curtailed: Awaited<ReturnType<typeof curtailmentRefund>>;
let curtailedToken: string;

async function page(report: string, token: string, query: Record<string, string> = {}) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/Report/${report}?${new URLSearchParams({ pageNumber: '1', pageSize: '100', ...query })}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ReportPage;
}

beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(new Date('2026-07-10T10:07:00+05:30'));
  sldc = await signIn(ctx, 'SLDCBusinessUser');
  reviser = await signIn(ctx, 'OABusinessUser');
  const { app } = await transmissionChargedApplication(ctx, reviser.id, true);
  const req = await call(ctx, e.request, reviser, { body: revisionBody(app.id, [{}], 'Generator outage') });
  expect(req.statusCode, req.body).toBe(200);
  const made: RevisionDetail = req.json().data;
  const res = await call(ctx, e.approve, sldc, { params: { revisionId: made.id }, body: { version: made.version, remarks: 'Checked' } });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await ctx.database.db.select().from(revisions).where(eq(revisions.id, made.id));
  revisionNo = row!.revisionNo;
  revisionReduced = row!.reducedCentiBlocks;

  ctx.clock.set(new Date('2026-11-16T06:00:00Z'));
  curtailed = await curtailmentRefund(ctx, '2026-11-20', sldc.id);
  // The tokens of July have expired by November: sign in again.
  curtailedToken = (await login(ctx, curtailed.applicant)).jwtToken;
  sldc = await relogin(ctx, sldc);
  reviser = await relogin(ctx, reviser);
}, 120_000);
afterAll(() => ctx.close());

describe('Revision Summary', () => {
  it('lists the applicant its revision with the energy released and the refund, totalled', async () => {
    const own = await page('RevisionSummary', reviser.token);
    expect(own.rows).toHaveLength(1);
    expect(own.rows[0]).toMatchObject({ revisionNo, status: 'Approved', releasedEnergy: 80_000, refund: 472_000 });
    expect(own.totals).toEqual({ reducedEnergy: revisionReduced * 25, releasedEnergy: 80_000, refund: 472_000 });
    expect((await page('RevisionSummary', curtailedToken)).rows).toEqual([]);
    expect((await page('RevisionSummary', sldc.token, { status: 'Requested' })).dataCount).toBe(0);
    expect((await page('RevisionSummary', sldc.token)).totals).toMatchObject({ releasedEnergy: 80_000, refund: 472_000 });
  });
});

describe('Curtailment', () => {
  it('lists the curtailed applicant its share: 5 MWh and the refund of the item', async () => {
    const [item] = await ctx.database.db.select().from(curtailmentItems).where(eq(curtailmentItems.applicationId, curtailed.app.id));
    const own = await page('Curtailment', curtailedToken);
    expect(own.rows.map((r) => [r.applicationNo, r.cause, r.curtailedEnergy, r.curtailmentDate])).toEqual([
      [curtailed.app.applicationNo, 'TransmissionConstraint', 50_000, '2026-11-20'],
    ]);
    expect(item!.refundPaise).toBeGreaterThan(0);
    expect(own.totals).toEqual({ curtailedEnergy: 50_000, refund: item!.refundPaise });
    expect((await page('Curtailment', reviser.token)).rows).toEqual([]);
    expect((await page('Curtailment', sldc.token, { fromDate: '2026-11-21' })).dataCount).toBe(0);
    expect((await page('Curtailment', sldc.token, { cause: 'TransmissionConstraint' })).dataCount).toBe(1);
  });
});
