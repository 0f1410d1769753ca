import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { addDays, DEFAULT_WINDOW_SETTINGS, permittedRange } from '@stoa/shared/applications';
import { istDate } from '@stoa/shared/common';
import { REGISTRATION_FORMS } from '@stoa/shared/registrations';
import { validateForm } from '@stoa/shared/forms';

import { bearer, buildTestApp, login, type TestContext } from '../../test/build-test-app';
import { setFeeBeforeScrutiny } from '../modules/applications/applications.test-fixtures';
import { atcMargins } from '../modules/atc/atc.tables';
import { files } from '../modules/files/files.tables';
import { registrationActions, registrationFileChecks, registrations } from '../modules/registrations/registrations.tables';
import { users } from '../modules/users/users.tables';
import { createFileStorage } from '../platform/files/storage';
import { DEMO_ELEMENTS, DEMO_MARGIN_DAYS, DEMO_USERS, demoPdf, seedDemoData } from './demo';

let ctx: TestContext;
let filesDir: string;
beforeAll(async () => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'stoa-demo-files-'));
  ctx = await buildTestApp({ filesDir });
  expect(await seedDemoData(ctx.database.db, createFileStorage(filesDir))).toBe(true);
  await setFeeBeforeScrutiny(ctx, false); // the journey below is not about the fee (applications.fee-rule.test.ts is)
});
afterAll(async () => {
  await ctx.close();
  rmSync(filesDir, { recursive: true, force: true });
});

