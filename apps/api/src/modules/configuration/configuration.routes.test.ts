import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { istDate } from '@stoa/shared/common';

import { bearer, buildTestApp, createUser, createUtility, login, type TestContext } from '../../../test/build-test-app';
import { inTransaction } from '../../platform/db/transaction';
import { users as usersTable } from '../users/users.tables';

let ctx: TestContext;
let admin: string;
let applicant: { id: string; token: string };
beforeAll(async () => {
  ctx = await buildTestApp();
  // A fixed "today" so effective dates and working days are deterministic: Monday 2026-11-16 IST.
  ctx.clock.set(new Date('2026-11-16T06:00:00Z'));
  admin = (await login(ctx, await createUser(ctx, 'Admin'))).jwtToken;
  const u = await createUser(ctx, 'OABusinessUser');
  applicant = { id: u.id, token: (await login(ctx, u)).jwtToken };
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, token = admin) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload: payload as object } : {}) });

describe('fees and charges (effective-dated)', () => {
  it('seeds the defaults of DOMAIN.md', async () => {
    const list = (await call('GET', '/api/Configuration/Charges/GetAll')).json().data.chargeList;
    const current = Object.fromEntries(
      list
        .filter((c: { state: string }) => c.state === 'CURRENT')
        .map((c: { head: string; amount: string; gstRatePercent: string }) => [c.head, [c.amount, c.gstRatePercent]]),
    );
    expect(current).toMatchObject({
      APPLICATION_FEE: ['5000', '18'],
      REGISTRATION_FEE: ['10000', '18'],
      STU_TRANSMISSION_CHARGE: ['0.08', '0'],
      SLDC_OPERATING_CHARGE: ['1000', '18'],
      LATE_PAYMENT_INTEREST: ['0.04', '0'],
    });
    const fees = (await call('GET', '/api/Configuration/Charges/GetAll?kind=FEE')).json().data.chargeList;
    expect(fees.every((c: { kind: string }) => c.kind === 'FEE')).toBe(true);
  });

  it('a future fee applies from its date and never rewrites what was charged before', async () => {
    const add = await call('POST', '/api/Configuration/Charges/Add', {
      head: 'APPLICATION_FEE',
      unit: 'INR',
      amount: '6000',
      gstRatePercent: '18',
      effectiveFrom: '2026-12-01',
    });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json().data).toMatchObject({ state: 'FUTURE', amount: '6000' });

    const before = await inTransaction(ctx.database.db, (tx) =>
      ctx.app.services.configuration.raiseDue(tx, {
        payerUserId: applicant.id,
        head: 'APPLICATION_FEE',
        on: '2026-11-16',
        quantity: '1',
        recordType: 'Application',
        recordId: 'A-1',
        description: 'Application fee',
      }),
    );
    expect(before).toMatchObject({ baseAmount: 500_000, gstAmount: 90_000, totalAmount: 590_000, rate: '5000' });
    // Payment due 3 working days later: Tue 17, Wed 18, Thu 19.
    expect(before.dueDate).toBe('2026-11-19');

    const after = await inTransaction(ctx.database.db, (tx) =>
      ctx.app.services.configuration.raiseDue(tx, {
        payerUserId: applicant.id,
        head: 'APPLICATION_FEE',
        on: '2026-12-02',
        quantity: '1',
        recordType: 'Application',
        recordId: 'A-2',
        description: 'Application fee',
      }),
    );
    expect(after.baseAmount).toBe(600_000);

    // The applicant sees both dues; the earlier one still shows the old amount.
    const dues = (await call('GET', '/api/Payment/GetDues?pageNumber=1&pageSize=10', undefined, applicant.token)).json().data;
    expect(dues.dataCount).toBe(2);
    expect(dues.dueList.map((d: { totalAmount: number }) => d.totalAmount).sort()).toEqual([590_000, 708_000]);

    // Once in force, the value is history: it cannot be edited or deleted.
    ctx.clock.set(new Date('2026-12-01T06:00:00Z'));
    try {
      const later = (await login(ctx, await createUser(ctx, 'Admin'))).jwtToken;
      const id = add.json().data.id;
      const edit = await call(
        'PATCH',
        `/api/Configuration/Charges/Update/${id}`,
        { head: 'APPLICATION_FEE', unit: 'INR', amount: '1', gstRatePercent: '18', effectiveFrom: '2026-12-05' },
        later,
      );
      expect(edit.statusCode).toBe(422);
      expect((await call('DELETE', `/api/Configuration/Charges/Delete/${id}`, undefined, later)).statusCode).toBe(422);
      const list = (await call('GET', '/api/Configuration/Charges/GetAll?head=APPLICATION_FEE', undefined, later)).json().data.chargeList;
      expect(list.map((c: { amount: string; state: string }) => `${c.amount}:${c.state}`)).toEqual(['6000:CURRENT', '5000:PAST']);
    } finally {
      ctx.clock.set(new Date('2026-11-16T06:00:00Z'));
    }
  });

  it('computes rate × quantity exactly for energy charges', async () => {
    const due = await inTransaction(ctx.database.db, (tx) =>
      ctx.app.services.configuration.raiseDue(tx, {
        payerUserId: applicant.id,
        head: 'STU_TRANSMISSION_CHARGE',
        on: '2026-11-16',
        quantity: '123456.25',
        recordType: 'Application',
        recordId: 'A-3',
        description: 'Transmission charge',
        dueDate: '2026-11-30',
      }),
    );
    expect(due).toMatchObject({ baseAmount: 987_650, gstAmount: 0, totalAmount: 987_650, unit: 'INR_PER_KWH' });
  });

  it('edits and deletes a value that has not taken effect', async () => {
    const add = (
      await call('POST', '/api/Configuration/Charges/Add', {
        head: 'RENEWAL_FEE',
        unit: 'INR',
        amount: '7000',
        gstRatePercent: '18',
        effectiveFrom: '2027-04-01',
      })
    ).json().data;
    const upd = await call('PATCH', `/api/Configuration/Charges/Update/${add.id}`, {
      head: 'RENEWAL_FEE',
      unit: 'INR',
      amount: '7500.50',
      gstRatePercent: '18',
      effectiveFrom: '2027-04-01',
      remarks: 'FY 27-28',
    });
    expect(upd.json().data).toMatchObject({ amount: '7500.5', remarks: 'FY 27-28' });
    const del = await call('DELETE', `/api/Configuration/Charges/Delete/${add.id}`);
    expect(del.json()).toEqual({ isSuccessful: true, data: true });
  });

  it('validates every field at once and refuses a past date and a duplicate date', async () => {
    const bad = await call('POST', '/api/Configuration/Charges/Add', {
      head: 'APPLICATION_FEE',
      unit: 'INR_PER_KWH',
      amount: '-5',
      gstRatePercent: '101',
      effectiveFrom: '2026-02-30',
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad
      .json()
      .errorResponse.map((e: { fieldName: string }) => e.fieldName)
      .sort();
    expect(fields).toEqual(['amount', 'effectiveFrom', 'gstRatePercent', 'unit']);
    const wrongUnit = await call('POST', '/api/Configuration/Charges/Add', {
      head: 'APPLICATION_FEE',
      unit: 'INR_PER_KWH',
      amount: '5',
      gstRatePercent: '18',
      effectiveFrom: '2027-01-01',
    });
    expect(wrongUnit.json().errorResponse[0]).toMatchObject({ fieldName: 'unit' });
    const past = await call('POST', '/api/Configuration/Charges/Add', {
      head: 'APPLICATION_FEE',
      unit: 'INR',
      amount: '5',
      gstRatePercent: '18',
      effectiveFrom: '2026-01-01',
    });
    expect(past.json().errorResponse[0]).toMatchObject({ fieldName: 'effectiveFrom' });
    const dup = await call('POST', '/api/Configuration/Charges/Add', {
      head: 'APPLICATION_FEE',
      unit: 'INR',
      amount: '5',
      gstRatePercent: '18',
      effectiveFrom: '2026-12-01',
    });
    expect(dup.statusCode).toBe(409);
  });
});

describe('holidays and working days', () => {
  it('counts Sundays, holidays and 2nd/4th Saturdays as non-working', async () => {
    expect((await call('POST', '/api/Configuration/Holidays/Add', { date: '2026-11-24', description: 'State holiday' })).statusCode).toBe(
      200,
    );
    const svc = ctx.app.services.configuration;
    // Fri 2026-11-20 + 3 working days: Sat 21 (3rd Saturday, working), Mon 23, (Tue 24 holiday), Wed 25.
    expect(await svc.addWorkingDays(ctx.database.db, '2026-11-20', 3)).toBe('2026-11-25');
    // Sat 2026-11-28 is the 4th Saturday.
    expect(await svc.isWorkingDay(ctx.database.db, '2026-11-28')).toBe(false);
    const list = (await call('GET', '/api/Configuration/Holidays/GetAll?year=2026')).json().data.holidayList;
    expect(list).toEqual([expect.objectContaining({ date: '2026-11-24', description: 'State holiday' })]);
    expect((await call('POST', '/api/Configuration/Holidays/Add', { date: '2026-11-24', description: 'Again' })).statusCode).toBe(409);
  });
});

describe('operating rules, bank details and utilities', () => {
  it('keeps rule values effective-dated and validated', async () => {
    const rules = (await call('GET', '/api/Configuration/Settings/GetAll')).json().data.settingList;
    expect(rules.find((r: { key: string }) => r.key === 'dayAheadCutoffTime')).toMatchObject({ value: '15:00', state: 'CURRENT' });
    expect(
      (await call('POST', '/api/Configuration/Settings/Add', { key: 'dayAheadCutoffTime', value: '25:00', effectiveFrom: '2027-01-01' }))
        .statusCode,
    ).toBe(400);
    const ok = await call('POST', '/api/Configuration/Settings/Add', {
      key: 'dayAheadCutoffTime',
      value: '13:00',
      effectiveFrom: '2027-01-01',
    });
    expect(ok.json().data).toMatchObject({ state: 'FUTURE', value: '13:00' });
    expect(await ctx.app.services.configuration.settingOn(ctx.database.db, 'dayAheadCutoffTime', '2027-01-02')).toBe('13:00');
    expect(await ctx.app.services.configuration.settingOn(ctx.database.db, 'dayAheadCutoffTime', '2026-12-31')).toBe('15:00');
  });

  it('adds SLDC bank details with IFSC validation', async () => {
    const bad = await call('POST', '/api/Configuration/BankDetails/Add', {
      bankName: '',
      accountName: 'SLDC',
      accountNumber: '12',
      ifsc: 'SBIN1234567',
      branch: 'Gandhinagar',
      effectiveFrom: istDate(ctx.clock.now()),
    });
    expect(
      bad
        .json()
        .errorResponse.map((e: { fieldName: string }) => e.fieldName)
        .sort(),
    ).toEqual(['accountNumber', 'bankName', 'ifsc']);
    const ok = await call('POST', '/api/Configuration/BankDetails/Add', {
      bankName: 'State Bank of India',
      accountName: 'SLDC STOA Collections',
      accountNumber: '123456789012',
      ifsc: 'SBIN0001234',
      branch: 'Gandhinagar',
      effectiveFrom: istDate(ctx.clock.now()),
    });
    expect(ok.json().data.state).toBe('CURRENT');
    const list = (await call('GET', '/api/Configuration/BankDetails/GetAll', undefined, applicant.token)).json().data.bankDetailList;
    expect(list[0]).toMatchObject({ ifsc: 'SBIN0001234' });
  });

  it('adds and renames a utility; a zone change follows to its users', async () => {
    const util = await createUtility(ctx, 'DISCOM', 'Old Zone');
    const u = await createUser(ctx, 'DISCOMBusinessUser', { utilityId: util.id, zone: 'Old Zone' });
    const res = await call('PATCH', `/api/Configuration/TranscoDiscom/Update/${util.id}`, {
      name: 'Renamed DISCOM',
      type: 'DISCOM',
      zone: 'New Zone',
    });
    expect(res.json().data).toMatchObject({ name: 'Renamed DISCOM', zone: 'New Zone' });
    const { eq } = await import('drizzle-orm');
    const [row] = await ctx.database.db.select().from(usersTable).where(eq(usersTable.id, u.id));
    expect(row!.zone).toBe('New Zone');
    const added = await call('POST', '/api/Configuration/TranscoDiscom/Add', { name: 'New TRANSCO', type: 'TRANSCO', zone: 'West' });
    expect(added.json().data).toMatchObject({ type: 'TRANSCO', zone: 'West' });
  });
});
