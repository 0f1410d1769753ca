import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { type InterStateConsentDetail, interStateConsentEndpoints as e } from '@stoa/shared/inter-state';
import { enApplications, enInterStateConsent } from '@stoa/shared/messages';

import { type TestContext } from '../../../test/build-test-app';
import { approvedTrader, associate, setDefaulter } from '../applications/applications.test-fixtures';
import { auditActions, fieldErrorsOf, loadCentreApp, notificationMessages } from '../../../test/route-test-setup';
import { call, signIn, type SignedIn } from '../registrations/registrations.test-fixtures';
import { interStateConsentDays } from './inter-state-consent.tables';
import { consentBody, consentParty, setInterStateMargin } from './inter-state-consent.test-fixtures';

/** Consent for inter-state STOA through the API on the injected clock (Friday 2026-07-10 10:00 IST; decision 0068). */
const NOW = new Date('2026-07-10T10:00:00+05:30');
const DAY = '2026-07-11';
const C = enInterStateConsent;

let ctx: TestContext;
let sldc: SignedIn;
let approver1: SignedIn;
let approver2: SignedIn;
loadCentreApp(NOW, (app) => ({ ctx, sldc, approver1, approver2 } = app));

type Res = Awaited<ReturnType<typeof call>>;
const detailOf = (res: Res) => res.json().data as InterStateConsentDetail;
const messageOf = (res: Res) => res.json().message as string;
const apply = (who: SignedIn, body: Record<string, unknown>) => call(ctx, e.apply, who, { body });
const act = (endpoint: typeof e.forward, d: { id: string; version: number }, who: SignedIn, body: Record<string, unknown> = {}) =>
  call(ctx, endpoint, who, { params: { id: d.id }, body: { version: d.version, remarks: '', ...body } });
const messagesOf = (userId: string) => notificationMessages(ctx, userId);
const auditsOf = (id: string) => auditActions(ctx, id);
const row = (from: string, to: string, mw: string, date = DAY) => ({
  oaFromDate: date,
  oaToDate: date,
  fromTimeBlock: from,
  toTimeBlock: to,
  oaRequirement: mw,
});

async function applicantWithPoint(marginMw: number | null = 50) {
  const applicant = await signIn(ctx, 'OABusinessUser');
  const reg = await consentParty(ctx, applicant.id, { injection: 40, drawal: 25 });
  if (marginMw !== null) await setInterStateMargin(ctx, reg.point, DAY, marginMw);
  return { applicant, reg };
}

/** A submitted application of a fresh entity, forwarded by the SLDC business user. */
async function verified(mw = '10', marginMw: number | null = 50) {
  const { applicant, reg } = await applicantWithPoint(marginMw);
  const applied = await apply(applicant, consentBody(ctx, reg.id, { scheduleList: [row('10:00', '12:00', mw)] }));
  expect(applied.statusCode, applied.body).toBe(200);
  const fwd = await act(e.forward, detailOf(applied), sldc);
  expect(fwd.statusCode, fwd.body).toBe(200);
  return { applicant, reg, d: detailOf(fwd) };
}

