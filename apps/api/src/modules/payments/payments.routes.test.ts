import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Role } from '@stoa/shared/account';
import { ROLES } from '@stoa/shared/account';

import { bearer, buildTestApp, createUser, login, type TestContext } from '../../../test/build-test-app';
import { auditLog } from '../audit/audit.tables';

let ctx: TestContext;
const tokens = new Map<Role, string>();
let oa: { id: string; token: string; user: Awaited<ReturnType<typeof createUser>> };
let otherOa: { id: string; token: string };
beforeAll(async () => {
  ctx = await buildTestApp();
  // A fixed "today": Monday 2026-11-16 IST.
  ctx.clock.set(new Date('2026-11-16T06:00:00Z'));
  for (const role of ROLES) tokens.set(role, (await login(ctx, await createUser(ctx, role))).jwtToken);
  const a = await createUser(ctx, 'OABusinessUser');
  oa = { id: a.id, token: (await login(ctx, a)).jwtToken, user: a };
  const b = await createUser(ctx, 'OABusinessUser');
  otherOa = { id: b.id, token: (await login(ctx, b)).jwtToken };
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload: payload as object } : {}) });
const fieldErrors = (res: { json(): { errorResponse?: { fieldName: string; errorMessages: string[] }[] } }) =>
  Object.fromEntries((res.json().errorResponse ?? []).map((e) => [e.fieldName, e.errorMessages]));
const auditRows = (entity: string, entityId: string) =>
  ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)));

const ID = '00000000-0000-4000-8000-000000000001';
const PAGE = '?pageNumber=1&pageSize=10';

