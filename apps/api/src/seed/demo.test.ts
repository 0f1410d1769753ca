import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { addDays, DEFAULT_WINDOW_SETTINGS, istDate, permittedRange, REGISTRATION_FORMS, validateForm } from '@stoa/shared';

import { bearer, buildTestApp, login, type TestContext } from '../../test/build-test-app';
import { atcMargins } from '../modules/atc/atc.tables';
import { registrationActions, registrations } from '../modules/registrations/registrations.tables';
import { DEMO_ELEMENTS, DEMO_MARGIN_DAYS, seedDemoData } from './demo';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
  expect(await seedDemoData(ctx.database.db)).toBe(true);
});
afterAll(() => ctx.close());

describe('demo data', () => {
  it('seeds once', async () => {
    expect(await seedDemoData(ctx.database.db)).toBe(false);
  });

  it('has an approved Trader registration of the demo trader, valid for a year, with valid form values (no documents)', async () => {
    const rows = await ctx.database.db.select().from(registrations).where(eq(registrations.entityType, 'Trader'));
    expect(rows).toHaveLength(1);
    const reg = rows[0]!;
    expect(reg).toMatchObject({ entityType: 'Trader', status: 'Approved', entityName: 'Volt Power Traders Pvt Ltd', issuingAuthority: 'CERC' });
    expect(reg.registrationNo).toMatch(/^REG\/TR\/\d{4}\/00001$/);
    expect(Number(reg.expiredOn!.slice(0, 4)) - Number(reg.validFrom!.slice(0, 4))).toBe(1);
    const errors = validateForm(REGISTRATION_FORMS.Trader, reg.data);
    expect(errors.map((e) => e.fieldName).filter((name) => !name.endsWith('FileId'))).toEqual([]);
    const actions = await ctx.database.db.select().from(registrationActions).where(eq(registrationActions.registrationId, reg.id));
    expect(actions).toMatchObject([{ action: 'Approve', toStatus: 'Approved', actorRole: 'SLDCApproverII' }]);
  });

  it('lets the demo OA applicant add the demo trader, who then sees nothing until the applicant is approved', async () => {
    const oa = bearer((await login(ctx, { userName: 'oa.applicant', password: 'Oa#Demo2026' })).jwtToken);
    const traders = (await ctx.app.inject({ method: 'GET', url: '/api/TraderManagement/GetAllRegisteredTraders', headers: oa })).json().data;
    expect(traders).toEqual([{ id: expect.any(String), description: 'Volt Power Traders Pvt Ltd' }]);
    const added = await ctx.app.inject({ method: 'POST', url: '/api/TraderManagement/TraderBasedOnUser/Add', headers: oa, payload: { traderId: traders[0].id, entityName: traders[0].description } });
    expect(added.json().data).toBe(true);
    const trader = bearer((await login(ctx, { userName: 'trader', password: 'Trader#Demo26' })).jwtToken);
    const applicants = (await ctx.app.inject({ method: 'GET', url: '/api/TraderManagement/EntityBasedOnTrader/GetAll', headers: trader })).json().data;
    expect(applicants).toEqual({ registrationList: [], dataCount: 0 });
  });

  it('has approved seller and buyer registrations with valid form values and a margin on their elements for the next days', async () => {
    const rows = await ctx.database.db.select().from(registrations);
    const seller = rows.find((r) => r.entityName === 'Kutch Wind Power Ltd')!;
    const buyer = rows.find((r) => r.entityName === 'Shreeji Ceramics Ltd')!;
    expect(seller).toMatchObject({ entityType: 'InjectingEntity', status: 'Approved' });
    expect(buyer).toMatchObject({ entityType: 'DraweeEntity', status: 'Approved' });
    expect(seller.registrationNo).toMatch(/^REG\/IE\/\d{4}\/\d{5}$/);
    for (const reg of [seller, buyer]) {
      const errors = validateForm(REGISTRATION_FORMS[reg.entityType as 'InjectingEntity' | 'DraweeEntity'], reg.data);
      expect(errors.map((e) => e.fieldName).filter((name) => !/fileid$/i.test(name))).toEqual([]);
    }
    const margins = await ctx.database.db.select().from(atcMargins);
    expect(margins).toHaveLength(DEMO_MARGIN_DAYS * 2);
    const today = istDate(new Date());
    expect(new Set(margins.map((m) => m.marginDate))).toEqual(new Set(Array.from({ length: DEMO_MARGIN_DAYS }, (_, k) => addDays(today, k))));
    expect(new Set(margins.map((m) => m.element))).toEqual(new Set(Object.values(DEMO_ELEMENTS)));
    const morbi = margins.find((m) => m.element === DEMO_ELEMENTS.drawal)!;
    expect(Math.min(...morbi.blocks)).toBeGreaterThan(0);
  });

  it('lets the demo seller apply to sell to the demo buyer and the SLDC process it against the margin', async () => {
    const token = async (userName: string, password: string) => bearer((await login(ctx, { userName, password })).jwtToken);
    const seller = await token('oa.seller', 'Seller#Demo26');
    const sellers = (await ctx.app.inject({ method: 'GET', url: '/api/Application/GetAvailableRegistrations', headers: seller })).json().data;
    const buyers = (await ctx.app.inject({ method: 'GET', url: '/api/Application/GetBuyers', headers: seller })).json().data;
    const sellerId = sellers.find((r: { entityName: string }) => r.entityName === 'Kutch Wind Power Ltd').id;
    const buyerId = buyers.find((r: { entityName: string }) => r.entityName === 'Shreeji Ceramics Ltd').id;
    const range = permittedRange('FCFS', new Date(), DEFAULT_WINDOW_SETTINGS) ?? permittedRange('DayAhead', new Date(), DEFAULT_WINDOW_SETTINGS)!;
    const type = permittedRange('FCFS', new Date(), DEFAULT_WINDOW_SETTINGS) ? 'FCFS' : 'DayAhead';
    const date = range.fromDate;
    const submitted = await ctx.app.inject({
      method: 'POST',
      url: `/api/Application/Submit/${type}`,
      headers: seller,
      payload: { sellerId, buyerId, scheduleList: [{ oaFromDate: date, oaToDate: date, fromTimeBlock: range.earliestStart > '10:00' ? range.earliestStart : '10:00', toTimeBlock: '24:00', oaRequirement: '12' }] },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const app = submitted.json().data;
    const sldc = await token('sldc.user', 'Sldc#Demo2026');
    const accepted = await ctx.app.inject({ method: 'POST', url: `/api/Application/Approve/${type}/${app.id}`, headers: sldc, payload: { version: app.version } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const run = await ctx.app.inject({ method: 'POST', url: `/api/Application/ProcessApplications/${type}/${date}`, headers: sldc });
    expect(run.statusCode, run.body).toBe(200);
    // 12 MW fits the margin everywhere (Morbi has 30 MW in the working day): granted in full.
    expect(run.json().data.applicationList).toMatchObject([{ applicationId: app.id, outcome: 'Approved', status: { status: 'STOAApproved' } }]);
  });
});
