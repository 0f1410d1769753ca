import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type RegistrationDetail, getEntityRegistrationEndpoints } from '@stoa/shared/registrations';

import { buildTestApp, type TestContext } from '../../../test/build-test-app';
import { auditLog } from '../audit/audit.tables';
import { holidays } from '../configuration/configuration.tables';
import { notifications } from '../notifications/notifications.tables';
import { DEEMED_CONSENT_JOB, EXPIRY_JOB } from './registrations.jobs';
import {
  act,
  approveAll,
  call,
  createOwner,
  createParties,
  type Parties,
  readRegistration,
  relogin,
  renew,
  type SignedIn,
  submit,
  validData,
} from './registrations.test-fixtures';

/** Deemed consent and expiry (DOMAIN.md §2) with the test clock. */
let ctx: TestContext;
let parties: Parties;
const IST = (date: string, time = '10:00') => new Date(`${date}T${time}:00+05:30`);

beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(IST('2026-03-02')); // Monday
  parties = await createParties(ctx);
});
afterAll(() => ctx.close());

const { runDeemedConsent, runExpiry } = {
  runDeemedConsent: () => ctx.app.services.registrations.runDeemedConsent(),
  runExpiry: () => ctx.app.services.registrations.runExpiry(),
};
const messagesFor = async (userId: string) =>
  (await ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.message);

async function signInAgain() {
  for (const key of ['discomUser', 'transcoUser', 'sldc', 'approver1', 'approver2', 'otherDiscomUser'] as const)
    parties[key] = await relogin(ctx, parties[key]);
}

async function submitted(t: 'BothEntity' | 'DraweeEntity', owner?: SignedIn) {
  const o = owner ?? (await createOwner(ctx, t));
  const data = await validData(ctx, o, t, { discomId: parties.discom.id, transcoId: parties.transco.id });
  const res = await submit(ctx, o, t, { data });
  expect(res.statusCode, res.body).toBe(200);
  return { owner: o, id: (res.json().data as RegistrationDetail).id, name: data.entityName as string };
}

describe('jobs', () => {
  it('are recurring jobs that run at least hourly', async () => {
    const rows = await ctx.app.services.jobs.recurringJobs();
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    for (const name of [DEEMED_CONSENT_JOB, EXPIRY_JOB]) {
      expect(byId[name], name).toBeDefined();
      expect(byId[name]!.cron.split(' ')[1]).toBe('*');
    }
  });
});

