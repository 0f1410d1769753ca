import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ENTITY_TYPES, type EntityType } from '@stoa/shared/account';
import {
  getEntityRegistrationEndpoints,
  getEntityRegistrationsEndpoints,
  type RegistrationDetail,
  registrationEndpoints as e,
  TRADER_EDITABLE_FIELDS,
} from '@stoa/shared/registrations';

import { bearer, buildTestApp, type TestContext } from '../../../test/build-test-app';
import { auditLog } from '../audit/audit.tables';
import { dues } from '../configuration/configuration.tables';
import { files } from '../files/files.tables';
import { notifications } from '../notifications/notifications.tables';
import { transcoDiscom } from '../reference/reference.tables';
import { traderAssociations } from '../traders/traders.tables';
import { users } from '../users/users.tables';
import { validityEnd } from './transition';
import { registrations } from './registrations.tables';
import {
  act,
  approveAll,
  call,
  createOwner,
  createParties,
  type Parties,
  readRegistration,
  renew,
  type SignedIn,
  signIn,
  submit,
  uploadPdf,
  validData,
} from './registrations.test-fixtures';

let ctx: TestContext;
let parties: Parties;
// Monday 2026-03-02, 10:00 IST.
const TODAY = '2026-03-02';

beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(new Date('2026-03-02T04:30:00Z'));
  parties = await createParties(ctx);
});
afterAll(() => ctx.close());

const utilities = () => ({ discomId: parties.discom.id, transcoId: parties.transco.id });

async function submitted(entityType: EntityType, owner?: SignedIn) {
  const o = owner ?? (await createOwner(ctx, entityType));
  const data = await validData(ctx, o, entityType, utilities());
  const res = await submit(ctx, o, entityType, { data });
  expect(res.statusCode, res.body).toBe(200);
  return { owner: o, data, detail: res.json().data as RegistrationDetail };
}

const detailOf = async (who: { token: string }, id: string, t: EntityType) =>
  call(ctx, getEntityRegistrationEndpoints[t], who, { params: { id } });
const listIds = async (who: { token: string }, endpoint = e.getRegistrations, query: Record<string, string> = {}) => {
  const res = await call(ctx, endpoint, who, { query: { pageNumber: '1', pageSize: '100', ...query } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.registrationList as { id: string }[]).map((r) => r.id);
};
const auditActions = async (id: string) =>
  (
    await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'Registration'), eq(auditLog.entityId, id)))
      .orderBy(auditLog.id)
  ).map((a) => a.action);
const messagesFor = async (userId: string) =>
  (await ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.message);

describe.each(ENTITY_TYPES)('%s: the full approval path', (t) => {
  it('submits, goes through every reviewer in order and ends Approved with a number and a validity', async () => {
    const { owner, detail, data } = await submitted(t);
    expect(detail).toMatchObject({
      status: 'Submitted',
      statusDescription: 'Pending SLDC verification',
      version: 1,
      formMode: 'ReadOnly',
      allowedActions: [],
      isRenewal: false,
      registrationNo: null,
    });
    expect(detail.data.entityName).toBe(data.entityName);
    // The registration fee is a due of the owner (Rs 10,000 + 18% GST).
    const [due] = await ctx.database.db
      .select()
      .from(dues)
      .where(and(eq(dues.recordType, 'Registration'), eq(dues.recordId, detail.id)));
    expect(due).toMatchObject({
      head: 'REGISTRATION_FEE',
      payerUserId: owner.id,
      baseAmountPaise: 1_000_000,
      gstAmountPaise: 180_000,
      totalPaise: 1_180_000,
    });
    // The SLDC business user is told and sees 'Verify and Forward'.
    expect(await messagesFor(parties.sldc.id)).toContain(`Registration of ${data.entityName} submitted for SLDC verification.`);
    const sldcView = (await detailOf(parties.sldc, detail.id, t)).json().data as RegistrationDetail;
    expect(sldcView.allowedActions).toEqual(['Forward', 'Return', 'Reject']);
    expect(sldcView.formMode).toBe('ReadOnly');

    const approved = await approveAll(ctx, parties, detail.id, t);
    expect(approved.status).toBe('Approved');
    const code = { InjectingEntity: 'IE', DraweeEntity: 'DE', BothEntity: 'BE', Trader: 'TR' }[t];
    expect(approved.registrationNo).toMatch(new RegExp(`^REG/${code}/2026/\\d{5}$`));
    expect(approved.validFrom).toBe(TODAY);
    expect(approved.expiredOn).toBe('2027-03-01');

    const mine = (await detailOf(owner, detail.id, t)).json().data as RegistrationDetail;
    expect(mine).toMatchObject({
      status: 'Approved',
      canRenew: true,
      formMode: 'ReadOnly',
      allowedActions: [],
      canEditTraderDetails: t === 'Trader',
    });
    expect(mine.history.map((h) => h.action)).toEqual([
      'Submit',
      'Forward',
      ...(t === 'BothEntity' ? ['Approve', 'Approve'] : t === 'Trader' ? [] : ['Approve']),
      'Forward',
      'Approve',
      'Approve',
    ]);
    expect(mine.history.at(-1)).toMatchObject({ actorName: 'Test SLDCApproverII', role: 'SLDCApproverII', toStatus: 'Approved' });
    expect(await messagesFor(owner.id)).toContain(
      `Registration of ${data.entityName} approved: ${approved.registrationNo}, valid until Mar 01, 2027.`,
    );
    // Every step is audited.
    const actions = await auditActions(detail.id);
    expect(actions[0]).toBe('REGISTRATION_SUBMITTED');
    expect(actions.filter((a) => a === 'REGISTRATION_APPROVE' || a === 'REGISTRATION_FORWARD')).toHaveLength(approved.history.length - 1);
    expect(await ctx.app.services.audit.verifyChain(ctx.database.db)).toBeNull();
  });
});

