import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, buildTestApp, createUser, createUtility, login, md5, type TestContext } from '../../../test/build-test-app';

let ctx: TestContext;
let admin: { jwtToken: string; userId: string };
beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await login(ctx, await createUser(ctx, 'Admin'));
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, token = admin.jwtToken) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload: payload as object } : {}) });

const fieldsOf = (res: { json(): { errorResponse: { fieldName: string; errorMessages: string[] }[] } }) =>
  Object.fromEntries(res.json().errorResponse.map((e) => [e.fieldName, e.errorMessages]));

describe('Admin user management', () => {
  it('creates a DISCOM user with utility and derived zone, and mails a verification code', async () => {
    const discom = await createUtility(ctx, 'DISCOM', 'East Zone');
    const res = await call('POST', '/api/Admin/AddUser', {
      role: 'DISCOMBusinessUser',
      registeredAddress: 'DISCOM House',
      firstName: 'Dina',
      lastName: 'Rao',
      email: 'dina@discom.in',
      userName: 'dina.rao',
      contactNumber: '9876501234',
      connectedTo: discom.id,
      zone: 'ignored',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      role: 'DISCOMBusinessUser',
      connectedTo: discom.id,
      connectedToName: discom.name,
      zone: 'East Zone',
      panCardNumber: null,
      isEnabled: true,
    });
    await ctx.app.services.outbox.drain();
    const code = ctx.mail.codeFor('dina@discom.in');
    const set = await ctx.app.inject({
      method: 'POST',
      url: '/api/Account/ChangeTemporaryPassword',
      payload: { emailAddress: 'dina@discom.in', oldPassword: md5(code), newPassword: md5('Dina#Discom77') },
    });
    expect(set.statusCode).toBe(200);
    expect((await login(ctx, { userName: 'dina.rao', password: 'Dina#Discom77' })).role).toBe('DISCOMBusinessUser');
  });

  it("returns every '<Label> is required' message for the role", async () => {
    const res = await call('POST', '/api/Admin/AddUser', { role: 'OABusinessUser' });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual({
      registeredAddress: ['Registered Address is required'],
      firstName: ['First Name is required'],
      lastName: ['Last Name is required'],
      email: ['Email ID is required'],
      userName: ['Contact Person User Name is required'],
      contactNumber: ['Contact Number is required'],
      entityType: ['Type of Entity is required'],
      entityName: ['Name of Entity is required'],
      dateOfIncorporation: ['Date of Incorporation is required'],
      panCardNumber: ['PAN Card Number is required'],
    });
    const transco = await call('POST', '/api/Admin/AddUser', { role: 'TRANSCOBusinessUser' });
    expect(fieldsOf(transco).zone).toEqual(['Zone is required']);
    expect(fieldsOf(transco).panCardNumber).toEqual(['PAN Card Number is required']);
    const discom = await call('POST', '/api/Admin/AddUser', { role: 'DISCOMBusinessUser' });
    expect(fieldsOf(discom).panCardNumber).toBeUndefined();
    expect(fieldsOf(await call('POST', '/api/Admin/AddUser', {})).role).toEqual(['Role is required']);
  });

  it('refuses a utility of the wrong type, and duplicates as field errors', async () => {
    const transco = await createUtility(ctx, 'TRANSCO');
    const wrong = await call('POST', '/api/Admin/AddUser', {
      role: 'DISCOMBusinessUser',
      registeredAddress: 'x',
      firstName: 'a',
      lastName: 'b',
      email: 'wrongtype@x.in',
      userName: 'wrongtype',
      contactNumber: '9876501234',
      connectedTo: transco.id,
      zone: 'z',
    });
    expect(wrong.statusCode).toBe(400);
    expect(fieldsOf(wrong).connectedTo).toEqual(['Choose a DISCOM utility']);
    const existing = await createUser(ctx, 'Trader');
    const dup = await call('POST', '/api/Admin/AddUser', {
      role: 'SLDCBusinessUser',
      registeredAddress: 'x',
      firstName: 'a',
      lastName: 'b',
      email: existing.email.toUpperCase(),
      userName: existing.userName,
      contactNumber: '9876501234',
      panCardNumber: 'ABCDE1234F',
    });
    expect(dup.statusCode).toBe(409);
    expect(Object.keys(fieldsOf(dup)).sort()).toEqual(['email', 'userName']);
  });

  it('fixes a trader to entity type Trader', async () => {
    const res = await call('POST', '/api/Admin/AddUser', {
      role: 'Trader',
      registeredAddress: 'x',
      firstName: 'T',
      lastName: 'R',
      email: 'newtrader@x.in',
      userName: 'newtrader',
      contactNumber: '9876501234',
      entityType: 'DraweeEntity',
      entityName: 'Traders Ltd',
      dateOfIncorporation: '2001-02-03',
      panCardNumber: 'TRADE1234R',
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res).entityType).toEqual(['Entity type of a trader must be Trader']);
  });

  it('edits a user but never the fields that cannot change', async () => {
    const u = await createUser(ctx, 'OABusinessUser');
    const current = (await call('GET', `/api/Admin/User/${u.id}`)).json().data;
    const res = await call('PATCH', `/api/Admin/User/${u.id}`, {
      ...current,
      firstName: 'Edited',
      userName: 'hijacked',
      email: 'hijacked@x.in',
      role: 'Admin',
      entityName: 'Other',
      acceptTerms: true,
      isEnabled: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      firstName: 'Edited',
      userName: u.userName,
      email: u.email,
      role: 'OABusinessUser',
      entityName: current.entityName,
    });
    const mismatch = await call('PATCH', `/api/Admin/User/${u.id}`, { ...current, id: '00000000-0000-4000-8000-000000000000' });
    expect(mismatch.statusCode).toBe(400);
    expect((await call('GET', '/api/Admin/User/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await call('GET', '/api/Admin/User/not-a-uuid')).statusCode).toBe(400);
  });

  it('lists users filtered and paged in SQL', async () => {
    for (let i = 0; i < 12; i++) await createUser(ctx, 'Trader', { firstName: `Zubin${String(i).padStart(2, '0')}` });
    const page1 = (await call('GET', '/api/Admin/GetUsers?firstName=zubin&pageNumber=1&pageSize=10')).json().data;
    expect(page1.dataCount).toBe(12);
    expect(page1.userList).toHaveLength(10);
    expect(page1.userList[0].firstName).toBe('Zubin00');
    const page2 = (await call('GET', '/api/Admin/GetUsers?firstName=zubin&pageNumber=2&pageSize=10')).json().data;
    expect(page2.userList.map((u: { firstName: string }) => u.firstName)).toEqual(['Zubin10', 'Zubin11']);
    const none = (await call('GET', '/api/Admin/GetUsers?email=%25&pageNumber=1&pageSize=10')).json().data;
    expect(none.dataCount).toBe(0);
    expect((await call('GET', '/api/Admin/GetUsers?pageSize=7')).statusCode).toBe(400);
  });

  it('disabling a user refuses their next call at once; enabling lets them log in again', async () => {
    const u = await createUser(ctx, 'SLDCBusinessUser');
    const t = await login(ctx, u);
    const off = await call('POST', `/api/Admin/EnableDisableUser/${u.id}`);
    expect(off.json().data).toMatchObject({ isEnabled: false });
    expect((await call('GET', '/api/Account/GetProfile', undefined, t.jwtToken)).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/Account/refresh-token', headers: { refreshtoken: t.refreshToken } })).statusCode,
    ).toBe(401);
    await expect(login(ctx, u)).rejects.toThrow(/401/);
    expect((await call('POST', `/api/Admin/EnableDisableUser/${u.id}`)).json().data.isEnabled).toBe(true);
    await login(ctx, u);
    expect((await call('POST', `/api/Admin/EnableDisableUser/${admin.userId}`)).statusCode).toBe(422);
  });

  it('marks and clears a defaulter', async () => {
    const u = await createUser(ctx, 'OABusinessUser');
    expect((await call('POST', `/api/Admin/EnableDisableUserDefaulter/${u.id}`)).json().data.isDefaulter).toBe(true);
    expect((await call('GET', `/api/Admin/User/${u.id}`)).json().data.isDefaulter).toBe(true);
    expect((await call('POST', `/api/Admin/EnableDisableUserDefaulter/${u.id}`)).json().data.isDefaulter).toBe(false);
  });

  it('resets a password: the old one stops working and a code is mailed', async () => {
    const u = await createUser(ctx, 'Trader');
    const t = await login(ctx, u);
    const res = await call('POST', `/api/Admin/ResetPassword/${u.id}`);
    expect(res.json()).toEqual({ isSuccessful: true, data: true });
    expect(res.body).not.toMatch(/code/i);
    await expect(login(ctx, u)).rejects.toThrow(/401/);
    expect((await call('GET', '/api/Account/GetProfile', undefined, t.jwtToken)).statusCode).toBe(401);
    await ctx.app.services.outbox.drain();
    const code = ctx.mail.codeFor(u.email);
    expect(ctx.mail.sent.at(-1)!.text).toContain('administrator has reset');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/Account/ChangeTemporaryPassword',
      payload: { emailAddress: u.email, oldPassword: md5(code), newPassword: md5('After#Reset55') },
    });
    await login(ctx, { userName: u.userName, password: 'After#Reset55' });
  });

  it('refuses to reset the password of the Admin who asks (issue 11): the password still works', async () => {
    const res = await call('POST', `/api/Admin/ResetPassword/${admin.userId}`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'BUSINESS_RULE',
      message: 'You cannot reset your own password here. Use Change Password instead.',
    });
    expect((await call('GET', '/api/Account/GetProfile')).statusCode).toBe(200);
  });

  it('lists TRANSCO and DISCOM utilities with zones', async () => {
    await createUtility(ctx, 'TRANSCO', 'West Zone');
    const u = await createUser(ctx, 'OABusinessUser');
    const t = await login(ctx, u);
    const list = (await call('GET', '/api/Configuration/TranscoDiscom/GetAll', undefined, t.jwtToken)).json().data.transcoDiscomList;
    expect(list.some((x: { type: string; zone: string }) => x.type === 'TRANSCO' && x.zone === 'West Zone')).toBe(true);
  });
});

describe('notifications to the user', () => {
  it('tells the user when the Admin marks or clears the defaulter flag and edits the account', async () => {
    const u = await createUser(ctx, 'OABusinessUser');
    const t = await login(ctx, u);
    await call('POST', `/api/Admin/EnableDisableUserDefaulter/${u.id}`);
    await call('POST', `/api/Admin/EnableDisableUserDefaulter/${u.id}`);
    const current = (await call('GET', `/api/Admin/User/${u.id}`)).json().data;
    await call('PATCH', `/api/Admin/User/${u.id}`, { ...current, contactNumber: '9123456789' });
    const count = (await call('GET', '/api/Notification/NotificationCount', undefined, t.jwtToken)).json().data.count;
    expect(count).toBe(3);
    const list = (await call('GET', '/api/Notification/NotificationResult', undefined, t.jwtToken)).json().data;
    const messages = (Array.isArray(list) ? list : (list.notificationList ?? list.notifications)).map(
      (n: { message: string }) => n.message,
    );
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringContaining('marked your account as a defaulter'),
        expect.stringContaining('cleared the defaulter flag'),
        expect.stringContaining('updated the details'),
      ]),
    );
  });
});
