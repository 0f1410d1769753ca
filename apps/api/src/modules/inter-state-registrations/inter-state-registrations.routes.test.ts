import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { type InterStateRegistrationDetail, interStateRegistrationEndpoints as e } from '@stoa/shared/inter-state';
import { enInterStateRegistration } from '@stoa/shared/messages';

import { createUtility, type TestContext } from '../../../test/build-test-app';
import { approvedParty } from '../applications/applications.test-fixtures';
import { applicantOfTrader } from '../inter-state/standing-clearance.test-fixtures';
import { auditActions, fieldErrorsOf, loadCentreApp, notificationMessages } from '../../../test/route-test-setup';
import { call, signIn, type SignedIn, uploadPdf } from '../registrations/registrations.test-fixtures';
import { users } from '../users/users.tables';
import { eligibleParty, isrBody, isrIn, reviewerOf, utilityOf } from './inter-state-registrations.test-fixtures';

/** Inter-state registration through the API on the injected clock (Monday 2026-07-06 10:00 IST; decision 0076). */
const NOW = new Date('2026-07-06T10:00:00+05:30');
const T = enInterStateRegistration;

let ctx: TestContext;
let sldc: SignedIn;
let approver1: SignedIn;
let approver2: SignedIn;
loadCentreApp(NOW, (app) => ({ ctx, sldc, approver1, approver2 } = app));

type Res = Awaited<ReturnType<typeof call>>;
const detailOf = (res: Res) => res.json().data as InterStateRegistrationDetail;
const act = (endpoint: typeof e.approve, d: { id: string; version: number }, who: SignedIn, remarks = '') =>
  call(ctx, endpoint, who, { params: { id: d.id }, body: { version: d.version, remarks } });
/** The text of every text-showing operator (pdfkit writes hex strings in TJ arrays), lines joined by spaces. */
function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const [, array] of pdf.toString('latin1').matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    const hex = [...array!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
    lines.push(Buffer.from(hex, 'hex').toString('latin1'));
  }
  return lines.join(' ').replace(/\s+/g, ' ');
}
const messagesOf = (userId: string) => notificationMessages(ctx, userId);
const auditsOf = (id: string) => auditActions(ctx, id);

/** An applicant with an approved entity in a DISCOM and a TRANSCO, and a DISCOM user of that DISCOM (its zone). */
async function applicantWithEntity() {
  const applicant = await signIn(ctx, 'OABusinessUser');
  const reg = await eligibleParty(ctx, applicant.id);
  const files = { noar: await uploadPdf(ctx, applicant, 'noar.pdf'), meter: await uploadPdf(ctx, applicant, 'meter.pdf') };
  const discom = await signIn(ctx, 'DISCOMBusinessUser');
  await ctx.database.db.update(users).set({ utilityId: reg.discomId, zone: 'Central Zone' }).where(eq(users.id, discom.id));
  return { applicant, reg, files, discom };
}

describe('GetEligibleRegistrations', () => {
  it("lists the caller's approved entities with the utilities each names and its registered quantum", async () => {
    const { applicant, reg } = await applicantWithEntity();
    const res = await call(ctx, e.getEligibleRegistrations, applicant);
    expect(res.statusCode, res.body).toBe(200);
    const [item] = res.json().data;
    expect(item).toMatchObject({ registrationId: reg.id, entityType: 'BothEntity', maxQuantumMw: 40, openInterStateRegistrationId: null });
    expect(item.utilities.map((u: { utilityType: string }) => u.utilityType).sort()).toEqual(['DISCOM', 'TRANSCO']);
  });
});