describe('validity', () => {
  it('is the configured months less a day, month ends clamped', () => {
    expect(validityEnd('2026-03-02', 12)).toBe('2027-03-01');
    expect(validityEnd('2026-01-01', 12)).toBe('2026-12-31');
    expect(validityEnd('2026-01-31', 1)).toBe('2026-02-27');
    expect(validityEnd('2024-02-29', 12)).toBe('2025-02-27');
    expect(validityEnd('2026-11-15', 6)).toBe('2027-05-14');
  });
});

describe('documents', () => {
  it('are linked to the registration; the SLDC verifies them and the reviewers who see it may read them', async () => {
    const { owner, detail } = await submitted('BothEntity');
    expect(detail.fileList.length).toBeGreaterThan(8);
    const zoneDoc = detail.fileList.find((f) => f.fieldName === 'zones.0.zonefileId');
    expect(zoneDoc).toMatchObject({ documentLabel: 'Zone Document (Central Zone)', fileName: 'zone.pdf', isValid: null });
    const meter = detail.fileList.find((f) => f.fieldName === 'meterTestCertificateFileId');
    expect(meter?.validUpto).toBe('2099-12-31');
    const linked = await ctx.database.db.select().from(files).where(eq(files.ownerId, detail.id));
    expect(linked).toHaveLength(detail.fileList.length);
    expect(linked.every((f) => f.ownerType === 'Registration')).toBe(true);

    // Only the SLDC business user records verdicts, and only on the record's documents.
    const notMine = await act(ctx, parties.sldc, detail.id, 'BothEntity', 'Forward', {
      fileValidations: [{ fileId: await uploadPdf(ctx, parties.sldc), isValid: true }],
    });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().errorResponse[0].fieldName).toBe('fileValidations.0.fileId');
    const forwarded = await act(ctx, parties.sldc, detail.id, 'BothEntity', 'Forward', {
      fileValidations: [
        { fileId: zoneDoc!.fileId, isValid: true, comments: 'Matches the SLD' },
        { fileId: meter!.fileId, isValid: false, comments: 'Stamp missing' },
      ],
    });
    expect(forwarded.statusCode, forwarded.body).toBe(200);
    const validation = await call(ctx, e.getFileValidationDetails, parties.discomUser, { params: { id: detail.id, type: 'BothEntity' } });
    expect(validation.statusCode).toBe(200);
    const list = validation.json().data.fileList as RegistrationDetail['fileList'];
    expect(list.find((f) => f.fieldName === 'zones.0.zonefileId')).toMatchObject({ isValid: true, comments: 'Matches the SLD' });
    expect(list.find((f) => f.fieldName === 'meterTestCertificateFileId')).toMatchObject({ isValid: false, comments: 'Stamp missing' });

    const download = (who: { token: string }) =>
      ctx.app.inject({ method: 'GET', url: `/api/File/Download/${zoneDoc!.fileId}`, headers: bearer(who.token) });
    expect((await download(owner)).statusCode).toBe(200);
    expect((await download(parties.sldc)).statusCode).toBe(200);
    expect((await download(parties.approver1)).statusCode).toBe(200);
    expect((await download(parties.discomUser)).statusCode).toBe(200);
    expect((await download(parties.transcoUser)).statusCode).toBe(200);
    expect((await download(parties.otherDiscomUser)).statusCode).toBe(404);
    expect((await download(await createOwner(ctx, 'BothEntity'))).statusCode).toBe(404);

    // A reviewer other than the SLDC business user cannot record verdicts.
    const byDiscom = await act(ctx, parties.discomUser, detail.id, 'BothEntity', 'Approve', {
      fileValidations: [{ fileId: zoneDoc!.fileId, isValid: true }],
    });
    expect(byDiscom.statusCode).toBe(403);
  });

  it("refuses another user's upload and a file of another record, with the field's message", async () => {
    const owner = await createOwner(ctx, 'DraweeEntity');
    const stranger = await createOwner(ctx, 'DraweeEntity');
    const data = await validData(ctx, owner, 'DraweeEntity', utilities(), { panCardFileId: await uploadPdf(ctx, stranger) });
    const res = await submit(ctx, owner, 'DraweeEntity', { data });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorResponse).toEqual([{ fieldName: 'panCardFileId', errorMessages: ['PAN Card: upload the file again'] }]);
  });
});