describe('TDS configuration: who may call what', () => {
  const cases: [string, 'GET' | 'POST' | 'PATCH', string, Role[], unknown?][] = [
    ['GetAll', 'GET', `/api/Configuration/Tds/GetAll${PAGE}`, ['OABusinessUser']],
    [
      'InterestPercentage/GetAll',
      'GET',
      `/api/Configuration/Tds/InterestPercentage/GetAll${PAGE}`,
      ['Admin', 'SLDCBusinessUser', 'SLDCApproverI', 'SLDCApproverII', 'OABusinessUser', 'Trader'],
    ],
    ['GetConfiguredCharges', 'GET', '/api/Configuration/Tds/GetConfiguredCharges', ['OABusinessUser', 'Trader']],
    ['IsTDSConfigured', 'GET', '/api/Configuration/Tds/IsTDSConfigured', ['OABusinessUser', 'Trader']],
    ['Add', 'POST', '/api/Configuration/Tds/Add', ['OABusinessUser'], {}],
    ['Update', 'PATCH', `/api/Configuration/Tds/Update/${ID}`, ['OABusinessUser'], {}],
    ['InterestPercentage/Add', 'POST', '/api/Configuration/Tds/InterestPercentage/Add', ['Admin'], {}],
    ['InterestPercentage/Update', 'PATCH', `/api/Configuration/Tds/InterestPercentage/Update/${ID}`, ['Admin'], {}],
  ];
  it.each(cases)('%s', async (_name, method, url, allowed, body) => {
    for (const role of ROLES) {
      const res = await call(method, url, tokens.get(role)!, body);
      // Allowed roles pass the role check (a read answers 200; an empty body answers 400 validation).
      if (allowed.includes(role)) expect([200, 400], `${role} ${res.body}`).toContain(res.statusCode);
      else expect(res.statusCode, role).toBe(403);
    }
    const anonymous = await ctx.app.inject({ method, url, ...(body !== undefined ? { payload: body as object } : {}) });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('TDS declarations of the OA applicant', () => {
  it('rejects a declaration with every field error in the envelope', async () => {
    const res = await call('POST', '/api/Configuration/Tds/Add', oa.token, { head: 'NOPE', section: '194X', effectiveFrom: '2026-02-30' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(Object.keys(fieldErrors(res)).sort()).toEqual(['effectiveFrom', 'head', 'section']);
    const empty = await call('POST', '/api/Configuration/Tds/Add', oa.token, {});
    expect(fieldErrors(empty)).toEqual({
      head: ['Charge Head is required'],
      section: ['TDS Section is required'],
      effectiveFrom: ['Effective From is required'],
    });
    const past = await call('POST', '/api/Configuration/Tds/Add', oa.token, {
      head: 'APPLICATION_FEE',
      section: '194C_OTHER',
      effectiveFrom: '2026-11-15',
    });
    expect(past.statusCode).toBe(400);
    expect(fieldErrors(past)).toEqual({ effectiveFrom: ['The effective date cannot be in the past.'] });
  });

  it('declares TDS from a date, with the section rate in basis points, and writes an audit row', async () => {
    const res = await call('POST', '/api/Configuration/Tds/Add', oa.token, {
      head: 'SLDC_OPERATING_CHARGE',
      section: '194C_OTHER',
      effectiveFrom: '2026-11-16',
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().data;
    expect(row).toMatchObject({
      head: 'SLDC_OPERATING_CHARGE',
      section: '194C_OTHER',
      rateBasisPoints: 200,
      ratePercent: '2.00',
      state: 'CURRENT',
    });
    const audit = await auditRows('TdsConfiguration', row.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'TDS_CONFIG_ADDED', actorId: oa.id, actorRole: 'OABusinessUser' });

    const again = await call('POST', '/api/Configuration/Tds/Add', oa.token, {
      head: 'SLDC_OPERATING_CHARGE',
      section: '194J_B',
      effectiveFrom: '2026-11-16',
    });
    expect(again.statusCode).toBe(409);
    expect(fieldErrors(again)).toEqual({ effectiveFrom: ['You already have a TDS declaration on this charge head from that date.'] });

    // Another applicant may declare the same head on the same date: declarations are per user.
    const other = await call('POST', '/api/Configuration/Tds/Add', otherOa.token, {
      head: 'SLDC_OPERATING_CHARGE',
      section: '194C_INDIVIDUAL',
      effectiveFrom: '2026-11-16',
    });
    expect(other.statusCode).toBe(200);
    expect(other.json().data.rateBasisPoints).toBe(100);
  });

  it('lists only the caller’s declarations with their effective state, and answers IsTDSConfigured and GetConfiguredCharges', async () => {
    const future = await call('POST', '/api/Configuration/Tds/Add', oa.token, {
      head: 'SLDC_OPERATING_CHARGE',
      section: '194J_B',
      effectiveFrom: '2026-12-01',
    });
    expect(future.statusCode).toBe(200);
    expect(future.json().data.state).toBe('FUTURE');

    const list = (await call('GET', `/api/Configuration/Tds/GetAll${PAGE}`, oa.token)).json().data;
    expect(list.dataCount).toBe(2);
    expect(list.tdsList.map((t: { section: string; state: string }) => `${t.section}:${t.state}`)).toEqual([
      '194J_B:FUTURE',
      '194C_OTHER:CURRENT',
    ]);
    const paged = (await call('GET', '/api/Configuration/Tds/GetAll?pageNumber=2&pageSize=10', oa.token)).json().data;
    expect(paged).toEqual({ tdsList: [], dataCount: 2 });

    expect((await call('GET', '/api/Configuration/Tds/IsTDSConfigured', oa.token)).json().data).toBe(true);
    expect((await call('GET', '/api/Configuration/Tds/IsTDSConfigured', tokens.get('OABusinessUser')!)).json().data).toBe(false);
    expect((await call('GET', '/api/Configuration/Tds/IsTDSConfigured', tokens.get('Trader')!)).json().data).toBe(false);

    const charges = (await call('GET', '/api/Configuration/Tds/GetConfiguredCharges', oa.token)).json().data.chargeList;
    expect(charges.find((c: { head: string }) => c.head === 'SLDC_OPERATING_CHARGE')).toMatchObject({
      configured: true,
      section: '194C_OTHER',
      rateBasisPoints: 200,
      effectiveFrom: '2026-11-16',
      upcomingFrom: '2026-12-01',
    });
    expect(charges.find((c: { head: string }) => c.head === 'APPLICATION_FEE')).toMatchObject({ configured: false, section: null });

    // When the future declaration takes effect, it is the current one and the earlier one is history.
    ctx.clock.set(new Date('2026-12-01T06:00:00Z'));
    try {
      // (A fresh sign-in: the morning's access token has expired two weeks later.)
      const token = (await login(ctx, oa.user)).jwtToken;
      const later = (await call('GET', `/api/Configuration/Tds/GetAll${PAGE}`, token)).json().data;
      expect(later.tdsList.map((t: { state: string }) => t.state)).toEqual(['CURRENT', 'PAST']);
    } finally {
      ctx.clock.set(new Date('2026-11-16T06:00:00Z'));
    }
  });

  it('changes only the caller’s own future declarations, and audits the change', async () => {
    const add = await call('POST', '/api/Configuration/Tds/Add', oa.token, {
      head: 'STU_TRANSMISSION_CHARGE',
      section: '194J_A',
      effectiveFrom: '2026-12-10',
    });
    const id = add.json().data.id;
    const body = { head: 'STU_TRANSMISSION_CHARGE', section: '194J_B', effectiveFrom: '2026-12-11', remarks: 'Professional services' };

    const foreign = await call('PATCH', `/api/Configuration/Tds/Update/${id}`, otherOa.token, body);
    expect(foreign.statusCode).toBe(404);

    const headChange = await call('PATCH', `/api/Configuration/Tds/Update/${id}`, oa.token, { ...body, head: 'APPLICATION_FEE' });
    expect(headChange.statusCode).toBe(400);
    expect(Object.keys(fieldErrors(headChange))).toEqual(['head']);

    const invalid = await call('PATCH', `/api/Configuration/Tds/Update/${id}`, oa.token, { head: '', section: '', effectiveFrom: '' });
    expect(Object.keys(fieldErrors(invalid)).sort()).toEqual(['effectiveFrom', 'head', 'section']);

    const ok = await call('PATCH', `/api/Configuration/Tds/Update/${id}`, oa.token, body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      section: '194J_B',
      rateBasisPoints: 1000,
      effectiveFrom: '2026-12-11',
      remarks: 'Professional services',
    });
    const audit = await auditRows('TdsConfiguration', id);
    expect(audit.map((a) => a.action).sort()).toEqual(['TDS_CONFIG_ADDED', 'TDS_CONFIG_UPDATED']);
    expect((audit.find((a) => a.action === 'TDS_CONFIG_UPDATED')!.before as { section: string }).section).toBe('194J_A');

    // A declaration in force is history: it cannot change.
    const current = (await call('GET', `/api/Configuration/Tds/GetAll${PAGE}`, oa.token))
      .json()
      .data.tdsList.find((t: { state: string }) => t.state === 'CURRENT');
    const locked = await call('PATCH', `/api/Configuration/Tds/Update/${current.id}`, oa.token, {
      head: current.head,
      section: '194J_B',
      effectiveFrom: '2026-12-20',
    });
    expect(locked.statusCode).toBe(422);
    expect(locked.json().code).toBe('BUSINESS_RULE');
  });
});

describe('TDS interest percentages (Admin)', () => {
  const admin = () => tokens.get('Admin')!;

  it('rejects bad input with every field error', async () => {
    const res = await call('POST', '/api/Configuration/Tds/InterestPercentage/Add', admin(), { ratePercent: '1.234', effectiveFrom: 'x' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(fieldErrors(res)).sort()).toEqual(['effectiveFrom', 'ratePercent']);
    for (const ratePercent of ['0', '-1', '101', 'abc']) {
      const bad = await call('POST', '/api/Configuration/Tds/InterestPercentage/Add', admin(), {
        ratePercent,
        effectiveFrom: '2026-12-01',
      });
      expect(fieldErrors(bad), ratePercent).toEqual({
        ratePercent: ['Interest per Month (%) must be a number from 0.01 to 100 with at most 2 decimals'],
      });
    }
    const empty = await call('POST', '/api/Configuration/Tds/InterestPercentage/Add', admin(), {});
    expect(fieldErrors(empty)).toEqual({
      ratePercent: ['Interest per Month (%) is required'],
      effectiveFrom: ['Effective From is required'],
    });
  });

  it('adds effective-dated percentages in basis points, audited, readable by SLDC and the OA', async () => {
    const now = await call('POST', '/api/Configuration/Tds/InterestPercentage/Add', admin(), {
      ratePercent: '1.5',
      effectiveFrom: '2026-11-16',
    });
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json().data).toMatchObject({ rateBasisPoints: 150, ratePercent: '1.50', state: 'CURRENT' });
    const dup = await call('POST', '/api/Configuration/Tds/InterestPercentage/Add', admin(), {
      ratePercent: '1',
      effectiveFrom: '2026-11-16',
    });
    expect(dup.statusCode).toBe(409);
    const next = await call('POST', '/api/Configuration/Tds/InterestPercentage/Add', admin(), {
      ratePercent: '1',
      effectiveFrom: '2027-04-01',
    });
    expect(next.json().data.state).toBe('FUTURE');
    expect((await auditRows('TdsInterestRate', now.json().data.id))[0]).toMatchObject({ action: 'TDS_INTEREST_ADDED' });

    for (const role of ['SLDCBusinessUser', 'OABusinessUser'] as const) {
      const list = (await call('GET', `/api/Configuration/Tds/InterestPercentage/GetAll${PAGE}`, tokens.get(role)!)).json().data;
      expect(list.interestList.map((r: { ratePercent: string; state: string }) => `${r.ratePercent}:${r.state}`)).toEqual([
        '1.00:FUTURE',
        '1.50:CURRENT',
      ]);
    }

    const upd = await call('PATCH', `/api/Configuration/Tds/InterestPercentage/Update/${next.json().data.id}`, admin(), {
      ratePercent: '1.25',
      effectiveFrom: '2027-04-01',
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().data.rateBasisPoints).toBe(125);
    expect((await auditRows('TdsInterestRate', next.json().data.id)).map((a) => a.action).sort()).toEqual([
      'TDS_INTEREST_ADDED',
      'TDS_INTEREST_UPDATED',
    ]);
    const locked = await call('PATCH', `/api/Configuration/Tds/InterestPercentage/Update/${now.json().data.id}`, admin(), {
      ratePercent: '2',
      effectiveFrom: '2026-12-01',
    });
    expect(locked.statusCode).toBe(422);
    const missing = await call('PATCH', `/api/Configuration/Tds/InterestPercentage/Update/${ID}`, admin(), {
      ratePercent: '2',
      effectiveFrom: '2026-12-01',
    });
    expect(missing.statusCode).toBe(404);
  });
});
