import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { REGISTRATION_FORMS, validateForm } from '@stoa/shared';

import { bearer, buildTestApp, login, type TestContext } from '../../test/build-test-app';
import { registrationActions, registrations } from '../modules/registrations/registrations.tables';
import { seedDemoData } from './demo';

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
    const rows = await ctx.database.db.select().from(registrations);
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
});