describe('deemed consent', () => {
  it('takes the DISCOM and then the TRANSCO consent after the configured working days, as the system', async () => {
    const { owner, id, name } = await submitted('BothEntity');
    // A record the DISCOM acts on in time is not touched.
    const other = await submitted('DraweeEntity');
    await act(ctx, parties.sldc, id, 'BothEntity', 'Forward'); // Monday 2 March
    await act(ctx, parties.sldc, other.id, 'DraweeEntity', 'Forward');

    // 3 working days: Tue 3, Wed 4, Thu 5 March. Still waiting on Thursday.
    ctx.clock.set(IST('2026-03-05', '23:00'));
    expect(await runDeemedConsent()).toBe(0);
    await signInAgain();
    expect((await act(ctx, parties.discomUser, other.id, 'DraweeEntity', 'Approve')).statusCode).toBe(200);

    ctx.clock.set(IST('2026-03-06', '00:30'));
    expect(await runDeemedConsent()).toBe(1);
    expect(await runDeemedConsent()).toBe(0);
    const row = await readRegistration(ctx, id);
    expect(row.status).toBe('PendingTRANSCOApproval');
    await signInAgain();
    const detail = (await call(ctx, getEntityRegistrationEndpoints.BothEntity, parties.sldc, { params: { id } })).json()
      .data as RegistrationDetail;
    expect(detail.history.at(-1)).toEqual({
      action: 'Approve',
      fromStatus: 'PendingDISCOMApproval',
      toStatus: 'PendingTRANSCOApproval',
      actorName: null,
      role: null,
      remarks: 'Deemed consent: no action within the configured working days',
      at: IST('2026-03-06', '00:30').toISOString(),
    });
    const deemedMessage = `Registration of ${name}: deemed consent recorded (no action within the configured working days).`;
    expect(await messagesFor(owner.id)).toContain(deemedMessage);
    expect(await messagesFor(parties.discomUser.id)).toContain(deemedMessage);
    expect(await messagesFor(parties.transcoUser.id)).toContain(`Registration of ${name}: Pending TRANSCO approval.`);
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'REGISTRATION_DEEMED_CONSENT')));
    expect(audit).toMatchObject({ actorId: null, actorRole: 'SYSTEM' });
    expect((await readRegistration(ctx, other.id)).status).toBe('PendingSTOACheck');

    // TRANSCO since Friday 6 March: Sat 7 (first Saturday, a working day), Mon 9 is a holiday, Tue 10, Wed 11.
    await ctx.database.db.insert(holidays).values({ date: '2026-03-09', description: 'Test holiday' });
    ctx.clock.set(IST('2026-03-11', '23:59'));
    expect(await runDeemedConsent()).toBe(0);
    ctx.clock.set(IST('2026-03-12', '00:01'));
    expect(await runDeemedConsent()).toBe(1);
    expect((await readRegistration(ctx, id)).status).toBe('PendingSTOACheck');
  });

  it('runs from the job runner too', async () => {
    ctx.clock.set(IST('2026-03-12', '10:00'));
    await signInAgain();
    const { id } = await submitted('DraweeEntity');
    await act(ctx, parties.sldc, id, 'DraweeEntity', 'Forward');
    ctx.clock.set(IST('2026-03-20', '10:00'));
    const jobs = ctx.app.services.jobs;
    await jobs.start();
    try {
      await jobs.enqueue(DEEMED_CONSENT_JOB, {});
      const deadline = Date.now() + 20_000;
      while ((await readRegistration(ctx, id)).status !== 'PendingSTOACheck' && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      expect((await readRegistration(ctx, id)).status).toBe('PendingSTOACheck');
    } finally {
      await jobs.stop();
    }
  });
});

describe('expiry', () => {
  it('sets Approved records past their validity to Expired, once, and the owner may renew', async () => {
    ctx.clock.set(IST('2026-03-02'));
    await signInAgain();
    const { owner, id, name } = await submitted('DraweeEntity');
    const approved = await approveAll(ctx, parties, id, 'DraweeEntity');
    expect(approved.expiredOn).toBe('2027-03-01');

    ctx.clock.set(IST('2027-03-01', '23:59'));
    expect(await runExpiry()).toBe(0);
    ctx.clock.set(IST('2027-03-02', '00:15'));
    expect(await runExpiry()).toBe(1);
    expect(await runExpiry()).toBe(0);
    const row = await readRegistration(ctx, id);
    expect(row).toMatchObject({ status: 'Expired', version: approved.version + 1 });
    expect(await messagesFor(owner.id)).toContain(
      `Registration ${approved.registrationNo} of ${name} has expired. Renew it to keep applying.`,
    );
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'REGISTRATION_EXPIRED')));
    expect(audits).toHaveLength(1);

    const me = await relogin(ctx, owner);
    const detail = (await call(ctx, getEntityRegistrationEndpoints.DraweeEntity, me, { params: { id } })).json().data as RegistrationDetail;
    expect(detail).toMatchObject({ status: 'Expired', canRenew: true });
    expect(detail.history.at(-1)).toMatchObject({ action: 'Expire', actorName: null, toStatus: 'Expired' });
    const data = await validData(ctx, me, 'DraweeEntity', { discomId: parties.discom.id });
    const res = await renew(ctx, me, 'DraweeEntity', { previousRegistrationId: id, data });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ isRenewal: true, registrationNo: approved.registrationNo, status: 'Submitted' });
    await signInAgain();
    const renewed = await approveAll(ctx, parties, res.json().data.id, 'DraweeEntity');
    expect(renewed).toMatchObject({ status: 'Approved', validFrom: '2027-03-02', expiredOn: '2028-03-01' });
    expect((await readRegistration(ctx, id)).status).toBe('Renewed');
  });
});
