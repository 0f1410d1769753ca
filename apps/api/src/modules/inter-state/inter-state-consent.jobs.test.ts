import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { interStateConsentApplySchema } from '@stoa/shared/inter-state';
import { enInterStateConsent } from '@stoa/shared/messages';

import { buildTestApp, createUser, type TestContext } from '../../../test/build-test-app';
import { auditLog } from '../audit/audit.tables';
import { settings } from '../configuration/configuration.tables';
import { notifications } from '../notifications/notifications.tables';
import { DEEMED_CONSENT_JOB } from './inter-state.jobs';
import { interStateConsentDays, interStateConsents } from './inter-state-consent.tables';
import { consentBody, consentParty, setInterStateMargin } from './inter-state-consent.test-fixtures';

/**
 * Deemed consent of inter-state STOA consent applications (decision 0068) on a fast-forwarded test
 * clock. July 2026: Monday the 6th; Saturday the 11th is a second Saturday (off), Sunday the 12th too.
 */
const IST = (date: string, time = '10:00') => new Date(`${date}T${time}:00+05:30`);
const DAY = '2026-07-20';
const C = enInterStateConsent;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.clock.set(IST('2026-07-06')));

const svc = () => ctx.app.services.interState;
const rowOf = async (id: string) => (await ctx.database.db.select().from(interStateConsents).where(eq(interStateConsents.id, id)))[0]!;
const messagesOf = async (userId: string) =>
  (await ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.message);

/** A submitted application (10 MW, 10:00–12:00 on DAY) of a fresh entity whose point has `marginMw` uploaded for DAY. */
async function submitted(marginMw: number | null = 50) {
  const applicant = await createUser(ctx, 'OABusinessUser');
  const reg = await consentParty(ctx, applicant.id);
  if (marginMw !== null) await setInterStateMargin(ctx, reg.point, DAY, marginMw);
  const body = consentBody(ctx, reg.id, {
    scheduleList: [{ oaFromDate: DAY, oaToDate: DAY, fromTimeBlock: '10:00', toTimeBlock: '12:00', oaRequirement: '10' }],
  });
  const d = await svc().applyConsent(
    { id: applicant.id, role: 'OABusinessUser', familyId: null },
    interStateConsentApplySchema.parse(body),
    {
      requestId: 't',
    },
  );
  return { applicant, reg, d };
}

describe('the deemed-consent job', () => {
  it('is a recurring job that runs hourly', async () => {
    const job = (await ctx.app.services.jobs.recurringJobs()).find((r) => r.id === DEEMED_CONSENT_JOB);
    expect(job).toBeDefined();
    expect(job!.cron.split(' ')[1]).toBe('*');
  });

  it('consents an application nobody decided within 3 working days, once, as the system, and tells the applicant and the SLDC', async () => {
    const sldc = await createUser(ctx, 'SLDCBusinessUser');
    const approver = await createUser(ctx, 'SLDCApproverII');
    const { applicant, d } = await submitted();
    // Submitted Monday: Tuesday, Wednesday, Thursday are the 3 working days; deemed from Friday.
    ctx.clock.set(IST('2026-07-09', '23:00'));
    expect(await svc().runDeemedConsent()).toBe(0);
    expect((await rowOf(d.id)).status).toBe('Submitted');
    ctx.clock.set(IST('2026-07-10', '00:30'));
    expect(await svc().runDeemedConsent()).toBe(1);
    expect(await svc().runDeemedConsent()).toBe(0);
    const row = await rowOf(d.id);
    expect(row).toMatchObject({ status: 'Consented', deemed: true, certificateNo: expect.stringMatching(/^CON\/2026\//) });
    expect(row.verificationCode).toMatch(/^[0-9A-Z]{12}$/);
    const [day] = await ctx.database.db.select().from(interStateConsentDays).where(eq(interStateConsentDays.consentId, d.id));
    expect(day!.granted).toEqual(day!.requested);
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, d.id), eq(auditLog.action, 'INTER_STATE_CONSENT_DEEMED')))
      .orderBy(asc(auditLog.id));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: null, actorRole: 'SYSTEM' });
    const message = C.notifications.deemed(row.certificateNo!, 3);
    expect(await messagesOf(applicant.id)).toContain(message);
    expect(await messagesOf(sldc.id)).toContain(message);
    expect(await messagesOf(approver.id)).toContain(message);
    const detail = await svc().consentDetail({ id: applicant.id, role: 'OABusinessUser', familyId: null }, d.id);
    expect(detail.history.at(-1)).toMatchObject({ action: 'DeemedConsent', toStatus: 'Consented', remarks: C.history.deemed(3) });
  });

  it('never grants above the margin left: a deemed consent where 6 MW remains is for 6 MW', async () => {
    const { d } = await submitted(6);
    ctx.clock.set(IST('2026-07-13'));
    expect(await svc().runDeemedConsent()).toBeGreaterThanOrEqual(1);
    const row = await rowOf(d.id);
    expect(row).toMatchObject({ status: 'PartiallyConsented', deemed: true });
    const [day] = await ctx.database.db.select().from(interStateConsentDays).where(eq(interStateConsentDays.consentId, d.id));
    expect(day!.granted!.slice(40, 48)).toEqual(Array(8).fill(600));
  });

  it('follows the operating rule in force: 5 working days leave it pending on the 4th', async () => {
    await ctx.database.db.insert(settings).values({ key: 'interStateConsentWorkingDays', value: '5', effectiveFrom: '2026-07-01' });
    try {
      const { d } = await submitted();
      // Tue 7, Wed 8, Thu 9, Fri 10, Mon 13 (Sat 11 and Sun 12 off): deemed from Tuesday the 14th.
      ctx.clock.set(IST('2026-07-13', '18:00'));
      await svc().runDeemedConsent();
      expect((await rowOf(d.id)).status).toBe('Submitted');
      ctx.clock.set(IST('2026-07-14'));
      await svc().runDeemedConsent();
      expect((await rowOf(d.id)).status).toBe('Consented');
    } finally {
      await ctx.database.db.delete(settings).where(eq(settings.key, 'interStateConsentWorkingDays'));
    }
  });

  it('leaves drafts and decided applications alone', async () => {
    const applicant = await createUser(ctx, 'OABusinessUser');
    const reg = await consentParty(ctx, applicant.id);
    const draft = await svc().applyConsent(
      { id: applicant.id, role: 'OABusinessUser', familyId: null },
      interStateConsentApplySchema.parse(consentBody(ctx, reg.id, { submit: false })),
      { requestId: 't' },
    );
    ctx.clock.set(IST('2026-07-30'));
    await svc().runDeemedConsent();
    expect((await rowOf(draft.id)).status).toBe('Draft');
  });
});