describe('SubmitRegistration', () => {
  it('reports every missing value of a submission at once, in the spec envelope', async () => {
    const { applicant, reg } = await applicantWithEntity();
    const res = await call(ctx, e.submitRegistration, applicant, { body: { registrationId: reg.id, utilityType: 'DISCOM' } });
    expect(res.statusCode).toBe(400);
    const errors = fieldErrorsOf(res);
    expect(errors.noarRegistrationNo).toEqual([T.errors.required(T.fields.noarRegistrationNo)]);
    expect(errors.region).toEqual([T.errors.required(T.fields.region)]);
    expect(errors.meteringConfirmed).toEqual([T.errors.mustConfirm]);
    expect(errors.energyAccountingConfirmed).toEqual([T.errors.mustConfirm]);
    expect(errors.noarCertificateFileId).toEqual([T.errors.required(T.fields.noarCertificateFileId)]);
  });

  it('refuses a quantum above the registered one, a utility the registration does not name, and a stranger’s upload', async () => {
    const { applicant, files } = await applicantWithEntity();
    const other = await signIn(ctx, 'OABusinessUser');
    const strangerFile = await uploadPdf(ctx, other, 'other.pdf');
    const drawee = await approvedParty(ctx, applicant.id, 'DraweeEntity');
    const res = await call(ctx, e.submitRegistration, applicant, {
      body: isrBody(drawee.id, { noar: files.noar, meter: strangerFile }, { interStateQuantumMw: 30 }),
    });
    expect(res.statusCode).toBe(400);
    const errors = fieldErrorsOf(res);
    expect(errors.utilityType).toEqual([T.errors.noUtility('DISCOM')]);
    expect(errors.interStateQuantumMw).toEqual([T.errors.quantumAbove('25.00')]);
    expect(errors.meterCertificateFileId).toEqual([T.errors.invalidFile(T.fields.meterCertificateFileId)]);
  });

  it("refuses another owner's registration and a second open inter-state registration of one entity", async () => {
    const { applicant, reg, files } = await applicantWithEntity();
    const other = await signIn(ctx, 'OABusinessUser');
    const foreign = await call(ctx, e.submitRegistration, other, { body: isrBody(reg.id, files) });
    expect(fieldErrorsOf(foreign).registrationId).toEqual([T.errors.registrationNotFound]);
    const first = await call(ctx, e.submitRegistration, applicant, { body: isrBody(reg.id, files) });
    expect(first.statusCode, first.body).toBe(200);
    const again = await call(ctx, e.submitRegistration, applicant, {
      body: isrBody(reg.id, { noar: await uploadPdf(ctx, applicant), meter: await uploadPdf(ctx, applicant) }),
    });
    expect(fieldErrorsOf(again).registrationId).toEqual([T.errors.openExists]);
  });

  it('saves a draft, then submits it: a submitted version, history, audit rows and the SLDC told', async () => {
    const { applicant, reg, files } = await applicantWithEntity();
    const draft = await call(ctx, e.submitRegistration, applicant, {
      body: { registrationId: reg.id, utilityType: 'DISCOM', noarRegistrationNo: 'NOAR/1', draft: true },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(detailOf(draft)).toMatchObject({ status: { status: 'Draft' }, formMode: 'Write', allowedActions: ['Submit'], submissions: 0 });
    // A draft is the owner's alone.
    expect((await call(ctx, e.getRegistration, sldc, { params: { id: detailOf(draft).id } })).statusCode).toBe(404);
    const d = detailOf(draft);
    const sent = await call(ctx, e.submitRegistration, applicant, { body: isrBody(reg.id, files, { id: d.id, version: d.version }) });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(detailOf(sent)).toMatchObject({
      status: { status: 'Submitted', statusDescription: 'Pending SLDC verification' },
      formMode: 'ReadOnly',
      submissions: 1,
      utilityName: expect.stringContaining('DISCOM'),
      entityName: reg.entityName,
    });
    expect(detailOf(sent).documents.map((x) => x.fileName)).toEqual(['noar.pdf', 'meter.pdf']);
    expect(await auditsOf(d.id)).toEqual([
      'INTER_STATE_REGISTRATION_CREATED',
      'INTER_STATE_REGISTRATION_SAVED',
      'INTER_STATE_REGISTRATION_SUBMIT',
    ]);
    expect(await messagesOf(sldc.id)).toContain(T.notifications.moved(reg.entityName, 'Pending SLDC verification'));
    // A stale version is a conflict.
    const stale = await call(ctx, e.submitRegistration, applicant, { body: isrBody(reg.id, files, { id: d.id, version: d.version }) });
    expect(stale.statusCode).toBe(409);
  });
});

describe('the workflow (the registrations’ engine)', () => {
  it('SLDC verifies and forwards to the DISCOM of the entity, which consents; an approver approves and the number is issued', async () => {
    const { applicant, reg, files, discom } = await applicantWithEntity();
    const otherDiscom = await signIn(ctx, 'DISCOMBusinessUser');
    await ctx.database.db
      .update(users)
      .set({ utilityId: (await createUtility(ctx, 'DISCOM', 'Central Zone')).id, zone: 'Central Zone' })
      .where(eq(users.id, otherDiscom.id));
    let d = detailOf(await call(ctx, e.submitRegistration, applicant, { body: isrBody(reg.id, files) }));
    expect((await act(e.approve, d, discom)).statusCode).toBe(409);
    const tick = (minutes: number) => ctx.clock.set(new Date(NOW.getTime() + minutes * 60_000));
    tick(1);
    const fwd = await act(e.approveAndForward, d, sldc);
    expect(fwd.statusCode, fwd.body).toBe(200);
    d = detailOf(fwd);
    expect(d.status.status).toBe('PendingDISCOMApproval');
    expect(await messagesOf(discom.id)).toContain(T.notifications.moved(reg.entityName, 'Pending DISCOM consent'));
    // Another DISCOM does not see it; the approver cannot act yet.
    expect((await call(ctx, e.getRegistration, otherDiscom, { params: { id: d.id } })).statusCode).toBe(404);
    expect((await act(e.approve, d, approver1)).statusCode).toBe(409);
    const seen = await call(ctx, e.getRegistration, discom, { params: { id: d.id } });
    expect(detailOf(seen).allowedActions).toEqual(['Approve', 'Return', 'Reject']);
    tick(2);
    d = detailOf(await act(e.approve, d, discom));
    expect(d.status).toEqual({ status: 'PendingSLDCApproval', statusDescription: 'Pending SLDC approval' });
    tick(3);
    const approved = await act(e.approve, d, approver2);
    expect(approved.statusCode, approved.body).toBe(200);
    d = detailOf(approved);
    expect(d.status.status).toBe('Approved');
    expect(d.interStateRegistrationNo).toMatch(/^ISR\/2026\/\d{5}$/);
    expect(d.history.map((h) => [h.action, h.toStatus])).toEqual([
      ['Submit', 'Submitted'],
      ['Forward', 'PendingDISCOMApproval'],
      ['Approve', 'PendingSLDCApproval'],
      ['Approve', 'Approved'],
    ]);
    expect(await messagesOf(applicant.id)).toContain(T.notifications.approved(reg.entityName, d.interStateRegistrationNo!));
    expect(await auditsOf(d.id)).toEqual([
      'INTER_STATE_REGISTRATION_CREATED',
      'INTER_STATE_REGISTRATION_SUBMIT',
      'INTER_STATE_REGISTRATION_FORWARD',
      'INTER_STATE_REGISTRATION_APPROVE',
      'INTER_STATE_REGISTRATION_APPROVE',
    ]);
    // Its entity now has an open one.
    const eligible = (await call(ctx, e.getEligibleRegistrations, applicant)).json().data;
    expect(eligible[0].openInterStateRegistrationId).toBe(d.id);
  });

  it('forwards a TRANSCO-embedded entity to the TRANSCO user of that TRANSCO', async () => {
    const d = await isrIn(ctx, 'PendingTRANSCOApproval', { utilityType: 'TRANSCO' });
    const transco = await reviewerOf(ctx, 'TRANSCOBusinessUser', d.utilityId!);
    const t = await signIn(ctx, 'TRANSCOBusinessUser');
    await ctx.database.db.update(users).set({ utilityId: d.utilityId, zone: 'North Zone' }).where(eq(users.id, t.id));
    void transco;
    const res = await act(e.approve, d, t);
    expect(res.statusCode, res.body).toBe(200);
    expect(detailOf(res).status.status).toBe('PendingSLDCApproval');
  });

  it('Seek Clarification and Reject need remarks; the owner edits a returned record and resubmits; the comparison shows the change', async () => {
    const { applicant, reg, files } = await applicantWithEntity();
    let d = detailOf(await call(ctx, e.submitRegistration, applicant, { body: isrBody(reg.id, files) }));
    const bare = await act(e.seekClarification, d, sldc);
    expect(bare.statusCode).toBe(400);
    expect(fieldErrorsOf(bare).remarks).toEqual([T.errors.remarksRequired]);
    d = detailOf(await act(e.seekClarification, d, sldc, 'Upload the NOAR certificate signed and stamped'));
    expect(d.status.status).toBe('SLDCReturned');
    const mine = detailOf(await call(ctx, e.getRegistration, applicant, { params: { id: d.id } }));
    expect(mine).toMatchObject({ formMode: 'Write', allowedActions: ['Submit'] });
    const again = await call(ctx, e.submitRegistration, applicant, {
      body: isrBody(reg.id, files, { id: d.id, version: mine.version, noarRegistrationNo: 'NOAR/WR/2026/0999' }),
    });
    expect(again.statusCode, again.body).toBe(200);
    d = detailOf(again);
    expect(d).toMatchObject({ status: { status: 'Submitted' }, submissions: 2 });
    const pdf = await call(ctx, e.downloadRegistrationComparison, sldc, { params: { id: d.id } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('NOAR/WR/2026/0142');
    expect(text).toContain('NOAR/WR/2026/0999');
    expect(text).toContain(T.pdf.changed);
    const rejected = await act(e.reject, d, sldc, 'Not an embedded entity of this state');
    expect(detailOf(rejected).status.status).toBe('SLDCRejected');
    // A rejected entity may register again.
    const fresh = await call(ctx, e.submitRegistration, applicant, {
      body: isrBody(reg.id, { noar: await uploadPdf(ctx, applicant), meter: await uploadPdf(ctx, applicant) }),
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
  });
});

describe('lists and downloads', () => {
  it('scopes the list: the owner its own, a trader its applicants’, a DISCOM user its utility’s, the SLDC all but drafts', async () => {
    const { applicant, reg, files, discom } = await applicantWithEntity();
    const mine = detailOf(await call(ctx, e.submitRegistration, applicant, { body: isrBody(reg.id, files) }));
    const trader = await signIn(ctx, 'Trader');
    const traded = await isrIn(ctx, 'Submitted', { ownerUserId: await applicantOfTrader(ctx, trader.id) });
    const ids = async (who: SignedIn, query: Record<string, string> = {}) =>
      (await call(ctx, e.getRegistrations, who, { query: { pageNumber: '1', pageSize: '100', ...query } }))
        .json()
        .data.registrationList.map((r: { id: string }) => r.id);
    expect(await ids(applicant)).toEqual([mine.id]);
    expect(await ids(trader)).toEqual([traded.id]);
    expect(await ids(discom)).toEqual([mine.id]);
    const all = await ids(sldc, { search: reg.entityName });
    expect(all).toEqual([mine.id]);
    expect(await ids(sldc, { status: 'Approved', search: reg.entityName })).toEqual([]);
    const list = await call(ctx, e.getRegistrations, sldc, { query: { pageNumber: '1', pageSize: '10', search: reg.entityName } });
    expect(list.json().data.registrationList[0]).toMatchObject({
      utilityType: 'DISCOM',
      registrationNo: reg.registrationNo,
      noarRegistrationNo: 'NOAR/WR/2026/0142',
      region: 'WR',
      status: { status: 'Submitted', statusDescription: 'Pending SLDC verification' },
    });
  });

  it('downloads the detail PDF and the documents for those who see the record, 404 for anyone else', async () => {
    const { applicant, reg, files, discom } = await applicantWithEntity();
    const d = detailOf(await call(ctx, e.submitRegistration, applicant, { body: isrBody(reg.id, files) }));
    const stranger = await signIn(ctx, 'OABusinessUser');
    for (const who of [applicant, sldc, discom]) {
      const pdf = await call(ctx, e.downloadRegistrationDetail, who, { params: { id: d.id } });
      expect(pdf.statusCode).toBe(200);
      expect(pdfText(pdf.rawPayload)).toContain(reg.entityName);
      const file = await call(ctx, e.downloadFile, who, { params: { fileId: files.noar } });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toContain('noar.pdf');
    }
    expect((await call(ctx, e.downloadRegistrationDetail, stranger, { params: { id: d.id } })).statusCode).toBe(404);
    expect((await call(ctx, e.downloadFile, stranger, { params: { fileId: files.noar } })).statusCode).toBe(404);
    // A file that is not an inter-state registration's document is not served here, even to its uploader.
    const loose = await uploadPdf(ctx, applicant, 'loose.pdf');
    expect((await call(ctx, e.downloadFile, applicant, { params: { fileId: loose } })).statusCode).toBe(404);
  });

  it('has nothing to compare before the first submission', async () => {
    const applicant = await signIn(ctx, 'OABusinessUser');
    const d = await isrIn(ctx, 'Draft', { ownerUserId: applicant.id });
    const res = await call(ctx, e.downloadRegistrationComparison, applicant, { params: { id: d.id } });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(T.errors.noComparison);
  });
});

describe('deemed consent', () => {
  it('moves a record the utility did not act on after the configured working days, once, and tells both sides', async () => {
    const discomUser = await signIn(ctx, 'DISCOMBusinessUser');
    const utilityId = await utilityOf(ctx, discomUser);
    const d = await isrIn(ctx, 'PendingDISCOMApproval', { utilityUser: discomUser });
    expect(d.utilityId).toBe(utilityId);
    const s = ctx.app.services.interStateRegistrations;
    ctx.clock.set(new Date('2026-07-09T10:00:00+05:30'));
    expect(await s.runDeemedConsent()).toBe(0);
    // Three working days from Monday 6 July: Thursday the 9th is the deadline; Friday the 10th it is deemed.
    ctx.clock.set(new Date('2026-07-10T01:00:00+05:30'));
    expect(await s.runDeemedConsent()).toBeGreaterThanOrEqual(1);
    expect(await s.runDeemedConsent()).toBe(0);
    const after = detailOf(await call(ctx, e.getRegistration, await signIn(ctx, 'SLDCBusinessUser'), { params: { id: d.id } }));
    expect(after.status.status).toBe('PendingSLDCApproval');
    expect(after.history.at(-1)).toMatchObject({ action: 'DeemedConsent', actorName: null, remarks: T.detail.deemedConsent });
    expect(await messagesOf(discomUser.id)).toContain(T.notifications.deemed(d.entityName));
    expect(await auditsOf(d.id)).toContain('INTER_STATE_REGISTRATION_DEEMED_CONSENT');
    void approver1;
  });
});
