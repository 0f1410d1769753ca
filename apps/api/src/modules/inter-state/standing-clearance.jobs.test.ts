import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { type StandingClearanceDetail, standingClearanceEndpoints as e } from '@stoa/shared/inter-state';
import { enInterState } from '@stoa/shared/messages';

import { buildTestApp, type TestContext } from '../../../test/build-test-app';
import { auditLog } from '../audit/audit.tables';
import { dues, settings } from '../configuration/configuration.tables';
import { notifications } from '../notifications/notifications.tables';
import { payments } from '../payments/payments.tables';
import { registrations } from '../registrations/registrations.tables';
import { call, createParties, type Parties, relogin, type SignedIn } from '../registrations/registrations.test-fixtures';
import { CLEARANCE_EXPIRY_JOB, DEEMED_ISSUE_JOB } from './inter-state.jobs';
import { standingClearanceActions, standingClearances } from './standing-clearance.tables';
import { clearanceIn, payFee } from './standing-clearance.test-fixtures';

/**
 * Deemed issue, expiry and the DISCOM/TRANSCO consent step of standing clearances (decision 0062), on
 * the test clock. July 2026: the 1st is a Wednesday, Saturday the 11th is a second Saturday (off).
 */
const IST = (date: string, time = '10:00') => new Date(`${date}T${time}:00+05:30`);
const S = enInterState.standingClearance;

let ctx: TestContext;
let parties: Parties;

beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(IST('2026-07-06')); // Monday
  parties = await createParties(ctx);
});
afterAll(() => ctx.close());
beforeEach(() => ctx.clock.set(IST('2026-07-06')));

const svc = () => ctx.app.services.interState;
/** Signs the parties in again once the clock has moved past their tokens' life. */
async function signInAgain() {
  for (const key of ['discomUser', 'sldc', 'approver1'] as const) parties[key] = await relogin(ctx, parties[key]);
}
const rowOf = async (id: string) => (await ctx.database.db.select().from(standingClearances).where(eq(standingClearances.id, id)))[0]!;
const auditsOf = async (id: string) => ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(asc(auditLog.id));
const messagesOf = async (userId: string) =>
  (await ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.message);
const detail = async (who: SignedIn, id: string) => call(ctx, e.get, who, { params: { id } });
const act = (endpoint: typeof e.consent, who: SignedIn, d: { id: string; version: number }, remarks = '') =>
  call(ctx, endpoint, who, { params: { id: d.id }, body: { version: d.version, remarks } });