describe('demo data', () => {
  it('seeds once', async () => {
    expect(await seedDemoData(ctx.database.db, createFileStorage(filesDir))).toBe(false);
  });

  it('publishes an SLDC bank account in force that the payers read', async () => {
    const oa = DEMO_USERS.find((u) => u.role === 'OABusinessUser')!;
    const token = (await login(ctx, { userName: oa.userName, password: oa.password })).jwtToken;
    const res = await ctx.app.inject({ method: 'GET', url: '/api/Configuration/BankDetails/GetAll', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.bankDetailList).toMatchObject([{ bankName: 'State Bank of India', ifsc: 'SBIN0001234', state: 'CURRENT' }]);
  });

  it('gives every demo user a real PDF manual of its role (or OA entity type) to download', async () => {
    for (const u of DEMO_USERS) {
      const token = (await login(ctx, { userName: u.userName, password: u.password })).jwtToken;
      const type = u.role === 'OABusinessUser' ? u.entityType! : u.role;
      const res = await ctx.app.inject({ method: 'GET', url: `/api/File/DownloadManuals?entitityType=${type}`, headers: bearer(token) });
      expect(res.statusCode, `${u.userName}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers['content-type']).toContain('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(res.rawPayload.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
      expect(String(res.headers['content-disposition'])).toContain('STOA user manual');
    }
  });

  it('has an approved Trader registration of the demo trader, valid for a year, with valid form values and its documents', async () => {
    const rows = await ctx.database.db.select().from(registrations).where(eq(registrations.entityType, 'Trader'));
    expect(rows).toHaveLength(1);
    const reg = rows[0]!;
    expect(reg).toMatchObject({
      entityType: 'Trader',
      status: 'Approved',
      entityName: 'Volt Power Traders Pvt Ltd',
      issuingAuthority: 'CERC',
    });
    expect(reg.registrationNo).toMatch(/^REG\/TR\/\d{4}\/00001$/);
    expect(Number(reg.expiredOn!.slice(0, 4)) - Number(reg.validFrom!.slice(0, 4))).toBe(1);
    expect(validateForm(REGISTRATION_FORMS.Trader, reg.data)).toEqual([]);
    const actions = await ctx.database.db
      .select()
      .from(registrationActions)
      .where(eq(registrationActions.registrationId, reg.id))
      .orderBy(registrationActions.createdOn);
    expect(actions.map((a) => a.toStatus)).toEqual(['Submitted', 'PendingSTOACheck', 'STOAApproved', 'SLDCApproverIApproved', 'Approved']);
    expect(actions.at(-1)).toMatchObject({ action: 'Approve', actorRole: 'SLDCApproverII' });
    // Submitted six days ago, then one step a day at the same time of day, approved at the seeding.
    const days = actions.map((a) => Math.round((actions.at(-1)!.createdOn.getTime() - a.createdOn.getTime()) / 86_400_000));
    expect(days).toEqual([6, 3, 2, 1, 0]);
  });

  it('passes every mandatory check on the approved registrations; the SLDC verified each document and can open it', async () => {
    const sldc = bearer((await login(ctx, { userName: 'sldc.user', password: 'Sldc#Demo2026' })).jwtToken);
    const rows = await ctx.database.db.select().from(registrations);
    expect(rows).toHaveLength(3);
    for (const reg of rows) {
      const checks = (
        await ctx.app.inject({ method: 'GET', url: `/api/Registration/GetMandatoryCheckDetails/${reg.id}`, headers: sldc })
      ).json().data.checkList as { key: string; passed: boolean; detail: string }[];
      expect(checks.length, reg.entityName).toBeGreaterThan(0);
      expect(
        checks.filter((c) => !c.passed),
        reg.entityName,
      ).toEqual([]);
      const verdicts = await ctx.database.db.select().from(registrationFileChecks).where(eq(registrationFileChecks.registrationId, reg.id));
      expect(verdicts.length).toBeGreaterThan(0);
      expect(verdicts.every((v) => v.isValid)).toBe(true);
      const linked = await ctx.database.db
        .select()
        .from(files)
        .where(and(eq(files.ownerType, 'Registration'), eq(files.ownerId, reg.id)));
      expect(linked.map((f) => f.id).sort()).toEqual(verdicts.map((v) => v.fileId).sort());
      const opened = await ctx.app.inject({ method: 'GET', url: `/api/File/Download/${verdicts[0]!.fileId}`, headers: sldc });
      expect(opened.statusCode, opened.body.slice(0, 200)).toBe(200);
      expect(opened.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');
    }
  });

  it('writes demo documents as well-formed PDFs: every cross-reference points at its object', () => {
    const pdf = demoPdf('PAN Card (copy)', 'Shreeji Ceramics Ltd').toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...pdf.matchAll(/(\d{10}) 00000 n/g)].map((m) => Number(m[1]));
    expect(offsets.map((o) => pdf.slice(o, o + 7))).toEqual(offsets.map((_, i) => `${i + 1} 0 obj`));
    expect(pdf).toContain('(PAN Card \\(copy\\)) Tj');
  });

  it('gives each applicant its own address and date of incorporation, the same in its profile and its registration', async () => {
    const people = await ctx.database.db
      .select()
      .from(users)
      .where(inArray(users.role, ['OABusinessUser', 'Trader']));
    expect(new Set(people.map((u) => u.registeredAddress)).size).toBe(people.length);
    expect(new Set(people.map((u) => u.dateOfIncorporation)).size).toBe(people.length);
    for (const reg of await ctx.database.db.select().from(registrations)) {
      const owner = people.find((u) => u.entityName === reg.entityName)!;
      expect(reg.data.registeredAddress, reg.entityName).toBe(owner.registeredAddress);
      expect(reg.data.dateOfIncorporation, reg.entityName).toBe(owner.dateOfIncorporation);
      expect(String(reg.data.registeredAddress)).toContain(String(reg.data.pinCode));
    }
  });

  it('gives the ceramics consumer a consumer category and the generator a generator category', async () => {
    const rows = await ctx.database.db.select().from(registrations);
    expect(rows.find((r) => r.entityName === 'Shreeji Ceramics Ltd')!.data.applicantCategory).toBe('C&I Consumer');
    expect(rows.find((r) => r.entityName === 'Kutch Wind Power Ltd')!.data.applicantCategory).toBe('IPP');
  });

  it('associates the demo trader with the approved seller and buyer; the OA applicant may add it too', async () => {
    const trader = bearer((await login(ctx, { userName: 'trader', password: 'Trader#Demo26' })).jwtToken);
    const associated = (
      await ctx.app.inject({ method: 'GET', url: '/api/TraderManagement/EntityBasedOnTrader/GetAll', headers: trader })
    ).json().data;
    expect((associated.registrationList as { entityName: string }[]).map((r) => r.entityName).sort()).toEqual([
      'Kutch Wind Power Ltd',
      'Shreeji Ceramics Ltd',
    ]);
    const oa = bearer((await login(ctx, { userName: 'oa.applicant', password: 'Oa#Demo2026' })).jwtToken);
    const traders = (await ctx.app.inject({ method: 'GET', url: '/api/TraderManagement/GetAllRegisteredTraders', headers: oa })).json()
      .data;
    expect(traders).toEqual([{ id: expect.any(String), description: 'Volt Power Traders Pvt Ltd' }]);
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/TraderManagement/TraderBasedOnUser/Add',
      headers: oa,
      payload: { traderId: traders[0].id, entityName: traders[0].description },
    });
    expect(added.json().data).toBe(true);
    // oa.applicant has no approved registration yet: the trader's list stays the two approved applicants.
    const after = (await ctx.app.inject({ method: 'GET', url: '/api/TraderManagement/EntityBasedOnTrader/GetAll', headers: trader })).json()
      .data;
    expect(after.dataCount).toBe(2);
  });

  it('has approved seller and buyer registrations with valid form values and a margin on their elements for the next days', async () => {
    const rows = await ctx.database.db.select().from(registrations);
    const seller = rows.find((r) => r.entityName === 'Kutch Wind Power Ltd')!;
    const buyer = rows.find((r) => r.entityName === 'Shreeji Ceramics Ltd')!;
    expect(seller).toMatchObject({ entityType: 'InjectingEntity', status: 'Approved' });
    expect(buyer).toMatchObject({ entityType: 'DraweeEntity', status: 'Approved' });
    expect(seller.registrationNo).toMatch(/^REG\/IE\/\d{4}\/\d{5}$/);
    for (const reg of [seller, buyer]) {
      expect(validateForm(REGISTRATION_FORMS[reg.entityType as 'InjectingEntity' | 'DraweeEntity'], reg.data)).toEqual([]);
    }
    const margins = await ctx.database.db.select().from(atcMargins);
    expect(margins).toHaveLength(DEMO_MARGIN_DAYS * 2);
    const today = istDate(new Date());
    expect(new Set(margins.map((m) => m.marginDate))).toEqual(
      new Set(Array.from({ length: DEMO_MARGIN_DAYS }, (_, k) => addDays(today, k))),
    );
    expect(new Set(margins.map((m) => m.element))).toEqual(new Set(Object.values(DEMO_ELEMENTS)));
    const morbi = margins.find((m) => m.element === DEMO_ELEMENTS.drawal)!;
    expect(Math.min(...morbi.blocks)).toBeGreaterThan(0);
  });

  it('lets the demo seller apply to sell to the demo buyer and the SLDC process it against the margin', async () => {
    const token = async (userName: string, password: string) => bearer((await login(ctx, { userName, password })).jwtToken);
    const seller = await token('oa.seller', 'Seller#Demo26');
    const sellers = (await ctx.app.inject({ method: 'GET', url: '/api/Application/GetAvailableRegistrations', headers: seller })).json()
      .data;
    const buyers = (await ctx.app.inject({ method: 'GET', url: '/api/Application/GetBuyers', headers: seller })).json().data;
    const sellerId = sellers.find((r: { entityName: string }) => r.entityName === 'Kutch Wind Power Ltd').id;
    const buyerId = buyers.find((r: { entityName: string }) => r.entityName === 'Shreeji Ceramics Ltd').id;
    const range =
      permittedRange('FCFS', new Date(), DEFAULT_WINDOW_SETTINGS) ?? permittedRange('DayAhead', new Date(), DEFAULT_WINDOW_SETTINGS)!;
    const type = permittedRange('FCFS', new Date(), DEFAULT_WINDOW_SETTINGS) ? 'FCFS' : 'DayAhead';
    const date = range.fromDate;
    const submitted = await ctx.app.inject({
      method: 'POST',
      url: `/api/Application/Submit/${type}`,
      headers: seller,
      payload: {
        sellerId,
        buyerId,
        scheduleList: [
          {
            oaFromDate: date,
            oaToDate: date,
            fromTimeBlock: range.earliestStart > '10:00' ? range.earliestStart : '10:00',
            toTimeBlock: '24:00',
            oaRequirement: '12',
          },
        ],
      },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const app = submitted.json().data;
    const sldc = await token('sldc.user', 'Sldc#Demo2026');
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: `/api/Application/Approve/${type}/${app.id}`,
      headers: sldc,
      payload: { version: app.version },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const run = await ctx.app.inject({ method: 'POST', url: `/api/Application/ProcessApplications/${type}/${date}`, headers: sldc });
    expect(run.statusCode, run.body).toBe(200);
    // 12 MW fits the margin everywhere (Morbi has 30 MW in the working day): granted in full.
    expect(run.json().data.applicationList).toMatchObject([
      { applicationId: app.id, outcome: 'Approved', status: { status: 'STOAApproved' } },
    ]);
  });
});
