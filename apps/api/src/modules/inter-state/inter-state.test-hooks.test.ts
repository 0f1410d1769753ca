import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { interStateConsentEndpoints as e } from '@stoa/shared/inter-state';

import { buildTestApp, type TestContext } from '../../../test/build-test-app';
import { type ConfigError, loadConfig } from '../../platform/config';
import { auditLog } from '../audit/audit.tables';
import { call, signIn, type SignedIn } from '../registrations/registrations.test-fixtures';
import { consentIn } from './inter-state-consent.test-fixtures';

/**
 * The browser journeys' test hook (decision 0088): the deemed-consent job run for one application with the
 * clock moved ahead, only on a server started with TEST_HOOKS=on (NODE_ENV=test).
 * Test clock: Friday 2026-07-10 10:00 IST; the 3 working days after it are Monday 13 to Wednesday 15 (the
 * second Saturday and Sunday are not working days), so the consent is deemed from Thursday 16: 6 days ahead.
 */
const NOW = new Date('2026-07-10T10:00:00+05:30');
const url = (id: string) => `/api/__test/InterStateConsent/RunDeemedConsent/${id}`;

let ctx: TestContext;
let admin: SignedIn;

beforeAll(async () => {
  ctx = await buildTestApp({ testHooks: true });
  ctx.clock.set(NOW);
  admin = await signIn(ctx, 'Admin');
});
afterAll(() => ctx.close());

const run = (who: SignedIn | null, id: string, body: unknown) =>
  ctx.app.inject({ method: 'POST', url: url(id), headers: who ? { authorization: `Bearer ${who.token}` } : {}, payload: body as object });

describe('POST /api/__test/InterStateConsent/RunDeemedConsent/{id}', () => {
  it('deems that one application once the clock is past its deadline, leaving the server clock and other applications alone', async () => {
    const first = await consentIn(ctx, 'Submitted');
    const other = await consentIn(ctx, 'Submitted');
    const early = await run(admin, first.id, { daysAhead: 5 });
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json().data).toEqual({ deemed: 0 });

    const due = await run(admin, first.id, { daysAhead: 6 });
    expect(due.json().data).toEqual({ deemed: 1 });
    const sldc = await signIn(ctx, 'SLDCApproverI');
    const detail = (await call(ctx, e.get, sldc, { params: { id: first.id } })).json().data;
    expect(detail).toMatchObject({ status: 'Consented', deemed: true, decidedOn: new Date(NOW.getTime() + 6 * 86_400_000).toISOString() });
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, first.id), eq(auditLog.action, 'INTER_STATE_CONSENT_DEEMED')));
    expect(audits).toHaveLength(1);
    // Exactly once; the other application and the server's clock are untouched.
    expect((await run(admin, first.id, { daysAhead: 6 })).json().data).toEqual({ deemed: 0 });
    expect((await call(ctx, e.get, sldc, { params: { id: other.id } })).json().data.status).toBe('Submitted');
    expect(ctx.clock.now().toISOString()).toBe(NOW.toISOString());
  });

  it('is for the Admin only, and checks its input', async () => {
    const d = await consentIn(ctx, 'Submitted');
    expect((await run(null, d.id, { daysAhead: 5 })).statusCode).toBe(401);
    expect((await run(await signIn(ctx, 'SLDCApproverI'), d.id, { daysAhead: 5 })).statusCode).toBe(403);
    expect((await run(admin, d.id, { daysAhead: -1 })).statusCode).toBe(400);
    expect((await run(admin, 'not-an-id', { daysAhead: 5 })).statusCode).toBe(400);
  });
});

describe('without TEST_HOOKS', () => {
  it('has no such route', async () => {
    const plain = await buildTestApp();
    try {
      const res = await plain.app.inject({ method: 'POST', url: url('00000000-0000-4000-8000-000000000000'), payload: { daysAhead: 5 } });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('refuses TEST_HOOKS=on outside NODE_ENV=test', () => {
    for (const NODE_ENV of ['production', 'development']) {
      try {
        loadConfig({ NODE_ENV, TEST_HOOKS: 'on', JWT_SECRET: 'x'.repeat(40), DEMO_DATA: 'off' });
        expect.unreachable();
      } catch (err) {
        expect((err as ConfigError).problems).toEqual(['TEST_HOOKS: can be on only with NODE_ENV=test']);
      }
    }
  });
});
