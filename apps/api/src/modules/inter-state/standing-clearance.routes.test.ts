import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import type { Role } from '@stoa/shared/account';
import { type StandingClearanceDetail, standingClearanceEndpoints as e, maxValidTo } from '@stoa/shared/inter-state';
import { enInterState } from '@stoa/shared/messages';

import { type TestContext } from '../../../test/build-test-app';
import { approvedParty, approvedTrader, associate, setDefaulter } from '../applications/applications.test-fixtures';
import { dues } from '../configuration/configuration.tables';
import { auditActions, fieldErrorsOf, loadCentreApp, notificationMessages } from '../../../test/route-test-setup';
import { call, signIn, type SignedIn } from '../registrations/registrations.test-fixtures';
import { standingClearanceActions } from './standing-clearance.tables';
import { applyBody, clearanceIn, dayFromToday, payFee } from './standing-clearance.test-fixtures';

/** Standing clearances through the API on the injected clock (2026-07-10 10:00 IST; decision 0060). */
const NOW = new Date('2026-07-10T10:00:00+05:30');
const S = enInterState.standingClearance;

let ctx: TestContext;
let sldc: SignedIn;
let approver1: SignedIn;
let approver2: SignedIn;
loadCentreApp(NOW, (app) => ({ ctx, sldc, approver1, approver2 } = app));

type Res = Awaited<ReturnType<typeof call>>;
const detailOf = (res: Res) => res.json().data as StandingClearanceDetail;

async function applicantWithEntity(entityType: 'BothEntity' | 'DraweeEntity' | 'InjectingEntity' = 'BothEntity') {
  const applicant = await signIn(ctx, 'OABusinessUser');
  const reg = await approvedParty(ctx, applicant.id, entityType, { injection: 40, drawal: 25 });
  return { applicant, reg };
}

const apply = (who: SignedIn, body: Record<string, unknown>) => call(ctx, e.apply, who, { body });
const act = (endpoint: typeof e.forward, id: string, version: number, who: SignedIn, remarks = '') =>
  call(ctx, endpoint, who, { params: { id }, body: { version, remarks } });
const messagesOf = (userId: string) => notificationMessages(ctx, userId);
const auditsOf = (id: string) => auditActions(ctx, id);

