import { ALL_ENDPOINTS } from '@stoa/shared/endpoints';

import { inject, md5, type Prepare } from '../auth-matrix';

/** A valid request per endpoint id (so an allowed role gets 200). */
export const prepare: Record<string, Prepare> = {
  'Account.GetCaptcha': () => ({ query: { mode: 'image' } }),
  'Account.authenticate': (_c, u) => ({ body: { username: u.userName, password: md5(u.password), captchaId: '', captcha: '' } }),
  'Account.refresh-token': (_c, u) => ({ headers: { refreshtoken: u.refreshToken } }),
  'Account.Logout': (_c, u) => ({ headers: { refreshtoken: u.refreshToken } }),
  'Account.Preregister': () => {
    const n = Math.random().toString(36).slice(2, 8);
    return {
      body: {
        isTrader: false,
        entityName: `Matrix ${n}`,
        entityType: 'InjectingEntity',
        registeredAddress: 'Addr',
        dateOfIncorporation: '2012-01-01',
        panCardNumber: `MTRXA${String(Math.floor(Math.random() * 9000) + 1000)}Z`,
        firstName: 'M',
        lastName: 'X',
        email: `m${n}@example.com`,
        userName: `matrix${n}`,
        contactNumber: '9999999999',
        acceptContractDemandTerms: true,
        acceptDedicatedFeederTerms: true,
        acceptTerms: true,
      },
    };
  },
  'Account.ForgotPassword': (_c, u) => ({ body: { emailAddress: u.email } }),
  'Account.ChangeTemporaryPassword': async (c, u) => {
    await inject(
      c,
      ALL_ENDPOINTS.find((e) => e.id === 'Account.ForgotPassword')!,
      { body: { emailAddress: u.email } },
    );
    await c.app.services.outbox.drain();
    return { body: { emailAddress: u.email, oldPassword: md5(c.mail.codeFor(u.email)), newPassword: md5('Matrix#Pass77') } };
  },
  'Account.ChangePassword': (_c, u) => ({ body: { userId: u.id, oldPassword: md5(u.password), newPassword: md5('Matrix#Pass77') } }),
  'Account.GetProfile': () => ({}),
  'Account.EditProfile': async (c, u) => {
    const res = await inject(
      c,
      ALL_ENDPOINTS.find((e) => e.id === 'Account.GetProfile')!,
      {},
      u.token,
    );
    const p = res.json().data;
    return {
      body: {
        firstName: p.firstName,
        lastName: p.lastName,
        userName: p.userName,
        email: p.email,
        contactNumber: p.contactNumber,
        contactPersonName: p.contactPersonName,
        panCardNumber: p.panCardNumber,
        registeredAddress: p.registeredAddress,
        entityName: p.entityName,
        entityType: p.entityType,
        dateOfIncorporation: p.dateOfIncorporation,
        connectedTo: p.connectedTo,
      },
    };
  },
};