describe('POST /api/InterStateConsent/Apply', () => {
  it('submits a sale: the schedule, its connection point, history, audit and a notice to the SLDC', async () => {
    const { applicant, reg } = await applicantWithPoint();
    const res = await apply(applicant, consentBody(ctx, reg.id, { traderName: 'PTC India' }));
    expect(res.statusCode, res.body).toBe(200);
    const d = detailOf(res);
    expect(d).toMatchObject({
      applicationNo: expect.stringMatching(/^ISC\/2026\/\d{6}$/),
      status: 'Submitted',
      direction: 'Sale',
      counterpartyState: 'Maharashtra',
      counterpartyEntity: 'MSEDCL',
      traderName: 'PTC India',
      point: reg.point,
      fromDate: DAY,
      toDate: DAY,
      maxRequestedMw: '10.00',
      maxGrantedMw: null,
      certificateNo: null,
      actions: [],
      editable: false,
    });
    expect(d.scheduleList).toEqual([row('10:00', '12:00', '10')]);
    // The SLDC's check: 50 MW uploaded, nothing consumed yet.
    expect(d.checks).toEqual([{ date: DAY, maxRequestedMw: '10.00', minRemainingMw: '50.00', shortBlocks: [], maxGrantedMw: null }]);
    const [day] = await ctx.database.db.select().from(interStateConsentDays).where(eq(interStateConsentDays.consentId, d.id));
    expect(day!.requested.filter((v) => v > 0)).toEqual(Array(8).fill(1000));
    expect(day!.requested.indexOf(1000)).toBe(40); // block 41 starts at 10:00
    expect(await auditsOf(d.id)).toEqual(['INTER_STATE_CONSENT_SUBMITTED']);
    expect(await messagesOf(sldc.id)).toContain(C.notifications.submitted(d.applicationNo, reg.entityName));
  });

  it('answers every field error at once: required fields, and the schedule rules of applications', async () => {
    const empty = await apply((await applicantWithPoint()).applicant, { scheduleList: [] });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(fieldErrorsOf(empty)).sort()).toEqual(['counterpartyEntity', 'counterpartyState', 'direction', 'registrationId']);

    const { applicant, reg } = await applicantWithPoint();
    const res = await apply(
      applicant,
      consentBody(ctx, reg.id, {
        scheduleList: [
          row('12:00', '10:00', '10'),
          row('00:00', '01:00', '0.5'),
          row('02:00', '03:00', '41'),
          row('04:00', '05:00', '5', '2026-07-09'),
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldErrorsOf(res)).toEqual({
      'scheduleList.0.fromTimeBlock': [enApplications.schedule.fromTimeNotBeforeToTime],
      'scheduleList.1.oaRequirement': [enApplications.schedule.lessThanOne('0.5')],
      'scheduleList.2.oaRequirement': [enApplications.schedule.moreThanApproved('41', '40')],
      'scheduleList.3.oaFromDate': [C.rules.pastFrom],
    });
    const none = await apply(applicant, consentBody(ctx, reg.id, { scheduleList: [] }));
    expect(fieldErrorsOf(none)).toEqual({ scheduleList: [enApplications.schedule.rowsRequired] });
  });

  it("refuses another applicant's entity and a direction the entity cannot take", async () => {
    const { reg } = await applicantWithPoint();
    const other = await signIn(ctx, 'OABusinessUser');
    const res = await apply(other, consentBody(ctx, reg.id));
    expect(fieldErrorsOf(res)).toEqual({ registrationId: [C.errors.registrationNotFound] });
  });

  it('saves a draft only its applicant sees and edits, then submits it', async () => {
    const { applicant, reg } = await applicantWithPoint();
    const draft = detailOf(await apply(applicant, consentBody(ctx, reg.id, { submit: false })));
    expect(draft).toMatchObject({ status: 'Draft', editable: true, submittedOn: null });
    expect((await call(ctx, e.get, sldc, { params: { id: draft.id } })).statusCode).toBe(404);
    const list = await call(ctx, e.getAll, sldc, { query: { pageNumber: '1', pageSize: '100', search: draft.applicationNo } });
    expect(list.json().data.dataCount).toBe(0);
    const edited = await apply(applicant, {
      ...consentBody(ctx, reg.id, { direction: 'Purchase', scheduleList: [row('00:00', '24:00', '20')] }),
      id: draft.id,
      version: draft.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(detailOf(edited)).toMatchObject({ status: 'Submitted', direction: 'Purchase', maxRequestedMw: '20.00', version: 2 });
    // A submitted application is no longer a draft: editing it again conflicts.
    const again = await apply(applicant, { ...consentBody(ctx, reg.id), id: draft.id, version: 2 });
    expect(again.statusCode).toBe(409);
  });

  it('lets a trader apply for an associated applicant; a defaulter entity cannot submit', async () => {
    const { applicant, reg } = await applicantWithPoint();
    const trader = await approvedTrader(ctx);
    await associate(ctx, applicant.id, trader.registration.id);
    const res = await apply(trader.user, consentBody(ctx, reg.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(await messagesOf(applicant.id)).toContain(C.notifications.submitted(detailOf(res).applicationNo, reg.entityName));
    expect((await call(ctx, e.get, applicant, { params: { id: detailOf(res).id } })).statusCode).toBe(200);

    await setDefaulter(ctx, applicant.id);
    const blocked = await apply(trader.user, consentBody(ctx, reg.id));
    expect(blocked.statusCode).toBe(422);
    expect(messageOf(blocked)).toBe(C.errors.defaulter);
    // A draft may still be saved.
    expect((await apply(trader.user, consentBody(ctx, reg.id, { submit: false }))).statusCode).toBe(200);
  });
});

describe('SLDC decisions', () => {
  it('the business user forwards, an approver consents in full: consent number, code, the margin consumed', async () => {
    const { applicant, reg, d } = await verified('10');
    expect(d).toMatchObject({ status: 'Verified', actions: [] });
    expect(await messagesOf(approver1.id)).toContain(C.notifications.verified(d.applicationNo, reg.entityName));
    // Only the approvers consent.
    expect((await act(e.consent, d, sldc)).statusCode).toBe(403);
    const seen = detailOf(await call(ctx, e.get, approver1, { params: { id: d.id } }));
    expect(seen.actions).toEqual(['Consent', 'Refuse']);
    const res = await act(e.consent, d, approver1);
    expect(res.statusCode, res.body).toBe(200);
    const c = detailOf(res);
    expect(c).toMatchObject({ status: 'Consented', certificateNo: expect.stringMatching(/^CON\/2026\/\d{6}$/), maxGrantedMw: '10.00' });
    expect(c.grantedList).toEqual([row('10:00', '12:00', '10.00')]);
    expect(await auditsOf(d.id)).toEqual(['INTER_STATE_CONSENT_SUBMITTED', 'INTER_STATE_CONSENT_VERIFIED', 'INTER_STATE_CONSENT_GRANTED']);
    expect((await messagesOf(applicant.id)).some((m) => m.includes(c.certificateNo!) && m.includes(C.statusLabels.Consented))).toBe(true);
    // A second request on the same point now sees 40 MW left.
    const next = await apply(applicant, consentBody(ctx, reg.id, { scheduleList: [row('11:00', '13:00', '40')] }));
    expect(detailOf(next).checks[0]).toMatchObject({ minRemainingMw: '40.00', shortBlocks: [] });
  });

  it('refuses a full consent above the margin left, and consents for less per block', async () => {
    const { applicant, reg, d } = await verified('30', 50);
    // Another consent on the same point has taken 30 MW of the 50 already.
    const first = await apply(applicant, consentBody(ctx, reg.id, { scheduleList: [row('10:00', '11:00', '30')] }));
    const f = detailOf(await act(e.forward, detailOf(first), sldc));
    expect((await act(e.consent, f, approver2)).statusCode).toBe(200);

    const seen = detailOf(await call(ctx, e.get, sldc, { params: { id: d.id } }));
    expect(seen.checks[0]).toMatchObject({ minRemainingMw: '20.00', shortBlocks: [41, 42, 43, 44] });
    const full = await act(e.consent, d, approver1);
    expect(full.statusCode).toBe(422);
    expect(messageOf(full)).toBe(C.rules.marginShort(reg.point, DAY, 41, '20.00'));

    // A reduction above the request, or outside the period, is a field error.
    const bad = await act(e.consent, d, approver1, {
      reductions: [row('10:00', '11:00', '35'), row('10:00', '11:00', '5', '2026-07-20')],
    });
    expect(fieldErrorsOf(bad)).toEqual({
      'reductions.0.oaRequirement': [C.rules.reductionAbove('35.00', '30.00')],
      'reductions.1.oaFromDate': [C.rules.reductionOutside],
    });
    // 20 MW 10:00–11:00 (the margin left), the rest as requested.
    const less = await act(e.consent, d, approver1, { reductions: [row('10:00', '11:00', '20')], remarks: 'Margin at the point' });
    expect(less.statusCode, less.body).toBe(200);
    const c = detailOf(less);
    expect(c).toMatchObject({ status: 'PartiallyConsented', statusDescription: C.statusLabels.PartiallyConsented, maxGrantedMw: '30.00' });
    expect(c.grantedList).toEqual([row('10:00', '11:00', '20.00'), row('11:00', '12:00', '30.00')]);
    const [day] = await ctx.database.db.select().from(interStateConsentDays).where(eq(interStateConsentDays.consentId, d.id));
    expect(day!.granted!.slice(40, 48)).toEqual([2000, 2000, 2000, 2000, 3000, 3000, 3000, 3000]);
  });

  it('refuses to consent on a day with no inter-state margin uploaded', async () => {
    const { reg, d } = await verified('10', null);
    const res = await act(e.consent, d, approver1);
    expect(res.statusCode).toBe(422);
    expect(messageOf(res)).toBe(C.rules.noMargin(reg.point, DAY));
  });

  it('carries the business user’s proposed reductions to the approver', async () => {
    const { applicant, reg } = await applicantWithPoint();
    const applied = detailOf(await apply(applicant, consentBody(ctx, reg.id)));
    const fwd = await act(e.forward, applied, sldc, { reductions: [row('10:00', '12:00', '8')] });
    expect(detailOf(fwd).proposedReductions).toEqual([row('10:00', '12:00', '8')]);
  });

  it('refuses with a reason (required), by the business user while submitted and an approver once verified', async () => {
    const { applicant, reg } = await applicantWithPoint();
    const applied = detailOf(await apply(applicant, consentBody(ctx, reg.id)));
    const noReason = await act(e.refuse, applied, sldc);
    expect(fieldErrorsOf(noReason)).toEqual({ remarks: [C.errors.reasonRequired] });
    expect((await act(e.refuse, applied, approver1, { remarks: 'x' })).statusCode).toBe(409);
    const res = await act(e.refuse, applied, sldc, { remarks: 'Outstanding dues' });
    expect(res.statusCode, res.body).toBe(200);
    expect(detailOf(res)).toMatchObject({ status: 'Refused', decisionReason: 'Outstanding dues', grantedList: [] });
    expect(await messagesOf(applicant.id)).toContain(
      C.notifications.decided(applied.applicationNo, C.statusLabels.Refused, 'Outstanding dues'),
    );

    const { d } = await verified();
    expect(detailOf(await act(e.refuse, d, approver2, { remarks: 'Network constraint' }))).toMatchObject({ status: 'Refused' });
  });

  it('answers 409 to a stale version and 404 to an application the caller may not see', async () => {
    const { d } = await verified();
    expect((await act(e.consent, { ...d, version: d.version - 1 }, approver1)).statusCode).toBe(409);
    const stranger = await signIn(ctx, 'OABusinessUser');
    expect((await call(ctx, e.get, stranger, { params: { id: d.id } })).statusCode).toBe(404);
  });

  it('of two consents racing for the last MW at one point, exactly one is granted', async () => {
    const a = await verified('30', 50);
    // The same point: a second application of the same entity.
    const applied = detailOf(await apply(a.applicant, consentBody(ctx, a.reg.id, { scheduleList: [row('10:00', '12:00', '30')] })));
    const b = detailOf(await act(e.forward, applied, sldc));
    const [r1, r2] = await Promise.all([act(e.consent, a.d, approver1), act(e.consent, b, approver2)]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 422]);
    const days = await ctx.database.db
      .select()
      .from(interStateConsentDays)
      .where(eq(interStateConsentDays.elementKey, a.d.point.toLowerCase()));
    const granted = days.filter((x) => x.granted).map((x) => x.granted![40]);
    expect(granted).toEqual([3000]);
  });
});

describe('GET /api/InterStateConsent/GetAll', () => {
  it("lists the applicant's own, and the SLDC's every submitted one, newest first", async () => {
    const { applicant, reg } = await applicantWithPoint();
    const d = detailOf(await apply(applicant, consentBody(ctx, reg.id)));
    const mine = (await call(ctx, e.getAll, applicant, { query: { pageNumber: '1', pageSize: '10' } })).json().data;
    expect(mine.dataCount).toBe(1);
    expect(mine.consentList[0]).toMatchObject({ id: d.id, status: 'Submitted', maxRequestedMw: '10.00', entityName: reg.entityName });
    const all = (await call(ctx, e.getAll, sldc, { query: { pageNumber: '1', pageSize: '10', status: 'Submitted' } })).json().data;
    expect(all.consentList.map((r: { id: string }) => r.id)).toContain(d.id);
  });
});