/** The text of every text-showing operator (pdfkit writes hex strings in TJ arrays), as in receipts.routes.test.ts. */
function textOf(pdf: Buffer): string {
  const lines: string[] = [];
  for (const [, array] of pdf.toString('latin1').matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    const hex = [...array!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
    lines.push(Buffer.from(hex, 'hex').toString('latin1'));
  }
  return lines.join(' ');
}

describe('validity (pure)', () => {
  it('is at most 11 months: the same day 11 months later less one day, clamped to the month end', () => {
    expect(maxValidTo('2026-12-01')).toBe('2027-10-31');
    expect(maxValidTo('2026-07-11')).toBe('2027-06-10');
    expect(maxValidTo('2027-01-31')).toBe('2027-12-30');
    expect(maxValidTo('2026-03-31')).toBe('2027-02-27');
  });
});

describe('POST /api/StandingClearance/Apply', () => {
  it('records the application, raises the Rs 5,000 fee (+18% GST) as a due, audits it and tells the SLDC', async () => {
    const { applicant, reg } = await applicantWithEntity();
    const res = await apply(applicant, applyBody(ctx, reg.id, { maxSellMw: '15.5' }));
    expect(res.statusCode, res.body).toBe(200);
    const d = detailOf(res);
    expect(d).toMatchObject({
      applicationNo: expect.stringMatching(/^SCA\/2026\/\d{6}$/),
      certificateNo: null,
      transactionType: 'PowerExchange',
      registrationId: reg.id,
      maxBuyMw: '10.00',
      maxSellMw: '15.50',
      validFrom: '2026-07-11',
      validTo: '2026-10-08',
      status: 'Submitted',
      statusDescription: S.statusLabels.Submitted,
      feeUnpaid: true,
      feeAmount: 590_000,
      feeStatus: 'DUE',
      declaration: true,
      verificationCode: null,
      actions: [],
      viewerRole: 'OABusinessUser',
      injectionPoint: 'Anand 132 kV',
      drawalPoint: 'Vadodara 66 kV',
    });
    expect(d.history.map((h) => [h.action, h.toStatus])).toEqual([['Submit', 'Submitted']]);
    const [due] = await ctx.database.db.select().from(dues).where(eq(dues.id, d.feeDueId!));
    expect(due).toMatchObject({
      payerUserId: applicant.id,
      head: 'STANDING_CLEARANCE_FEE',
      recordType: 'StandingClearance',
      recordId: d.id,
    });
    expect(due!.description).toBe(`Standing clearance fee: ${d.applicationNo}`);
    expect(await auditsOf(d.id)).toEqual(['STANDING_CLEARANCE_APPLIED']);
    expect(await messagesOf(sldc.id)).toContain(S.notifications.applied(d.applicationNo, reg.entityName));
  });

  it('answers every field error at once in the envelope', async () => {
    const { applicant } = await applicantWithEntity();
    const res = await apply(applicant, { maxBuyMw: '1.234', validFrom: '2026-02-30' });
    expect(res.statusCode).toBe(400);
    const f = fieldErrorsOf(res);
    expect(Object.keys(f).sort()).toEqual(['declaration', 'maxBuyMw', 'registrationId', 'transactionType', 'validFrom', 'validTo']);
    expect(f.declaration).toEqual([S.rules.declarationRequired]);
    expect(f.maxBuyMw).toEqual([S.rules.mwInvalid(S.fields.maxBuyMw)]);
    // The rules between fields come in the same answer as the fields' own errors.
    const both = await apply(applicant, {
      registrationId: 'x',
      transactionType: 'PowerExchange',
      validFrom: '2026-08-01',
      validTo: '2027-08-01',
    });
    expect(fieldErrorsOf(both)).toEqual({
      registrationId: [`${S.fields.registrationId} is required`],
      maxBuyMw: [S.rules.mwRequired],
      validTo: [S.rules.tooLong('2027-06-30')],
      declaration: [S.rules.declarationRequired],
    });
  });

  it('refuses a clearance without MW, ending before it starts or longer than 11 months', async () => {
    const { applicant, reg } = await applicantWithEntity();
    const none = await apply(applicant, applyBody(ctx, reg.id, { maxBuyMw: '', maxSellMw: '0' }));
    expect(fieldErrorsOf(none)).toEqual({ maxBuyMw: [S.rules.mwRequired] });
    const backwards = await apply(applicant, applyBody(ctx, reg.id, { validTo: dayFromToday(ctx, 0) }));
    expect(fieldErrorsOf(backwards)).toEqual({ validTo: [S.rules.toBeforeFrom] });
    const long = await apply(applicant, applyBody(ctx, reg.id, { validFrom: '2026-08-01', validTo: '2027-07-01' }));
    expect(fieldErrorsOf(long)).toEqual({ validTo: [S.rules.tooLong('2027-06-30')] });
    const justRight = await apply(applicant, applyBody(ctx, reg.id, { validFrom: '2026-08-01', validTo: '2027-06-30' }));
    expect(justRight.statusCode, justRight.body).toBe(200);
  });

  it('checks the past, the entity, its directions and its registered quantum on the server, all at once', async () => {
    const { applicant, reg } = await applicantWithEntity();
    const above = await apply(applicant, applyBody(ctx, reg.id, { maxBuyMw: '25.01', maxSellMw: '41', validFrom: '2026-07-09' }));
    expect(above.statusCode).toBe(400);
    expect(fieldErrorsOf(above)).toEqual({
      validFrom: [S.rules.pastFrom],
      maxBuyMw: [S.rules.aboveQuantum(S.fields.maxBuyMw, '25.00')],
      maxSellMw: [S.rules.aboveQuantum(S.fields.maxSellMw, '40.00')],
    });
    const drawee = await applicantWithEntity('DraweeEntity');
    const sell = await apply(drawee.applicant, applyBody(ctx, drawee.reg.id, { maxBuyMw: '', maxSellMw: '5' }));
    expect(fieldErrorsOf(sell)).toEqual({ maxSellMw: [S.rules.cannotSell] });
    // Another applicant's registration is not the caller's to apply with.
    const other = await applicantWithEntity();
    const foreign = await apply(applicant, applyBody(ctx, other.reg.id));
    expect(fieldErrorsOf(foreign)).toEqual({ registrationId: [S.errors.registrationNotFound] });
  });

  it('refuses an overlapping clearance of the same entity, type and direction; another direction, type or period is fine', async () => {
    const { applicant, reg } = await applicantWithEntity();
    const first = detailOf(await apply(applicant, applyBody(ctx, reg.id)));
    const clash = await apply(applicant, applyBody(ctx, reg.id, { validFrom: dayFromToday(ctx, 90), validTo: dayFromToday(ctx, 120) }));
    expect(clash.statusCode).toBe(422);
    expect(clash.json().message).toBe(S.rules.overlap(first.applicationNo, S.directions.buy));
    const sell = await apply(applicant, applyBody(ctx, reg.id, { maxBuyMw: '0', maxSellMw: '20' }));
    expect(sell.statusCode, sell.body).toBe(200);
    expect(detailOf(sell)).toMatchObject({ maxBuyMw: null, maxSellMw: '20.00' });
    const bilateral = await apply(applicant, applyBody(ctx, reg.id, { transactionType: 'Bilateral' }));
    expect(bilateral.statusCode, bilateral.body).toBe(200);
    const later = await apply(applicant, applyBody(ctx, reg.id, { validFrom: dayFromToday(ctx, 91), validTo: dayFromToday(ctx, 120) }));
    expect(later.statusCode, later.body).toBe(200);
    // A refused clearance holds nothing: its period may be applied for again.
    await act(e.refuse, first.id, first.version, sldc, 'Quantum not available');
    const again = await apply(applicant, applyBody(ctx, reg.id));
    expect(again.statusCode, again.body).toBe(200);
  });

  it('lets a trader apply for an applicant it trades for (the applicant pays and is told), not for others', async () => {
    const { applicant, reg } = await applicantWithEntity();
    const trader = await approvedTrader(ctx);
    const refused = await apply(trader.user, applyBody(ctx, reg.id));
    expect(fieldErrorsOf(refused)).toEqual({ registrationId: [S.errors.registrationNotFound] });
    await associate(ctx, applicant.id, trader.registration.id);
    const res = await apply(trader.user, applyBody(ctx, reg.id));
    expect(res.statusCode, res.body).toBe(200);
    const d = detailOf(res);
    const [due] = await ctx.database.db.select().from(dues).where(eq(dues.id, d.feeDueId!));
    expect(due!.payerUserId).toBe(applicant.id);
    expect(await messagesOf(applicant.id)).toContain(S.notifications.applied(d.applicationNo, reg.entityName));
    expect((await call(ctx, e.get, applicant, { params: { id: d.id } })).statusCode).toBe(200);
  });

  it('refuses a defaulter', async () => {
    const { applicant, reg } = await applicantWithEntity();
    await setDefaulter(ctx, applicant.id);
    const res = await apply(applicant, applyBody(ctx, reg.id));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(S.errors.defaulter);
  });

  it('is for the applicant and the trader only', async () => {
    const { reg } = await applicantWithEntity();
    for (const role of ['SLDCBusinessUser', 'SLDCApproverI', 'Admin', 'DISCOMBusinessUser'] as Role[]) {
      const who = await signIn(ctx, role);
      expect((await apply(who, applyBody(ctx, reg.id))).statusCode, role).toBe(403);
    }
    expect((await call(ctx, e.apply, null, { body: applyBody(ctx, reg.id) })).statusCode).toBe(401);
  });
});

describe('scrutiny, issue, refusal and revocation', () => {
  it('goes Submitted → Verified (fee paid) → Issued with a certificate number and code, each step audited and notified', async () => {
    const { applicant, reg } = await applicantWithEntity();
    let d = detailOf(await apply(applicant, applyBody(ctx, reg.id)));
    expect(detailOf(await call(ctx, e.get, sldc, { params: { id: d.id } })).actions).toEqual(['Forward', 'Refuse']);
    const unpaid = await act(e.forward, d.id, d.version, sldc);
    expect(unpaid.statusCode).toBe(422);
    expect(unpaid.json().message).toBe(S.errors.feeUnpaid);
    await payFee(ctx, d.id);
    // An approver cannot issue before the scrutiny.
    expect((await act(e.issue, d.id, d.version, approver1)).statusCode).toBe(409);
    const fwd = await act(e.forward, d.id, d.version, sldc);
    expect(fwd.statusCode, fwd.body).toBe(200);
    d = detailOf(fwd);
    expect(d).toMatchObject({ status: 'Verified', feeUnpaid: false, actions: [] });
    expect(await messagesOf(approver1.id)).toContain(S.notifications.verified(d.applicationNo, reg.entityName));
    expect(detailOf(await call(ctx, e.get, approver2, { params: { id: d.id } })).actions).toEqual(['Issue', 'Refuse']);
    // A stale version answers 409 and changes nothing.
    expect((await act(e.issue, d.id, d.version - 1, approver2)).statusCode).toBe(409);
    const issued = await act(e.issue, d.id, d.version, approver2);
    expect(issued.statusCode, issued.body).toBe(200);
    d = detailOf(issued);
    expect(d.status).toBe('Issued');
    expect(d.certificateNo).toMatch(/^NOC\/PX\/2026\/\d{6}$/);
    expect(d.verificationCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
    expect(d.issuedOn).toBe(NOW.toISOString());
    expect(d.actions).toEqual(['Revoke']);
    expect(d.history.map((h) => h.action)).toEqual(['Submit', 'Forward', 'Issue']);
    expect(await auditsOf(d.id)).toEqual(['STANDING_CLEARANCE_APPLIED', 'STANDING_CLEARANCE_VERIFIED', 'STANDING_CLEARANCE_ISSUED']);
    expect(await messagesOf(applicant.id)).toContain(S.notifications.decided(d.certificateNo!, 'Issued', null));
    // The same action twice: 409.
    expect((await act(e.issue, d.id, d.version, approver1)).statusCode).toBe(409);
  });

  it('refuses and revokes only with a reason, which the applicant is told', async () => {
    const submitted = await clearanceIn(ctx, 'Submitted');
    const noReason = await act(e.refuse, submitted.id, submitted.version, sldc, '  ');
    expect(noReason.statusCode).toBe(400);
    expect(fieldErrorsOf(noReason)).toEqual({ remarks: [S.errors.reasonRequired] });
    const refused = await act(e.refuse, submitted.id, submitted.version, sldc, 'Metering not confirmed');
    expect(refused.statusCode, refused.body).toBe(200);
    expect(detailOf(refused)).toMatchObject({ status: 'Refused', decisionReason: 'Metering not confirmed', actions: [] });
    expect(await auditsOf(submitted.id)).toEqual(['STANDING_CLEARANCE_APPLIED', 'STANDING_CLEARANCE_REFUSED']);

    const issued = await clearanceIn(ctx, 'Issued');
    // The business user may not revoke (the approvers' call).
    expect((await act(e.revoke, issued.id, issued.version, sldc, 'x')).statusCode).toBe(403);
    expect(fieldErrorsOf(await act(e.revoke, issued.id, issued.version, approver1))).toEqual({ remarks: [S.errors.reasonRequired] });
    const revoked = await act(e.revoke, issued.id, issued.version, approver1, 'Outstanding dues');
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(detailOf(revoked)).toMatchObject({ status: 'Revoked', decisionReason: 'Outstanding dues' });
    const [action] = await ctx.database.db
      .select()
      .from(standingClearanceActions)
      .where(eq(standingClearanceActions.standingClearanceId, issued.id))
      .orderBy(asc(standingClearanceActions.id));
    expect(action!.action).toBe('Submit');
    expect((await auditsOf(issued.id)).at(-1)).toBe('STANDING_CLEARANCE_REVOKED');
  });

  it('shows an issued clearance past its Valid To as Expired, with nothing left to do', async () => {
    const issued = await clearanceIn(ctx, 'Issued');
    ctx.clock.set(new Date(NOW.getTime() + 120 * 86_400_000));
    const later = await signIn(ctx, 'SLDCApproverI');
    const d = detailOf(await call(ctx, e.get, later, { params: { id: issued.id } }));
    expect(d).toMatchObject({ status: 'Expired', statusDescription: 'Expired', actions: [] });
    expect((await act(e.revoke, issued.id, issued.version, later, 'Late')).statusCode).toBe(409);
  });
});

describe('GET /api/StandingClearance/GetAll and Get/{id}', () => {
  it('shows the SLDC every clearance and an applicant only its own, filtered by type, status and text', async () => {
    const { applicant, reg } = await applicantWithEntity();
    const mine = detailOf(await apply(applicant, applyBody(ctx, reg.id, { transactionType: 'Bilateral' })));
    const other = await clearanceIn(ctx, 'Issued');
    const list = async (who: SignedIn, query: Record<string, string> = {}) => {
      const res = await call(ctx, e.getAll, who, { query: { pageNumber: '1', pageSize: '100', ...query } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { standingClearanceList: { id: string; status: string }[]; dataCount: number };
    };
    const own = await list(applicant);
    expect(own.standingClearanceList.map((r) => r.id)).toEqual([mine.id]);
    expect(own.dataCount).toBe(1);
    const all = (await list(sldc)).standingClearanceList.map((r) => r.id);
    expect(all).toEqual(expect.arrayContaining([mine.id, other.id]));
    expect((await list(sldc, { transactionType: 'Bilateral' })).standingClearanceList.map((r) => r.id)).toContain(mine.id);
    expect((await list(sldc, { transactionType: 'Bilateral' })).standingClearanceList.map((r) => r.id)).not.toContain(other.id);
    expect((await list(sldc, { status: 'Issued' })).standingClearanceList.every((r) => r.status === 'Issued')).toBe(true);
    expect((await list(sldc, { search: mine.applicationNo })).standingClearanceList.map((r) => r.id)).toEqual([mine.id]);
    // Another applicant's clearance answers the 404 of a missing one.
    const res = await call(ctx, e.get, applicant, { params: { id: other.id } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(S.errors.notFound);
    ctx.clock.set(new Date(NOW.getTime() + 120 * 86_400_000));
    const later = await signIn(ctx, 'SLDCBusinessUser');
    expect((await list(later, { status: 'Expired' })).standingClearanceList.map((r) => r.id)).toContain(other.id);
    expect((await list(later, { status: 'Issued' })).standingClearanceList.map((r) => r.id)).not.toContain(other.id);
  });

  it('GetFee answers the fee in force today', async () => {
    const { applicant } = await applicantWithEntity();
    const res = await call(ctx, e.getFee, applicant);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ baseAmount: 500_000, gstRatePercent: '18', gstAmount: 90_000, totalAmount: 590_000 });
  });
});

describe('the certificate and its public check', () => {
  it('streams the certificate PDF with the §5 contents, the verification code and the address its QR code holds', async () => {
    const applicant = await signIn(ctx, 'OABusinessUser');
    const d = await clearanceIn(ctx, 'Issued', { applicantUserId: applicant.id });
    const res = await call(ctx, e.downloadCertificate, applicant, { params: { id: d.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`standing-clearance-${d.certificateNo!.replace(/\//g, '-')}.pdf`);
    const text = textOf(res.rawPayload);
    const code = d.verificationCode!;
    for (const s of [
      d.certificateNo!,
      d.entityName,
      d.registrationNo!,
      'Standing Clearance / No Objection Certificate',
      'Power exchange (collective)',
      '11/07/2026 to 08/10/2026',
      '10.00 MW in every time block',
      'Not cleared',
      'Buyer',
      'Anand 132 kV',
      'Conditions',
      '10/07/2026',
      `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`,
      `/verify/${code}`,
    ])
      expect(text, s).toContain(s);
    // The SLDC downloads it too; another applicant gets the 404 of a missing clearance; a pending one has no certificate.
    expect((await call(ctx, e.downloadCertificate, sldc, { params: { id: d.id } })).statusCode).toBe(200);
    const stranger = await signIn(ctx, 'OABusinessUser');
    expect((await call(ctx, e.downloadCertificate, stranger, { params: { id: d.id } })).statusCode).toBe(404);
    const pending = await clearanceIn(ctx, 'Verified', { applicantUserId: applicant.id });
    const none = await call(ctx, e.downloadCertificate, applicant, { params: { id: pending.id } });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(S.errors.notIssued);
    expect((await call(ctx, e.downloadCertificate, null, { params: { id: d.id } })).statusCode).toBe(401);
  });

  it('verifies a code signed out: valid, then revoked; expired after Valid To; not yet valid before Valid From', async () => {
    const d = await clearanceIn(ctx, 'Issued');
    const code = d.verificationCode!;
    const verify = (c: string) => call(ctx, e.verify, null, { params: { code: c } });
    ctx.clock.set(new Date(NOW.getTime() + 2 * 86_400_000));
    const ok = await verify(`${code.slice(0, 4).toLowerCase()}-${code.slice(4, 8)} ${code.slice(8)}`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({
      certificateNo: d.certificateNo,
      entityName: d.entityName,
      registrationNo: d.registrationNo,
      transactionType: 'PowerExchange',
      maxBuyMw: '10.00',
      maxSellMw: null,
      validFrom: '2026-07-11',
      validTo: '2026-10-08',
      status: 'Valid',
      issuedOn: NOW.toISOString(),
      revokedOn: null,
      deemed: false,
      blockCaps: [],
    });
    ctx.clock.set(NOW);
    expect((await verify(code)).json().data.status).toBe('NotYetValid');
    ctx.clock.set(new Date(NOW.getTime() + 100 * 86_400_000));
    expect((await verify(code)).json().data.status).toBe('Expired');
    ctx.clock.set(NOW);
    await act(e.revoke, d.id, d.version, approver2, 'Outstanding dues');
    const revoked = (await verify(code)).json().data;
    expect(revoked).toMatchObject({ status: 'Revoked', revokedOn: NOW.toISOString() });
    expect(JSON.stringify(revoked)).not.toContain('Outstanding dues');
  });

  it('says only "not found" for an unknown code, and 400 for one that cannot be a code', async () => {
    const res = await call(ctx, e.verify, null, { params: { code: 'ABCD-EFGH-JKMN' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: S.errors.codeNotFound, errorResponse: [] });
    expect((await call(ctx, e.verify, null, { params: { code: 'short' } })).statusCode).toBe(400);
  });
});
