import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ALL_ENDPOINTS, type Endpoint, ROLES } from '@stoa/shared';

import { buildTestApp, createUser, md5, type TestContext } from './build-test-app';
import { allowedRoles, inject, type Prepare, signedIn } from './auth-matrix';

/** A valid request per endpoint id. Every endpoint must have one. */
const PREPARE: Record<string, Prepare> = {
  'Account.GetCaptcha': () => ({ query: { mode: 'image' } }),
  'Account.authenticate': (_c, u) => ({ body: { username: u.userName, password: md5(u.password), captchaId: '', captcha: '' } }),
  'Account.refresh-token': (_c, u) => ({ headers: { refreshtoken: u.refreshToken } }),
  'Account.Logout': (_c, u) => ({ headers: { refreshtoken: u.refreshToken } }),
  'Account.Preregister': () => {
    const n = Math.random().toString(36).slice(2, 8);
    return {
      body: {
        isTrader: false, entityName: `Matrix ${n}`, entityType: 'InjectingEntity', registeredAddress: 'Addr',
        dateOfIncorporation: '2012-01-01', panCardNumber: `MTRXA${String(Math.floor(Math.random() * 9000) + 1000)}Z`,
        firstName: 'M', lastName: 'X', email: `m${n}@example.com`, userName: `matrix${n}`, contactNumber: '9999999999',
        acceptContractDemandTerms: true, acceptDedicatedFeederTerms: true, acceptTerms: true,
      },
    };
  },
  'Account.ForgotPassword': (_c, u) => ({ body: { emailAddress: u.email } }),
  'Account.ChangeTemporaryPassword': async (c, u) => {
    await inject(c, ALL_ENDPOINTS.find((e) => e.id === 'Account.ForgotPassword')!, { body: { emailAddress: u.email } });
    await c.app.services.outbox.drain();
    return { body: { emailAddress: u.email, oldPassword: md5(c.mail.codeFor(u.email)), newPassword: md5('Matrix#Pass77') } };
  },
  'Account.ChangePassword': (_c, u) => ({ body: { userId: u.id, oldPassword: md5(u.password), newPassword: md5('Matrix#Pass77') } }),
  'Account.GetProfile': () => ({}),
  'Account.EditProfile': async (c, u) => {
    const res = await inject(c, ALL_ENDPOINTS.find((e) => e.id === 'Account.GetProfile')!, {}, u.token);
    const p = res.json().data;
    return {
      body: {
        firstName: p.firstName, lastName: p.lastName, userName: p.userName, email: p.email, contactNumber: p.contactNumber,
        contactPersonName: p.contactPersonName, panCardNumber: p.panCardNumber, registeredAddress: p.registeredAddress,
        entityName: p.entityName, entityType: p.entityType, dateOfIncorporation: p.dateOfIncorporation, connectedTo: p.connectedTo,
      },
    };
  },
  'Admin.GetUsers': () => ({ query: { pageNumber: '1', pageSize: '10' } }),
  'Admin.User.get': (_c, u) => ({ params: { id: u.id } }),
  'Admin.EnableDisableUserDefaulter': async (c) => ({ params: { id: (await createUser(c, 'OABusinessUser')).id } }),
  'Admin.EnableDisableUser': async (c) => ({ params: { id: (await createUser(c, 'OABusinessUser')).id } }),
  'Admin.ResetPassword': async (c) => ({ params: { id: (await createUser(c, 'OABusinessUser')).id } }),
  'Admin.User.patch': async (c, u) => {
    const target = await createUser(c, 'SLDCBusinessUser');
    void u;
    return {
      params: { id: target.id },
      body: { id: target.id, role: 'SLDCBusinessUser', registeredAddress: 'Addr', firstName: 'F', lastName: 'L', email: target.email, userName: target.userName, contactNumber: '9876543210', panCardNumber: 'ABCDE1234F', acceptTerms: true, isEnabled: true },
    };
  },
  'Admin.AddUser': () => {
    const n = Math.random().toString(36).slice(2, 8);
    return { body: { role: 'SLDCApproverI', registeredAddress: 'Addr', firstName: 'F', lastName: 'L', email: `add${n}@x.in`, userName: `add${n}`, contactNumber: '9876543210', panCardNumber: 'ABCDE1234F' } };
  },
  'Configuration.TranscoDiscom.GetAll': () => ({}),
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

describe('every API route has a contract and a matrix entry', () => {
  it('registers exactly the endpoints of packages/shared', () => {
    const registered = ctx.app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .filter(Boolean);
    expect(registered.length).toBeGreaterThan(0);
    for (const e of ALL_ENDPOINTS) {
      expect(ctx.app.hasRoute({ method: e.method, url: e.path }), `${e.method} ${e.path}`).toBe(true);
      expect(PREPARE[e.id], `PREPARE entry for ${e.id}`).toBeDefined();
    }
  });
});

describe.each(ALL_ENDPOINTS.map((e) => [`${e.method} ${e.path}`, e] as [string, Endpoint]))('%s', (_name, endpoint) => {
  if (endpoint.roles === 'public') {
    it('is open to anonymous callers', async () => {
      const u = await signedIn(ctx, 'OABusinessUser');
      const res = await inject(ctx, endpoint, await PREPARE[endpoint.id]!(ctx, u));
      expect(res.statusCode, res.body).toBe(200);
    });
    return;
  }
  it('answers 401 to anonymous callers', async () => {
    const params = Object.fromEntries([...endpoint.path.matchAll(/:(\w+)/g)].map((m) => [m[1]!, '00000000-0000-4000-8000-000000000000']));
    const res = await inject(ctx, endpoint, { params });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });
  for (const role of ROLES) {
    const allowed = allowedRoles(endpoint).includes(role);
    it(`answers ${allowed ? 200 : 403} to ${role}`, async () => {
      const u = await signedIn(ctx, role);
      const res = await inject(ctx, endpoint, await PREPARE[endpoint.id]!(ctx, u), u.token);
      expect(res.statusCode, res.body).toBe(allowed ? 200 : 403);
    });
  }
});
