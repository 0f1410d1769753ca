import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type ApplicationDetail, applicationEndpoints as e } from '@stoa/shared/applications';
import { configurationEndpoints as c } from '@stoa/shared/configuration';
import { enApplications } from '@stoa/shared/messages';

import { buildTestApp, type TestContext } from '../../../test/build-test-app';
import { auditLog } from '../audit/audit.tables';
import { dues } from '../configuration/configuration.tables';
import { call, signIn, type SignedIn } from '../registrations/registrations.test-fixtures';
import { applicationActions } from './applications.tables';
import { applicantWithParties, readApplication, setFeeBeforeScrutiny, submitBody } from './applications.test-fixtures';

/**
 * The application fee before scrutiny (decision 0044): with the operating rule on (the default),
 * the SLDC cannot Accept an application whose fee due is not paid; the SLDC list and page flag it.
 */
const NOW = new Date('2026-07-10T10:05:00+05:30');
let ctx: TestContext;
let sldc: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(NOW);
  sldc = await signIn(ctx, 'SLDCBusinessUser');
  admin = await signIn(ctx, 'Admin');
});
afterAll(() => ctx.close());

/** An application submitted by an OA applicant through the API (its fee due raised, unpaid). */
async function submitted() {
  const { applicant, own, buyer } = await applicantWithParties(ctx);
  ctx.clock.advance(1);
  const res = await call(ctx, e.submit, applicant, {
    params: { type: 'DayAhead' },
    body: submitBody(own.id, buyer.id, [
      { oaFromDate: '2026-07-12', oaToDate: '2026-07-12', fromTimeBlock: '10:00', toTimeBlock: '12:00', oaRequirement: '10' },
    ]),
  });
  expect(res.statusCode).toBe(200);
  return (res.json().data as ApplicationDetail).id;
}

async function accept(id: string) {
  ctx.clock.advance(1);
  const version = (await readApplication(ctx, id)).version;
  return call(ctx, e.approve, sldc, { params: { type: 'DayAhead', id }, body: { remarks: '', version } });
}

const detail = async (id: string) => (await call(ctx, e.get, sldc, { params: { id } })).json().data as ApplicationDetail;
async function listRow(id: string) {
  const res = await call(ctx, e.getAll, sldc, { params: { type: 'DayAhead' }, query: { pageNumber: '1', pageSize: '50' } });
  return (res.json().data.applicationList as { id: string; feeUnpaid: boolean }[]).find((r) => r.id === id);
}

describe('application fee before scrutiny', () => {
  it('is on by default: Accept of an unpaid application answers 422 and changes nothing; the list and page flag it', async () => {
    const id = await submitted();
    const before = await readApplication(ctx, id);
    const res = await accept(id);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'BUSINESS_RULE', message: enApplications.errors.feeUnpaid });
    const after = await readApplication(ctx, id);
    expect(after).toMatchObject({ status: 'Submitted', version: before.version });
    const forwards = await ctx.database.db
      .select()
      .from(applicationActions)
      .where(and(eq(applicationActions.applicationId, id), eq(applicationActions.action, 'Forward')));
    expect(forwards).toHaveLength(0);
    expect((await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, id))).map((a) => a.action)).not.toContain(
      'APPLICATION_ACCEPTED',
    );
    expect(await detail(id)).toMatchObject({ feeUnpaid: true, allowedActions: expect.arrayContaining(['Forward']) });
    expect(await listRow(id)).toMatchObject({ feeUnpaid: true });
  });

  it('accepts once the fee due is paid, and the flag goes', async () => {
    const id = await submitted();
    const { feeDueId } = await readApplication(ctx, id);
    await ctx.database.db.update(dues).set({ status: 'PAID' }).where(eq(dues.id, feeDueId!));
    expect(await listRow(id)).toMatchObject({ feeUnpaid: false });
    const res = await accept(id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'PendingSTOAApproval', feeUnpaid: false });
  });

  it('is an effective-dated operating rule: switched off from a date, Accept goes through with the fee unpaid (still flagged)', async () => {
    const id = await submitted();
    const add = await call(ctx, c.settingsAdd, admin, { body: { key: 'feeBeforeScrutiny', value: 'false', effectiveFrom: '2026-07-11' } });
    expect(add.statusCode).toBe(200);
    expect((await accept(id)).statusCode).toBe(422); // not in force before the 11th
    ctx.clock.set(new Date('2026-07-11T09:00:00+05:30'));
    sldc = await signIn(ctx, 'SLDCBusinessUser');
    admin = await signIn(ctx, 'Admin');
    const res = await accept(id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'PendingSTOAApproval', feeUnpaid: true });
    const bad = await call(ctx, c.settingsAdd, admin, { body: { key: 'feeBeforeScrutiny', value: 'maybe', effectiveFrom: '2026-07-12' } });
    expect(bad.statusCode).toBe(400);
  });

  it('the test helper turns it off for tests not about the fee', async () => {
    ctx.clock.set(NOW);
    sldc = await signIn(ctx, 'SLDCBusinessUser');
    await setFeeBeforeScrutiny(ctx, false);
    expect((await accept(await submitted())).statusCode).toBe(200);
    await setFeeBeforeScrutiny(ctx, true);
    expect((await accept(await submitted())).statusCode).toBe(422);
  });
});