describe('return and resubmit', () => {
  it('needs remarks, sends the record back to the applicant in Write mode and takes it again without a second fee', async () => {
    const { owner, detail, data } = await submitted('DraweeEntity');
    const noRemarks = await act(ctx, parties.sldc, detail.id, 'DraweeEntity', 'Return', { remarks: '  ' });
    expect(noRemarks.statusCode).toBe(400);
    expect(noRemarks.json().errorResponse).toEqual([{ fieldName: 'remarks', errorMessages: ['Remarks is required'] }]);

    const returned = await act(ctx, parties.sldc, detail.id, 'DraweeEntity', 'Return', { remarks: 'Upload a signed authority letter' });
    expect(returned.statusCode).toBe(200);
    expect(returned.json().data.status).toBe('SLDCReturned');
    expect(await messagesFor(owner.id)).toContain(`Registration of ${data.entityName}: SLDCReturned.`);
    const mine = (await detailOf(owner, detail.id, 'DraweeEntity')).json().data as RegistrationDetail;
    expect(mine).toMatchObject({ formMode: 'Write', allowedActions: ['Submit'], version: 2 });
    expect(mine.history.at(-1)).toMatchObject({
      action: 'Return',
      remarks: 'Upload a signed authority letter',
      fromStatus: 'Submitted',
      toStatus: 'SLDCReturned',
    });

    // A stale version is refused; the current one resubmits with corrected values.
    const letter = await uploadPdf(ctx, owner, 'signed-letter.pdf');
    const stale = await submit(ctx, owner, 'DraweeEntity', { id: detail.id, version: 1, data: { ...data, authorityLetterFileId: letter } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('This registration has changed since you opened it. Reload to see its current status.');
    const again = await submit(ctx, owner, 'DraweeEntity', { id: detail.id, version: 2, data: { ...data, authorityLetterFileId: letter } });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ status: 'Submitted', version: 3 });
    expect(again.json().data.data.authorityLetterFileId).toBe(letter);
    expect(await ctx.database.db.select().from(dues).where(eq(dues.recordId, detail.id))).toHaveLength(1);

    // Returned by the DISCOM: same again.
    await act(ctx, parties.sldc, detail.id, 'DraweeEntity', 'Forward');
    const byDiscom = await act(ctx, parties.discomUser, detail.id, 'DraweeEntity', 'Return', { remarks: 'Feeder name does not match' });
    expect(byDiscom.json().data.status).toBe('DISCOMReturned');
    const row = await readRegistration(ctx, detail.id);
    const resubmitted = await submit(ctx, owner, 'DraweeEntity', {
      id: detail.id,
      version: row.version,
      data: { ...data, authorityLetterFileId: letter, feederName: 'Feeder 2' },
    });
    expect(resubmitted.json().data.status).toBe('Submitted');
    expect(await auditActions(detail.id)).toEqual([
      'REGISTRATION_SUBMITTED',
      'REGISTRATION_RETURN',
      'REGISTRATION_SUBMITTED',
      'REGISTRATION_FORWARD',
      'REGISTRATION_RETURN',
      'REGISTRATION_SUBMITTED',
    ]);
  });
});

describe('reject', () => {
  it('needs remarks, ends the record, and lets the applicant start again', async () => {
    const { owner, detail } = await submitted('InjectingEntity');
    const data = await validData(ctx, owner, 'InjectingEntity', utilities());
    const second = await submit(ctx, owner, 'InjectingEntity', { data });
    expect(second.statusCode).toBe(422);
    expect(second.json().message).toBe('You already have a registration in progress or approved; renew it instead.');

    await act(ctx, parties.sldc, detail.id, 'InjectingEntity', 'Forward');
    expect((await act(ctx, parties.transcoUser, detail.id, 'InjectingEntity', 'Reject')).statusCode).toBe(400);
    const rejected = await act(ctx, parties.transcoUser, detail.id, 'InjectingEntity', 'Reject', {
      remarks: 'No connectivity at the substation',
    });
    expect(rejected.json().data).toMatchObject({ status: 'TRANSCORejected', allowedActions: [] });
    expect((await detailOf(owner, detail.id, 'InjectingEntity')).json().data).toMatchObject({
      formMode: 'ReadOnly',
      allowedActions: [],
      canRenew: false,
    });

    const fresh = await submit(ctx, owner, 'InjectingEntity', { data });
    expect(fresh.statusCode, fresh.body).toBe(200);
  });
});