/** The text of every text-showing operator (pdfkit writes hex strings in TJ arrays), as in receipts.routes.test.ts. */
function textOf(pdf: Buffer): string {
  const lines: string[] = [];
  for (const [, array] of pdf.toString('latin1').matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    const hex = [...array!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
    lines.push(Buffer.from(hex, 'hex').toString('latin1'));
  }
  return lines.join(' ');
}
const certificateOf = (who: SignedIn, id: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/StandingClearance/Certificate/${id}`, headers: { authorization: `Bearer ${who.token}` } });

async function setRule(key: string, value: string) {
  await ctx.database.db.insert(settings).values({ key, value, effectiveFrom: '2026-01-01' });
}
async function clearRule(key: string) {
  await ctx.database.db.delete(settings).where(and(eq(settings.key, key), eq(settings.effectiveFrom, '2026-01-01')));
}

describe('jobs', () => {
  it('are recurring jobs that run hourly', async () => {
    const rows = await ctx.app.services.jobs.recurringJobs();
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    for (const name of [DEEMED_ISSUE_JOB, CLEARANCE_EXPIRY_JOB]) {
      expect(byId[name], name).toBeDefined();
      expect(byId[name]!.cron.split(' ')[1]).toBe('*');
    }
  });
});

describe('deemed issue', () => {
  it('issues a power-exchange clearance nobody decided after 3 working days, once, as the system', async () => {
    const d = await clearanceIn(ctx, 'Submitted');
    await payFee(ctx, d.id);
    ctx.clock.set(IST('2026-07-09', '23:00')); // the 3rd working day: still the SLDC's
    await svc().runDeemedIssue();
    expect((await rowOf(d.id)).status).toBe('Submitted');

    ctx.clock.set(IST('2026-07-10', '00:35'));
    expect(await svc().runDeemedIssue()).toBeGreaterThanOrEqual(1);
    const row = await rowOf(d.id);
    expect(row).toMatchObject({ status: 'Issued', deemed: true, issuedByUserId: null });
    expect(row.certificateNo).toMatch(/^NOC\/PX\/2026\/\d{6}$/);
    expect(row.verificationCode).toHaveLength(12);

    const audits = (await auditsOf(d.id)).filter((a) => a.action === 'STANDING_CLEARANCE_DEEMED_ISSUED');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: null, actorRole: 'SYSTEM' });
    const [history] = await ctx.database.db
      .select()
      .from(standingClearanceActions)
      .where(and(eq(standingClearanceActions.standingClearanceId, d.id), eq(standingClearanceActions.action, 'DeemedIssue')));
    expect(history).toMatchObject({ fromStatus: 'Submitted', toStatus: 'Issued', actorUserId: null, remarks: S.history.deemed(3) });
    const message = S.notifications.deemed(row.certificateNo!, 3);
    expect(await messagesOf(row.applicantUserId)).toContain(message);
    expect(await messagesOf(parties.sldc.id)).toContain(message);
    expect(await messagesOf(parties.approver1.id)).toContain(message);

    // Again: nothing more happens.
    await svc().runDeemedIssue();
    await signInAgain();
    expect((await auditsOf(d.id)).filter((a) => a.action === 'STANDING_CLEARANCE_DEEMED_ISSUED')).toHaveLength(1);

    // The detail, the certificate and the public check say it was deemed.
    const got = await detail(parties.sldc, d.id);
    expect((got.json().data as StandingClearanceDetail).deemed).toBe(true);
    const pdf = await certificateOf(parties.sldc, d.id);
    expect(pdf.statusCode).toBe(200);
    const text = textOf(pdf.rawPayload);
    expect(text).toContain('DEEMED ISSUED');
    expect(text).toContain('Deemed issued by the STOA portal');
    const verified = await call(ctx, e.verify, null, { params: { code: row.verificationCode! } });
    expect(verified.json().data).toMatchObject({ status: 'Valid', deemed: true });
  });

  it('gives a bilateral clearance 7 working days, a verified one too', async () => {
    const d = await clearanceIn(ctx, 'Verified', { transactionType: 'Bilateral' });
    ctx.clock.set(IST('2026-07-15', '12:00')); // Tue 7, Wed 8, Thu 9, Fri 10, (2nd Sat, Sun), Mon 13, Tue 14, Wed 15
    await svc().runDeemedIssue();
    expect((await rowOf(d.id)).status).toBe('Verified');
    ctx.clock.set(IST('2026-07-16', '00:35'));
    await svc().runDeemedIssue();
    expect(await rowOf(d.id)).toMatchObject({ status: 'Issued', deemed: true });
    expect((await rowOf(d.id)).certificateNo).toMatch(/^NOC\/BL\//);
  });

  it('does not start the clock while the fee is unpaid and the fee precedes scrutiny', async () => {
    const d = await clearanceIn(ctx, 'Submitted');
    ctx.clock.set(IST('2026-07-20'));
    await svc().runDeemedIssue();
    expect((await rowOf(d.id)).status).toBe('Submitted');
    // With the rule off, the days count from the application.
    await setRule('feeBeforeScrutiny', 'false');
    try {
      await svc().runDeemedIssue();
      expect(await rowOf(d.id)).toMatchObject({ status: 'Issued', deemed: true });
    } finally {
      await clearRule('feeBeforeScrutiny');
    }
  });

  it('counts the working days from the day the fee was paid while the fee precedes scrutiny', async () => {
    const d = await clearanceIn(ctx, 'Submitted');
    const row = await rowOf(d.id);
    const [due] = await ctx.database.db.select().from(dues).where(eq(dues.id, row.feeDueId!));
    // Paid (payment checked) on Thursday the 9th: Fri 10, Mon 13, Tue 14 are the SLDC's three working days.
    await ctx.database.db.insert(payments).values({
      dueId: due!.id,
      payerUserId: row.applicantUserId,
      mode: 'NEFT',
      reference: 'UTRSCFEE0001',
      paymentDate: '2026-07-09',
      bankName: 'SBI',
      amountPaise: due!.totalPaise,
      tdsAmountPaise: 0,
      status: 'APPROVED',
      madeBy: row.applicantUserId,
      madeAt: IST('2026-07-09'),
      checkedAt: IST('2026-07-09', '15:00'),
    });
    await ctx.database.db.update(dues).set({ status: 'PAID' }).where(eq(dues.id, due!.id));
    ctx.clock.set(IST('2026-07-14', '23:00'));
    await svc().runDeemedIssue();
    expect((await rowOf(d.id)).status).toBe('Submitted');
    ctx.clock.set(IST('2026-07-15', '00:35'));
    await svc().runDeemedIssue();
    expect(await rowOf(d.id)).toMatchObject({ status: 'Issued', deemed: true });
  });

  it('follows the configured working days', async () => {
    await setRule('standingClearancePxWorkingDays', '5');
    try {
      const d = await clearanceIn(ctx, 'Verified');
      ctx.clock.set(IST('2026-07-10', '00:35')); // 3 working days passed, not 5
      await svc().runDeemedIssue();
      expect((await rowOf(d.id)).status).toBe('Verified');
      ctx.clock.set(IST('2026-07-15', '00:35')); // Tue 7 … Mon 13 are 5 working days
      await svc().runDeemedIssue();
      expect((await rowOf(d.id)).status).toBe('Issued');
    } finally {
      await clearRule('standingClearancePxWorkingDays');
    }
  });
});

describe('expiry', () => {
  it('stores Expired for an issued clearance past its Valid To, once, with audit and notice', async () => {
    const d = await clearanceIn(ctx, 'Issued');
    const before = await rowOf(d.id);
    ctx.clock.set(IST(before.validTo, '23:00'));
    await svc().runExpiry();
    expect((await rowOf(d.id)).status).toBe('Issued');

    const next = new Date(IST(before.validTo, '00:40').getTime() + 86_400_000);
    ctx.clock.set(next);
    await signInAgain();
    // Before the job runs it already reads Expired; the job then stores it.
    expect((await detail(parties.sldc, d.id)).json().data.status).toBe('Expired');
    const listed = async (status?: string) => {
      const query = { pageNumber: '1', pageSize: '100', ...(status ? { status } : {}) };
      const rows = (await call(ctx, e.getAll, parties.sldc, { query })).json().data.standingClearanceList as {
        id: string;
        status: string;
      }[];
      return rows.find((r) => r.id === d.id);
    };
    expect(await listed()).toMatchObject({ status: 'Expired', statusDescription: S.statusLabels.Expired });
    expect(await listed('Expired')).toBeDefined();
    expect(await listed('Issued')).toBeUndefined();
    expect((await call(ctx, e.verify, null, { params: { code: before.verificationCode! } })).json().data.status).toBe('Expired');
    expect(await svc().runExpiry()).toBeGreaterThanOrEqual(1);
    expect(await rowOf(d.id)).toMatchObject({ status: 'Expired', version: before.version + 1 });
    await svc().runExpiry();
    expect((await auditsOf(d.id)).filter((a) => a.action === 'STANDING_CLEARANCE_EXPIRED')).toHaveLength(1);
    expect(await messagesOf(before.applicantUserId)).toContain(S.notifications.expired(before.certificateNo!, before.validTo));

    const got = (await detail(parties.approver1, d.id)).json().data as StandingClearanceDetail;
    expect(got).toMatchObject({ status: 'Expired', actions: [] });
    expect((await call(ctx, e.verify, null, { params: { code: before.verificationCode! } })).json().data.status).toBe('Expired');
    const list = await call(ctx, e.getAll, parties.sldc, { query: { pageNumber: '1', pageSize: '100', status: 'Expired' } });
    expect(list.json().data.standingClearanceList.map((r: { id: string }) => r.id)).toContain(d.id);
    const revoke = await act(e.revoke, parties.approver1, { id: d.id, version: got.version }, 'Dues');
    expect(revoke.statusCode).toBe(409);
    const pdf = await certificateOf(parties.sldc, d.id);
    expect(textOf(pdf.rawPayload)).toContain('EXPIRED');
  });
});

describe('DISCOM/TRANSCO consent where configured', () => {
  beforeAll(() => setRule('standingClearanceConsentRequired', 'true'));
  afterAll(() => clearRule('standingClearanceConsentRequired'));

  /** A submitted clearance, fee paid, of an entity embedded in the parties' DISCOM, forwarded by the SLDC. */
  async function forwarded() {
    const d = await clearanceIn(ctx, 'Submitted');
    await payFee(ctx, d.id);
    await ctx.database.db
      .update(registrations)
      .set({ discomId: parties.discom.id, transcoId: parties.transco.id })
      .where(eq(registrations.id, d.registrationId));
    const res = await act(e.forward, parties.sldc, d);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as StandingClearanceDetail;
  }

  it('waits for the DISCOM, which consents; then the approver issues and the certificate names the consent', async () => {
    const d = await forwarded();
    expect(d).toMatchObject({ status: 'ConsentPending', consentUtility: expect.any(String), consentedOn: null });
    expect(await messagesOf(parties.discomUser.id)).toContain(S.notifications.consentAsked(d.applicationNo, d.entityName));
    // The approver cannot issue yet; other utilities do not see it; the DISCOM user does, with its actions.
    expect((await act(e.issue, parties.approver1, d)).statusCode).toBe(409);
    expect((await detail(parties.otherDiscomUser, d.id)).statusCode).toBe(404);
    expect((await detail(parties.transcoUser, d.id)).statusCode).toBe(404);
    const seen = (await detail(parties.discomUser, d.id)).json().data as StandingClearanceDetail;
    expect(seen.actions).toEqual(['Consent', 'RefuseConsent']);
    const list = await call(ctx, e.getAll, parties.discomUser, { query: { pageNumber: '1', pageSize: '100' } });
    expect(list.json().data.standingClearanceList.map((r: { id: string }) => r.id)).toContain(d.id);
    expect((await act(e.consent, parties.otherDiscomUser, d)).statusCode).toBe(404);

    const consented = await act(e.consent, parties.discomUser, d);
    expect(consented.statusCode, consented.body).toBe(200);
    const c = consented.json().data as StandingClearanceDetail;
    expect(c).toMatchObject({ status: 'Verified', consentedOn: expect.any(String), actions: [] });
    expect((await auditsOf(d.id)).map((a) => a.action)).toContain('STANDING_CLEARANCE_CONSENTED');
    expect(await messagesOf(parties.approver1.id)).toContain(S.notifications.verified(d.applicationNo, d.entityName));

    const issued = await act(e.issue, parties.approver1, c);
    expect(issued.statusCode, issued.body).toBe(200);
    const pdf = await certificateOf(parties.discomUser, d.id);
    expect(pdf.statusCode).toBe(200);
    expect(textOf(pdf.rawPayload)).toMatch(/Consent of .* given on/);
  });

  it('a refusal needs a reason and refuses the clearance, telling the applicant and the SLDC', async () => {
    const d = await forwarded();
    const empty = await act(e.refuseConsent, parties.discomUser, d);
    expect(empty.statusCode).toBe(400);
    const res = await act(e.refuseConsent, parties.discomUser, d, 'Feeder overloaded in the period');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'Refused', decisionReason: 'Feeder overloaded in the period' });
    const row = await rowOf(d.id);
    const message = S.notifications.decided(d.applicationNo, S.statusLabels.Refused, 'Feeder overloaded in the period');
    expect(await messagesOf(row.applicantUserId)).toContain(message);
    expect(await messagesOf(parties.sldc.id)).toContain(message);
    expect((await auditsOf(d.id)).map((a) => a.action)).toContain('STANDING_CLEARANCE_CONSENT_REFUSED');
    expect((await act(e.consent, parties.discomUser, { id: d.id, version: row.version })).statusCode).toBe(409);
  });

  it('an entity with no DISCOM or TRANSCO on its registration goes straight to the approvers', async () => {
    const d = await clearanceIn(ctx, 'Submitted');
    await payFee(ctx, d.id);
    const res = await act(e.forward, parties.sldc, d);
    expect(res.json().data).toMatchObject({ status: 'Verified', consentUtility: null });
  });

  it('a clearance still awaiting consent is deemed issued after the working days, the consent line saying no reply came', async () => {
    const d = await forwarded();
    ctx.clock.set(IST('2026-07-10', '00:35'));
    await svc().runDeemedIssue();
    expect(await rowOf(d.id)).toMatchObject({ status: 'Issued', deemed: true, consentedAt: null });
    await signInAgain();
    const pdf = await certificateOf(parties.sldc, d.id);
    expect(textOf(pdf.rawPayload)).toContain('no reply before the deemed issue');
  });
});
