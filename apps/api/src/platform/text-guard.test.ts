import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, buildTestApp, createUser, login, md5, type TestContext } from '../../test/build-test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const NUL = '\u0000';

const expectNamed = (res: { statusCode: number; body: string; json(): unknown }, fieldName: string) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({
    isSuccessful: false,
    code: 'VALIDATION_FAILED',
    errorResponse: [{ fieldName, errorMessages: ['Must not contain control characters.'] }],
  });
};

const preRegistration = (overrides: Record<string, unknown>) => ({
  isTrader: false,
  entityName: 'Entity NUL',
  entityType: 'DraweeEntity',
  registeredAddress: '12 Ring Road, Surat',
  dateOfIncorporation: '2015-06-30',
  panCardNumber: 'PQRSN0001K',
  firstName: 'Priya',
  lastName: 'Nair',
  email: 'priya.nul@example.com',
  userName: 'priya.nul',
  contactNumber: '9898989898',
  acceptContractDemandTerms: true,
  acceptDedicatedFeederTerms: true,
  acceptTerms: true,
  ...overrides,
});

describe('control characters in text fields (NUL answered 500 on PostgreSQL)', () => {
  it('refuses a NUL in the login user name with 400 naming the field', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/Account/authenticate',
      payload: { username: `admin${NUL}`, password: md5('x'), captchaId: '', captcha: '' },
    });
    expectNamed(res, 'username');
  });

  it('refuses a NUL in pre-registration and forgot password', async () => {
    expectNamed(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/Account/Preregister',
        payload: preRegistration({ entityName: `Entity${NUL}NUL` }),
      }),
      'entityName',
    );
    expectNamed(
      await ctx.app.inject({ method: 'POST', url: '/api/Account/ForgotPassword', payload: { emailAddress: `someone${NUL}@example.com` } }),
      'emailAddress',
    );
  });

  it('refuses a NUL in the profile and in a holiday description, and any other C0 control character', async () => {
    const user = await createUser(ctx, 'Admin');
    const token = (await login(ctx, user)).jwtToken;
    const profile = (await ctx.app.inject({ method: 'GET', url: '/api/Account/GetProfile', headers: bearer(token) })).json().data;
    const edit = (firstName: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/Account/EditProfile',
        headers: bearer(token),
        payload: {
          firstName,
          lastName: profile.lastName,
          userName: profile.userName,
          email: profile.email,
          contactNumber: profile.contactNumber,
          panCardNumber: profile.panCardNumber,
          registeredAddress: profile.registeredAddress,
        },
      });
    expectNamed(await edit(`Ad${NUL}min`), 'firstName');
    expectNamed(await edit('Ad\u001bmin'), 'firstName');
    const ok = await edit('Admin');
    expect(ok.statusCode, ok.body).toBe(200);

    const holiday = (description: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/Configuration/Holidays/Add',
        headers: bearer(token),
        payload: { date: '2099-01-26', description },
      });
    expectNamed(await holiday(`Republic Day${NUL}`), 'description');
    expectNamed(await holiday('Republic\u0007Day'), 'description');
  });

  it('names the query parameter, and still answers 401 to an anonymous caller first', async () => {
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/Configuration/Holidays/Add',
      payload: { date: '2099-01-26', description: `x${NUL}` },
    });
    expect(anonymous.statusCode).toBe(401);
    const user = await createUser(ctx, 'Admin');
    const token = (await login(ctx, user)).jwtToken;
    const res = await ctx.app.inject({ method: 'GET', url: '/api/Admin/GetUsers?userName=ad%00min', headers: bearer(token) });
    expectNamed(res, 'userName');
  });
});