describe('drafts', () => {
  it('are saved without validation, hidden from reviewers, and submitted later by id', async () => {
    const owner = await createOwner(ctx, 'Trader');
    const draft = await submit(ctx, owner, 'Trader', { isDraft: true, data: { entityName: 'Half-done Traders', panNo: 'bad' } });
    expect(draft.statusCode, draft.body).toBe(200);
    const d = draft.json().data as RegistrationDetail;
    expect(d).toMatchObject({ status: 'Draft', formMode: 'Write', allowedActions: ['Submit'], submittedOn: null });
    expect((await detailOf(parties.sldc, d.id, 'Trader')).statusCode).toBe(404);
    expect(await listIds(parties.sldc)).not.toContain(d.id);
    expect(await ctx.database.db.select().from(dues).where(eq(dues.recordId, d.id))).toHaveLength(0);

    // A second new registration is refused while the draft exists.
    expect((await submit(ctx, owner, 'Trader', { isDraft: true, data: {} })).statusCode).toBe(422);
    const saved = await submit(ctx, owner, 'Trader', {
      id: d.id,
      version: 1,
      isDraft: true,
      data: { entityName: 'Half-done Traders Pvt Ltd' },
    });
    expect(saved.json().data).toMatchObject({ status: 'Draft', version: 2 });
    const full = await validData(ctx, owner, 'Trader', {});
    const sent = await submit(ctx, owner, 'Trader', { id: d.id, version: 2, data: full });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.status).toBe('Submitted');
    expect(await ctx.database.db.select().from(dues).where(eq(dues.recordId, d.id))).toHaveLength(1);
  });

  it('must match the caller entity type', async () => {
    const owner = await createOwner(ctx, 'DraweeEntity');
    const res = await submit(ctx, owner, 'InjectingEntity', { isDraft: true, data: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('This form does not match your entity type.');
  });
});

describe('scope', () => {
  it('a DISCOM user of another utility or zone neither sees nor acts on the record', async () => {
    const { owner, detail } = await submitted('BothEntity');
    await act(ctx, parties.sldc, detail.id, 'BothEntity', 'Forward');
    const other = parties.otherDiscomUser;
    expect((await detailOf(other, detail.id, 'BothEntity')).statusCode).toBe(404);
    expect((await act(ctx, other, detail.id, 'BothEntity', 'Approve')).statusCode).toBe(404);
    expect((await call(ctx, e.getFileValidationDetails, other, { params: { id: detail.id, type: 'BothEntity' } })).statusCode).toBe(404);
    expect((await call(ctx, e.getMandatoryCheckDetails, other, { params: { id: detail.id } })).statusCode).toBe(404);
    for (const endpoint of [e.getRegistrations, e.getTranscoDiscomRegistrations, getEntityRegistrationsEndpoints.BothEntity]) {
      expect(await listIds(other, endpoint)).not.toContain(detail.id);
      expect(await listIds(parties.discomUser, endpoint)).toContain(detail.id);
    }
    // Same utility, but the user's zone is not the utility's: nothing either.
    const wrongZone = await signIn(ctx, 'DISCOMBusinessUser', { utilityId: parties.discom.id, zone: 'South Zone' });
    expect((await detailOf(wrongZone, detail.id, 'BothEntity')).statusCode).toBe(404);
    expect(await listIds(wrongZone)).not.toContain(detail.id);
    // Another applicant sees nothing; the wrong entity type in the path is not found.
    expect((await detailOf(await createOwner(ctx, 'BothEntity'), detail.id, 'BothEntity')).statusCode).toBe(404);
    expect((await detailOf(owner, detail.id, 'DraweeEntity')).statusCode).toBe(404);
    expect((await act(ctx, parties.discomUser, detail.id, 'DraweeEntity', 'Approve')).statusCode).toBe(404);
  });

  it('lists are paged and filtered in SQL, newest change first', async () => {
    const owner = await createOwner(ctx, 'Trader');
    const { detail } = await submitted('Trader', owner);
    await approveAll(ctx, parties, detail.id, 'Trader');
    const mine = await call(ctx, getEntityRegistrationsEndpoints.Trader, owner, { query: { pageNumber: '1', pageSize: '10' } });
    expect(mine.json().data).toMatchObject({ dataCount: 1 });
    expect(mine.json().data.registrationList[0]).toMatchObject({
      id: detail.id,
      entityType: 'Trader',
      status: { status: 'Approved', statusDescription: 'Approved' },
      issuingAuthority: 'CERC',
      tradingLicenceNo: 'TL/2024/001',
      expiredOn: '2027-03-01',
      canRenew: true,
    });
    const no = (await readRegistration(ctx, detail.id)).registrationNo!;
    expect(await listIds(parties.sldc, e.getRegistrations, { registrationNo: no.slice(-5) })).toEqual([detail.id]);
    expect(await listIds(parties.sldc, e.getRegistrations, { entityName: detail.data.entityName as string })).toEqual([detail.id]);
    expect(await listIds(parties.sldc, e.getRegistrations, { entityName: '%' })).toEqual([]);
    const pending = await call(ctx, e.getRegistrations, parties.sldc, { query: { pageNumber: '1', pageSize: '10', status: 'Submitted' } });
    expect(pending.json().data.registrationList.every((r: { status: { status: string } }) => r.status.status === 'Submitted')).toBe(true);
    const traders = await call(ctx, e.getRegistrations, parties.sldc, { query: { pageNumber: '1', pageSize: '10', entityType: 'Trader' } });
    expect(traders.json().data.registrationList.every((r: { entityType: string }) => r.entityType === 'Trader')).toBe(true);

    const all = await call(ctx, e.getRegistrations, parties.sldc, { query: { pageNumber: '1', pageSize: '10' } });
    const { registrationList, dataCount } = all.json().data as { registrationList: { updatedOn: string }[]; dataCount: number };
    expect(dataCount).toBeGreaterThan(10);
    expect(registrationList).toHaveLength(10);
    const times = registrationList.map((r) => r.updatedOn);
    expect([...times].sort().reverse()).toEqual(times);
    const page2 = await call(ctx, e.getRegistrations, parties.sldc, { query: { pageNumber: '2', pageSize: '10' } });
    expect(page2.json().data.registrationList[0].id).not.toBe((all.json().data.registrationList as { id: string }[])[0]!.id);
    expect((await call(ctx, e.getRegistrations, parties.sldc, { query: { pageNumber: '1', pageSize: '7' } })).statusCode).toBe(400);
  });
});

describe('renewal', () => {
  it('an approved trader renewal keeps the applicants who chose that trader', async () => {
    const trader = await createOwner(ctx, 'Trader');
    const { detail, data } = await submitted('Trader', trader);
    await approveAll(ctx, parties, detail.id, 'Trader');
    const applicant = await createOwner(ctx, 'DraweeEntity');
    const [association] = await ctx.database.db
      .insert(traderAssociations)
      .values({ applicantUserId: applicant.id, traderRegistrationId: detail.id, entityName: 'Trader' })
      .returning();
    const renewal = await renew(ctx, trader, 'Trader', { previousRegistrationId: detail.id, data });
    expect(renewal.statusCode, renewal.body).toBe(200);
    const r = renewal.json().data as RegistrationDetail;
    const [before] = await ctx.database.db.select().from(traderAssociations).where(eq(traderAssociations.id, association!.id));
    expect(before!.traderRegistrationId).toBe(detail.id);
    await approveAll(ctx, parties, r.id, 'Trader');
    const [after] = await ctx.database.db.select().from(traderAssociations).where(eq(traderAssociations.id, association!.id));
    expect(after!.traderRegistrationId).toBe(r.id);
  });

  it('is offered only for Approved or Expired; the approved renewal keeps the number and renews the old record', async () => {
    const owner = await createOwner(ctx, 'DraweeEntity');
    const { detail, data } = await submitted('DraweeEntity', owner);
    const early = await renew(ctx, owner, 'DraweeEntity', { previousRegistrationId: detail.id, data });
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe('Renew is offered only for an Approved or Expired registration.');

    const approved = await approveAll(ctx, parties, detail.id, 'DraweeEntity');
    // Someone else's registration is not found.
    const stranger = await createOwner(ctx, 'DraweeEntity');
    expect((await renew(ctx, stranger, 'DraweeEntity', { previousRegistrationId: detail.id, data })).statusCode).toBe(404);

    // The renewal carries the documents of the approved record.
    const renewal = await renew(ctx, owner, 'DraweeEntity', { previousRegistrationId: detail.id, data: { ...data, contractDemand: 9 } });
    expect(renewal.statusCode, renewal.body).toBe(200);
    const r = renewal.json().data as RegistrationDetail;
    expect(r).toMatchObject({
      status: 'Submitted',
      isRenewal: true,
      previousRegistrationId: detail.id,
      registrationNo: approved.registrationNo,
    });
    const [fee] = await ctx.database.db.select().from(dues).where(eq(dues.recordId, r.id));
    expect(fee).toMatchObject({ head: 'RENEWAL_FEE', totalPaise: 1_180_000 });
    expect(await auditActions(r.id)).toContain('RENEWAL_SUBMITTED');

    const twice = await renew(ctx, owner, 'DraweeEntity', { previousRegistrationId: detail.id, data });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toBe('A renewal of this registration is already in progress.');
    expect((await detailOf(owner, detail.id, 'DraweeEntity')).json().data.canRenew).toBe(false);
    // Neither list offers Renew on the Approved record while its renewal is open (issue 11 item 8).
    for (const endpoint of [e.getRegistrations, e.getRenewalRegistrations]) {
      const listed = (await call(ctx, endpoint, owner, { query: { pageNumber: '1', pageSize: '100' } })).json().data.registrationList as {
        id: string;
        canRenew: boolean;
      }[];
      expect(
        listed.find((x) => x.id === detail.id),
        endpoint.path,
      ).toMatchObject({ canRenew: false });
    }

    // Renewal lists: reviewers see renewals; the owner also its renewable records.
    expect(await listIds(parties.sldc, e.getRenewalRegistrations)).toContain(r.id);
    expect(await listIds(parties.sldc, e.getRenewalRegistrations)).not.toContain(detail.id);
    expect(await listIds(owner, e.getRenewalRegistrations)).toEqual(expect.arrayContaining([r.id, detail.id]));
    expect(await listIds(owner, e.getRegistrations)).toEqual([detail.id]);

    // The SLDC can download the comparison with the previous version.
    const comparison = await ctx.app.inject({
      method: 'GET',
      url: `/api/Registration/DownloadRegistrationComparisons/${r.id}`,
      headers: bearer(parties.sldc.token),
    });
    expect(comparison.statusCode, comparison.body.slice(0, 200)).toBe(200);
    expect(comparison.headers['content-type']).toContain('application/pdf');
    expect(comparison.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');

    const renewed = await approveAll(ctx, parties, r.id, 'DraweeEntity');
    expect(renewed).toMatchObject({ status: 'Approved', registrationNo: approved.registrationNo, validFrom: TODAY });
    const old = (await detailOf(owner, detail.id, 'DraweeEntity')).json().data as RegistrationDetail;
    expect(old).toMatchObject({ status: 'Renewed', canRenew: false });
    expect(old.history.at(-1)).toMatchObject({ action: 'Renewed', fromStatus: 'Approved', toStatus: 'Renewed' });
    expect(await auditActions(detail.id)).toContain('REGISTRATION_RENEWED');
    const rows = (await call(ctx, e.getRenewalRegistrations, owner, { query: { pageNumber: '1', pageSize: '10' } })).json().data
      .registrationList as { id: string; canRenew: boolean }[];
    expect(rows.find((x) => x.id === r.id)?.canRenew).toBe(true);
  });
});

describe('entity grid (spec 001 §2)', () => {
  it('lists each row with its consumer number, open-access start, quanta, connectivity and zones', async () => {
    const drawee = await submitted('DraweeEntity');
    await approveAll(ctx, parties, drawee.detail.id, 'DraweeEntity');
    const injecting = await submitted('InjectingEntity');
    const both = await submitted('BothEntity');
    const rows = (await call(ctx, e.getRegistrations, parties.sldc, { query: { pageNumber: '1', pageSize: '100' } })).json().data
      .registrationList as Record<string, unknown>[];
    const row = (id: string) => rows.find((x) => x.id === id);
    expect(row(drawee.detail.id)).toMatchObject({
      consumerNumber: 'CN-0001',
      dateOfOpenAccessStart: TODAY,
      stoaInjectionQuantum: null,
      stoaDrawlQuantum: 5,
      connectivity: 'Vadodara 66 kV (66 kV)',
      transmissionZone: null,
      distributionZone: 'Central Zone',
    });
    expect(row(injecting.detail.id)).toMatchObject({
      consumerNumber: null,
      dateOfOpenAccessStart: null,
      stoaInjectionQuantum: 40,
      stoaDrawlQuantum: null,
      connectivity: 'Anand 132 kV (132 kV)',
      transmissionZone: 'North Zone',
      distributionZone: null,
    });
    expect(row(both.detail.id)).toMatchObject({
      consumerNumber: 'CN-0001',
      stoaInjectionQuantum: 40,
      stoaDrawlQuantum: 5,
      connectivity: 'Anand 132 kV (132 kV); Vadodara 66 kV (66 kV)',
      transmissionZone: 'North Zone',
      distributionZone: 'Central Zone',
    });
  });
});

describe('concurrency', () => {
  it('of two simultaneous approvals, one wins and the other gets a conflict', async () => {
    const { detail } = await submitted('Trader');
    await act(ctx, parties.sldc, detail.id, 'Trader', 'Forward');
    await act(ctx, parties.sldc, detail.id, 'Trader', 'Forward');
    await act(ctx, parties.approver1, detail.id, 'Trader', 'Approve');
    const version = (await readRegistration(ctx, detail.id)).version;
    const second = await signIn(ctx, 'SLDCApproverII');
    const results = await Promise.all([
      act(ctx, parties.approver2, detail.id, 'Trader', 'Approve', { version }),
      act(ctx, second, detail.id, 'Trader', 'Approve', { version }),
    ]);
    expect(results.map((x) => x.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((x) => x.statusCode === 409)!.json().code).toBe('CONFLICT');
    const row = await readRegistration(ctx, detail.id);
    expect(row).toMatchObject({ status: 'Approved', version: version + 1 });
    expect(
      (await detailOf(parties.sldc, detail.id, 'Trader'))
        .json()
        .data.history.filter((h: { toStatus: string }) => h.toStatus === 'Approved'),
    ).toHaveLength(1);
  });

  it('a stale version is a conflict', async () => {
    const { detail } = await submitted('Trader');
    const res = await act(ctx, parties.sldc, detail.id, 'Trader', 'Forward', { version: 99 });
    expect(res.statusCode).toBe(409);
    expect((await readRegistration(ctx, detail.id)).status).toBe('Submitted');
  });
});

describe('Edit Trader Details', () => {
  it('changes only the trader step of an approved trader registration, audited and notified', async () => {
    const owner = await createOwner(ctx, 'Trader');
    const { detail, data } = await submitted('Trader', owner);
    const early = await call(ctx, e.editTraderDetails, owner, {
      params: { id: detail.id },
      body: { version: 1, data: { tradingLicenceNo: 'X' } },
    });
    expect(early.statusCode).toBe(409);
    const approved = await approveAll(ctx, parties, detail.id, 'Trader');

    const invalid = await call(ctx, e.editTraderDetails, owner, {
      params: { id: detail.id },
      body: { version: approved.version, data: { licenceValidUpto: '2020-01-01', tradingLicenceNo: '' } },
    });
    expect(invalid.statusCode).toBe(400);
    expect(
      invalid
        .json()
        .errorResponse.map((x: { fieldName: string }) => x.fieldName)
        .sort(),
    ).toEqual(['licenceValidUpto', 'tradingLicenceNo']);

    const licence = await uploadPdf(ctx, owner, 'new-licence.pdf');
    ctx.clock.advance(1);
    const res = await call(ctx, e.editTraderDetails, owner, {
      params: { id: detail.id },
      body: {
        version: approved.version,
        data: {
          tradingLicenceNo: 'TL/2026/777',
          issuingAuthority: 'SERC',
          traderCategory: 'III',
          licenceValidUpto: '2030-03-31',
          tradingLicenceFileId: licence,
          entityName: 'Renamed',
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().data as RegistrationDetail;
    expect(after).toMatchObject({ status: 'Approved', version: approved.version + 1, registrationNo: approved.registrationNo });
    expect(after.data).toMatchObject({
      tradingLicenceNo: 'TL/2026/777',
      issuingAuthority: 'SERC',
      traderCategory: 'III',
      licenceValidUpto: '2030-03-31',
      tradingLicenceFileId: licence,
      entityName: data.entityName,
    });
    const row = await readRegistration(ctx, detail.id);
    expect(row).toMatchObject({ tradingLicenceNo: 'TL/2026/777', issuingAuthority: 'SERC', entityName: data.entityName });
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, detail.id), eq(auditLog.action, 'REGISTRATION_TRADER_DETAILS_EDITED')));
    expect(audit!.before).toMatchObject({ tradingLicenceNo: 'TL/2024/001' });
    expect(audit!.after).toMatchObject({ tradingLicenceNo: 'TL/2026/777' });
    expect(Object.keys(audit!.after as object).sort()).toEqual(['version', ...TRADER_EDITABLE_FIELDS].sort());
    expect(await messagesFor(parties.sldc.id)).toContain(`Registration of ${data.entityName}: Edit Trader Details.`);
    expect(after.history.at(-1)).toMatchObject({ action: 'Edit' });

    const other = await signIn(ctx, 'Trader');
    expect(
      (await call(ctx, e.editTraderDetails, other, { params: { id: detail.id }, body: { version: after.version, data: {} } })).statusCode,
    ).toBe(404);
  });
});

describe('mandatory checks', () => {
  it('checks the minimum demand, voltage, documents, validity and dues', async () => {
    const { owner, detail } = await submitted('BothEntity');
    const res = await call(ctx, e.getMandatoryCheckDetails, parties.sldc, { params: { id: detail.id } });
    expect(res.statusCode).toBe(200);
    const checks = res.json().data.checkList as { key: string; label: string; passed: boolean; detail: string }[];
    expect(checks.map((c) => c.key)).toEqual(['minimumDemand', 'voltage', 'documents', 'documentsValid', 'noDues']);
    expect(checks.every((c) => c.passed)).toBe(true);
    expect(checks[0]).toMatchObject({
      label: 'Contract demand / STOA quantum is at least the configured minimum',
      detail: 'Contract Demand: 8 MW; STOA Drawal Quantum: 5 MW; STOA Injection Quantum: 40 MW (minimum 1 MW)',
    });

    await ctx.database.db.update(users).set({ isDefaulter: true }).where(eq(users.id, owner.id));
    const { panCardFileId: _dropped, ...rest } = detail.data;
    await ctx.database.db
      .update(registrations)
      .set({ data: { ...rest, stoaDrawlQuantum: 0.5, drawalVoltage: '11', meterTestCertificateValidUpto: '2026-01-31' } })
      .where(eq(registrations.id, detail.id));
    const after = (await call(ctx, e.getMandatoryCheckDetails, parties.approver1, { params: { id: detail.id } })).json().data
      .checkList as typeof checks;
    expect(Object.fromEntries(after.map((c) => [c.key, c.passed]))).toEqual({
      minimumDemand: false,
      voltage: true,
      documents: false,
      documentsValid: false,
      noDues: false,
    });
    expect(after.find((c) => c.key === 'documents')!.detail).toBe('Missing: PAN Card');
    expect(after.find((c) => c.key === 'documentsValid')!.detail).toBe('Expired: Meter Test Certificate (ABT meter) (Jan 31, 2026)');
  });

  it('checks the licence of a trader', async () => {
    const { detail } = await submitted('Trader');
    const checks = (await call(ctx, e.getMandatoryCheckDetails, parties.sldc, { params: { id: detail.id } })).json().data.checkList as {
      key: string;
      passed: boolean;
    }[];
    expect(checks.map((c) => [c.key, c.passed])).toEqual([
      ['documents', true],
      ['documentsValid', true],
      ['noDues', true],
      ['licence', true],
    ]);
  });
});

describe('fees, charges and utilities', () => {
  it('quotes the fees in force today in paise with GST', async () => {
    for (const [endpoint, head] of [
      [e.getRegistrationFee, 'REGISTRATION_FEE'],
      [e.getRenewalFee, 'RENEWAL_FEE'],
    ] as const) {
      const res = await call(ctx, endpoint, parties.discomUser);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        head,
        baseAmount: 1_000_000,
        gstRatePercent: '18',
        gstAmount: 180_000,
        totalAmount: 1_180_000,
        effectiveFrom: '2000-01-01',
      });
    }
    const charges = (await call(ctx, e.getCharges, parties.sldc)).json().data.chargeList as { head: string; state: string }[];
    expect(charges.length).toBeGreaterThan(4);
    expect(charges.every((c) => c.state === 'CURRENT')).toBe(true);
    expect(new Set(charges.map((c) => c.head)).size).toBe(charges.length);
  });

  it('lists the active utilities', async () => {
    const inactive = (
      await ctx.database.db
        .insert(transcoDiscom)
        .values({ name: 'Closed DISCOM', type: 'DISCOM', zone: 'East Zone', isActive: false })
        .returning()
    )[0]!;
    const discoms = (await call(ctx, e.getDiscoms, parties.sldc)).json().data as { id: string; type: string }[];
    const transcos = (await call(ctx, e.getTranscos, parties.sldc)).json().data as { id: string; type: string }[];
    const both = (await call(ctx, e.getTranscosDiscoms, parties.sldc)).json().data as { id: string }[];
    expect(discoms.every((u) => u.type === 'DISCOM')).toBe(true);
    expect(transcos.every((u) => u.type === 'TRANSCO')).toBe(true);
    expect(discoms.map((u) => u.id)).toContain(parties.discom.id);
    expect(transcos.map((u) => u.id)).toContain(parties.transco.id);
    expect(discoms.map((u) => u.id)).not.toContain(inactive.id);
    expect(both).toHaveLength(discoms.length + transcos.length);
  });
});

describe('downloads', () => {
  it('streams the registration PDF to the SLDC with an attachment name', async () => {
    const { detail } = await submitted('BothEntity');
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/Registration/DownloadRegistrationDetail/${detail.id}`,
      headers: bearer(parties.sldc.token),
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-disposition']).toContain(`registration-${detail.id}.pdf`);
    expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const notRenewal = await ctx.app.inject({
      method: 'GET',
      url: `/api/Registration/DownloadRegistrationComparisons/${detail.id}`,
      headers: bearer(parties.sldc.token),
    });
    expect(notRenewal.statusCode).toBe(422);
    const discom = await ctx.app.inject({
      method: 'GET',
      url: `/api/Registration/DownloadRegistrationDetail/${detail.id}`,
      headers: bearer(parties.discomUser.token),
    });
    expect(discom.statusCode).toBe(403);
  });
});
