import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { messages } from '@stoa/shared/messages';

import { bearer, buildTestApp, createUser, login, md5, type TestContext } from '../../../test/build-test-app';
import { LOCKOUT_THRESHOLD } from './sessions';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });

const authenticate = (username: string, password: string) =>
  post('/api/Account/authenticate', { username, password: md5(password), captchaId: '', captcha: '' });

describe('POST /api/Account/authenticate', () => {
  it('returns the auth user with tokens', async () => {
    const u = await createUser(ctx, 'OABusinessUser');
    const res = await authenticate(u.userName, u.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.isSuccessful).toBe(true);
    expect(Object.keys(body.data).sort()).toEqual(
      ['email', 'entityType', 'firstName', 'jwtToken', 'lastName', 'refreshToken', 'role', 'userId'].sort(),
    );
    expect(body.data).toMatchObject({ role: 'OABusinessUser', entityType: 'BothEntity', userId: u.id, email: u.email });
    const claims = JSON.parse(Buffer.from(body.data.jwtToken.split('.')[1], 'base64url').toString());
    expect(claims.sub).toBe(u.id);
    expect(claims.exp - claims.iat).toBeLessThanOrEqual(15 * 60);
  });

  it('accepts the user name in any case', async () => {
    const u = await createUser(ctx, 'Trader');
    expect((await authenticate(u.userName.toUpperCase(), u.password)).statusCode).toBe(200);
  });

  it('gives one generic message for unknown user, wrong password and disabled account', async () => {
    const u = await createUser(ctx, 'Trader');
    const disabled = await createUser(ctx, 'Trader', { isEnabled: false });
    const responses = [
      await authenticate('nobody-here', 'Whatever#1'),
      await authenticate(u.userName, 'Wrong#Pass1'),
      await authenticate(disabled.userName, disabled.password),
    ];
    for (const r of responses) {
      expect(r.statusCode).toBe(401);
      expect(r.json()).toMatchObject({ isSuccessful: false, code: 'INVALID_CREDENTIALS', message: messages.login.failed });
      expect(typeof r.json().requestId).toBe('string');
    }
  });

  it('rejects a password that is not an MD5 hash and a user name with spaces, listing every field', async () => {
    const res = await post('/api/Account/authenticate', { username: 'a b', password: 'plain' });
    expect(res.statusCode).toBe(400);
    const fields = res
      .json()
      .errorResponse.map((e: { fieldName: string }) => e.fieldName)
      .sort();
    expect(fields).toEqual(['password', 'username']);
  });

  it('locks the account after repeated failures, with a growing delay, and the same message', async () => {
    const u = await createUser(ctx, 'SLDCBusinessUser');
    for (let i = 0; i < LOCKOUT_THRESHOLD; i++) expect((await authenticate(u.userName, 'Wrong#Pass1')).statusCode).toBe(401);
    const locked = await authenticate(u.userName, u.password);
    expect(locked.statusCode).toBe(401);
    expect(locked.json().message).toBe(messages.login.failed);
    ctx.clock.advance(61_000);
    // One more failure after the first lock doubles the delay.
    expect((await authenticate(u.userName, 'Wrong#Pass1')).statusCode).toBe(401);
    ctx.clock.advance(61_000);
    expect((await authenticate(u.userName, u.password)).statusCode).toBe(401);
    ctx.clock.advance(60_000);
    expect((await authenticate(u.userName, u.password)).statusCode).toBe(200);
    // Success resets the counter.
    expect((await authenticate(u.userName, 'Wrong#Pass1')).statusCode).toBe(401);
    expect((await authenticate(u.userName, u.password)).statusCode).toBe(200);
  });
});

describe('captcha', () => {
  let captchaCtx: TestContext;
  beforeAll(async () => {
    captchaCtx = await buildTestApp({ loginCaptcha: true }, ctx.database);
  });
  afterAll(() => captchaCtx.app.close());

  async function issue(mode = 'image') {
    const res = await captchaCtx.app.inject({ method: 'GET', url: `/api/Account/GetCaptcha?mode=${mode}` });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  }
  async function answerOf(captchaId: string) {
    // The answer is only stored hashed; tests read it from the text alternative.
    void captchaId;
    return '';
  }
  void answerOf;

  it('issues a 6-character image captcha and a text alternative', async () => {
    const image = await issue();
    expect(image).toMatchObject({ required: true, length: 6 });
    expect(image.image).toMatch(/^<svg/);
    const text = await issue('text');
    expect(text.textAlternative).toMatch(/^Type these 6 characters: /);
    expect(text.textAlternative.split(',').length).toBe(6);
  });

  it("answers 'Incorrect Captcha' for a wrong or missing captcha, and accepts a right one once", async () => {
    const u = await createUser(captchaCtx, 'Admin');
    const wrong = await captchaCtx.app.inject({
      method: 'POST',
      url: '/api/Account/authenticate',
      payload: { username: u.userName, password: md5(u.password), captchaId: (await issue()).captchaId, captcha: 'ZZZZZZ' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'INCORRECT_CAPTCHA',
      errorResponse: [{ fieldName: 'captcha', errorMessages: ['Incorrect Captcha'] }],
    });

    const t = await issue('text');
    const answer = spelledToText(t.textAlternative);
    const payload = { username: u.userName, password: md5(u.password), captchaId: t.captchaId, captcha: answer.toLowerCase() };
    const ok = await captchaCtx.app.inject({ method: 'POST', url: '/api/Account/authenticate', payload });
    expect(ok.statusCode).toBe(200);
    const reused = await captchaCtx.app.inject({ method: 'POST', url: '/api/Account/authenticate', payload });
    expect(reused.json().code).toBe('INCORRECT_CAPTCHA');
  });

  it('expires', async () => {
    const u = await createUser(captchaCtx, 'Admin');
    const t = await issue('text');
    captchaCtx.clock.advance(6 * 60_000);
    const res = await captchaCtx.app.inject({
      method: 'POST',
      url: '/api/Account/authenticate',
      payload: { username: u.userName, password: md5(u.password), captchaId: t.captchaId, captcha: spelledToText(t.textAlternative) },
    });
    expect(res.json().code).toBe('INCORRECT_CAPTCHA');
  });
});

function spelledToText(alt: string): string {
  const digits: Record<string, string> = { two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9' };
  return alt
    .replace(/^Type these 6 characters: /, '')
    .replace(/\.$/, '')
    .split(', ')
    .map((part) => (part.startsWith('digit ') ? digits[part.slice(6)]! : part[0]!))
    .join('');
}

describe('refresh tokens and logout', () => {
  const refresh = (token?: string) => post('/api/Account/refresh-token', undefined, token ? { refreshtoken: token } : {});

  it('rotates the refresh token and returns the auth user shape', async () => {
    const u = await createUser(ctx, 'Trader');
    const first = await login(ctx, u);
    const res = await refresh(first.refreshToken);
    expect(res.statusCode).toBe(200);
    const second = res.json().data;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.userId).toBe(u.id);
    expect((await refresh(second.refreshToken)).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token is used again', async () => {
    const u = await createUser(ctx, 'Trader');
    const first = await login(ctx, u);
    const second = (await refresh(first.refreshToken)).json().data;
    const replay = await refresh(first.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('INVALID_REFRESH_TOKEN');
    // The legitimate holder's newer token is dead too.
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
  });

  it('refuses a missing, unknown or expired token', async () => {
    expect((await refresh()).statusCode).toBe(401);
    expect((await refresh('not-a-token')).statusCode).toBe(401);
    const u = await createUser(ctx, 'Trader');
    const t = await login(ctx, u);
    ctx.clock.advance(8 * 24 * 3_600_000);
    expect((await refresh(t.refreshToken)).statusCode).toBe(401);
  });

  it('expires access tokens after 15 minutes', async () => {
    const u = await createUser(ctx, 'Trader');
    const t = await login(ctx, u);
    const get = () => ctx.app.inject({ method: 'GET', url: '/api/Account/GetProfile', headers: bearer(t.jwtToken) });
    expect((await get()).statusCode).toBe(200);
    ctx.clock.advance(15 * 60_000 + 1000);
    const res = await get();
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });

  it('logout revokes the session', async () => {
    const u = await createUser(ctx, 'Trader');
    const t = await login(ctx, u);
    const out = await post('/api/Account/Logout', undefined, { refreshtoken: t.refreshToken, ...bearer(t.jwtToken) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ isSuccessful: true, data: true });
    expect((await refresh(t.refreshToken)).statusCode).toBe(401);
  });

  it('ends the sessions of a disabled user at once', async () => {
    const u = await createUser(ctx, 'Trader');
    const t = await login(ctx, u);
    const { usersRepository } = await import('../users/users.repository');
    await usersRepository.update(ctx.database.db, u.id, { isEnabled: false });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/Account/GetProfile', headers: bearer(t.jwtToken) })).statusCode).toBe(401);
    expect((await refresh(t.refreshToken)).statusCode).toBe(401);
  });
});

const preRegistration = (n: string, overrides: Record<string, unknown> = {}) => ({
  isTrader: false,
  entityName: `Entity ${n}`,
  entityType: 'DraweeEntity',
  registeredAddress: '12 Ring Road, Surat',
  dateOfIncorporation: '2015-06-30',
  panCardNumber: `PQRSA${n.padStart(4, '0').slice(-4)}K`,
  firstName: 'Priya',
  lastName: 'Nair',
  email: `priya${n}@example.com`,
  userName: `priya${n}`,
  contactNumber: '9898989898',
  acceptContractDemandTerms: true,
  acceptDedicatedFeederTerms: true,
  acceptTerms: true,
  ...overrides,
});

describe('pre-registration, verification code and set password', () => {
  it('registers, mails a code that sets the password once, and then the user logs in', async () => {
    const body = preRegistration('1001');
    const res = await post('/api/Account/Preregister', body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isSuccessful: true, data: true });
    await ctx.app.services.outbox.drain();
    const code = ctx.mail.codeFor(body.email);
    expect(ctx.mail.sent.at(-1)!.text).toContain(body.userName);

    // No password yet: login fails.
    expect((await authenticate(body.userName, 'N3w#Secret!')).statusCode).toBe(401);
    const set = await post('/api/Account/ChangeTemporaryPassword', {
      emailAddress: body.email,
      oldPassword: md5(code),
      newPassword: md5('N3w#Secret!'),
    });
    expect(set.statusCode).toBe(200);
    const auth = await authenticate(body.userName, 'N3w#Secret!');
    expect(auth.statusCode).toBe(200);
    expect(auth.json().data).toMatchObject({ role: 'OABusinessUser', entityType: 'DraweeEntity' });

    const reuse = await post('/api/Account/ChangeTemporaryPassword', {
      emailAddress: body.email,
      oldPassword: md5(code),
      newPassword: md5('Other#Secret9'),
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({ code: 'INVALID_VERIFICATION_CODE', errorResponse: [{ fieldName: 'oldPassword' }] });
  });

  it('makes a trader with entity type Trader', async () => {
    const body = preRegistration('1002', { isTrader: true, entityType: 'Trader' });
    expect((await post('/api/Account/Preregister', body)).statusCode).toBe(200);
    const { usersRepository } = await import('../users/users.repository');
    const user = await usersRepository.findByUserName(ctx.database.db, body.userName);
    expect(user).toMatchObject({ role: 'Trader', entityType: 'Trader', passwordHash: null });
  });

  it('returns every field error at once, and the acceptance message', async () => {
    const res = await post('/api/Account/Preregister', { acceptTerms: false });
    expect(res.statusCode).toBe(400);
    const byField = Object.fromEntries(
      res.json().errorResponse.map((e: { fieldName: string; errorMessages: string[] }) => [e.fieldName, e.errorMessages]),
    );
    for (const f of [
      'isTrader',
      'entityName',
      'entityType',
      'registeredAddress',
      'dateOfIncorporation',
      'panCardNumber',
      'firstName',
      'lastName',
      'email',
      'userName',
      'contactNumber',
      'acceptContractDemandTerms',
      'acceptDedicatedFeederTerms',
      'acceptTerms',
    ]) {
      expect(byField[f], f).toBeDefined();
    }
    expect(byField.acceptTerms).toContain('Accept the terms to proceed');
    expect(byField.entityName).toContain('Name of Entity is required');
    expect(byField.panCardNumber).toContain('PAN No. is required');
    expect(byField.contactNumber).toContain('Contact Number is required');
  });

  it('refuses a taken user name with a field error only, and mails no one', async () => {
    const body = preRegistration('1003');
    expect((await post('/api/Account/Preregister', body)).statusCode).toBe(200);
    await ctx.app.services.outbox.drain();
    const before = ctx.mail.sent.length;
    // Even with the same e-mail and PAN, only the user name is reported: the e-mail and PAN stay unrevealed.
    const again = await post('/api/Account/Preregister', {
      ...body,
      userName: body.userName.toUpperCase(),
      email: body.email.toUpperCase(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      isSuccessful: false,
      code: 'CONFLICT',
      errorResponse: [{ fieldName: 'userName', errorMessages: [messages.validation.duplicateUserName] }],
    });
    expect(again.json().errorResponse).toHaveLength(1);
    await ctx.app.services.outbox.drain();
    expect(ctx.mail.sent.length).toBe(before);
  });

  it('answers a known e-mail or PAN with the same success as a new one and mails the owner', async () => {
    const { usersRepository } = await import('../users/users.repository');
    const owner = preRegistration('1006');
    expect((await post('/api/Account/Preregister', owner)).statusCode).toBe(200);
    await ctx.app.services.outbox.drain();
    const fresh = await post('/api/Account/Preregister', preRegistration('1007'));
    await ctx.app.services.outbox.drain();

    const cases = [
      // The owner's e-mail (in another case), a new PAN and a new user name.
      { body: preRegistration('1008', { email: owner.email.toUpperCase() }), intro: 'with your e-mail address' },
      // The owner's PAN with a new e-mail and user name.
      { body: preRegistration('1009', { panCardNumber: owner.panCardNumber }), intro: 'with the PAN Card Number of your entity' },
    ];
    for (const { body, intro } of cases) {
      const before = ctx.mail.sent.length;
      const res = await post('/api/Account/Preregister', body);
      expect(res.statusCode).toBe(fresh.statusCode);
      expect(res.json()).toEqual(fresh.json());
      expect(res.json()).toEqual({ isSuccessful: true, data: true });
      await ctx.app.services.outbox.drain();
      const mails = ctx.mail.sent.slice(before);
      expect(mails.map((m) => m.to)).toEqual([owner.email]);
      expect(mails[0]!.subject).toBe('STOA portal: you already have an account');
      expect(mails[0]!.text).toContain(intro);
      expect(mails[0]!.text).toContain(`user name is: ${owner.userName}`);
      expect(mails[0]!.text).not.toMatch(/verification code is/);
      // Nothing was created for the new user name.
      expect(await usersRepository.findByUserName(ctx.database.db, body.userName)).toBeUndefined();
    }
  });

  it('refuses an expired code and a code guessed too often', async () => {
    const body = preRegistration('1004');
    await post('/api/Account/Preregister', body);
    await ctx.app.services.outbox.drain();
    const code = ctx.mail.codeFor(body.email);
    ctx.clock.advance(31 * 60_000);
    const expired = await post('/api/Account/ChangeTemporaryPassword', {
      emailAddress: body.email,
      oldPassword: md5(code),
      newPassword: md5('N3w#Secret!'),
    });
    expect(expired.json().code).toBe('INVALID_VERIFICATION_CODE');

    await post('/api/Account/ForgotPassword', { emailAddress: body.email });
    await ctx.app.services.outbox.drain();
    const fresh = ctx.mail.codeFor(body.email);
    expect(fresh).not.toBe(code);
    for (let i = 0; i < 5; i++) {
      await post('/api/Account/ChangeTemporaryPassword', {
        emailAddress: body.email,
        oldPassword: md5('WRONG000'),
        newPassword: md5('N3w#Secret!'),
      });
    }
    const locked = await post('/api/Account/ChangeTemporaryPassword', {
      emailAddress: body.email,
      oldPassword: md5(fresh),
      newPassword: md5('N3w#Secret!'),
    });
    expect(locked.json().code).toBe('INVALID_VERIFICATION_CODE');
  });

  it('refuses a common password', async () => {
    const body = preRegistration('1005');
    await post('/api/Account/Preregister', body);
    await ctx.app.services.outbox.drain();
    const res = await post('/api/Account/ChangeTemporaryPassword', {
      emailAddress: body.email,
      oldPassword: md5(ctx.mail.codeFor(body.email)),
      newPassword: md5('Password@123'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'COMMON_PASSWORD',
      errorResponse: [{ fieldName: 'newPassword', errorMessages: [messages.errors.COMMON_PASSWORD] }],
    });
  });
});

describe('POST /api/Account/ForgotPassword', () => {
  it('mails a code to a known address and answers the same for an unknown one', async () => {
    const u = await createUser(ctx, 'OABusinessUser');
    const before = ctx.mail.sent.length;
    expect((await post('/api/Account/ForgotPassword', { emailAddress: 'nobody@example.com' })).json()).toEqual({
      isSuccessful: true,
      data: true,
    });
    expect((await post('/api/Account/ForgotPassword', { emailAddress: u.email })).json()).toEqual({ isSuccessful: true, data: true });
    await ctx.app.services.outbox.drain();
    expect(ctx.mail.sent.length).toBe(before + 1);
    expect(ctx.mail.codeFor(u.email)).toMatch(/^[A-Z0-9]{8}$/);
  });

  it('requires a valid e-mail', async () => {
    const res = await post('/api/Account/ForgotPassword', { emailAddress: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorResponse).toEqual([{ fieldName: 'emailAddress', errorMessages: ['Please enter a valid email.'] }]);
  });
});

describe('POST /api/Account/ChangePassword', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const u = await createUser(ctx, 'SLDCApproverI');
    const mine = await login(ctx, u);
    const other = await login(ctx, u);
    const res = await post(
      '/api/Account/ChangePassword',
      { userId: u.id, oldPassword: md5(u.password), newPassword: md5('Brand#New99') },
      bearer(mine.jwtToken),
    );
    expect(res.statusCode).toBe(200);
    expect((await authenticate(u.userName, u.password)).statusCode).toBe(401);
    expect((await authenticate(u.userName, 'Brand#New99')).statusCode).toBe(200);
    expect((await post('/api/Account/refresh-token', undefined, { refreshtoken: other.refreshToken })).statusCode).toBe(401);
    expect((await post('/api/Account/refresh-token', undefined, { refreshtoken: mine.refreshToken })).statusCode).toBe(200);
  });

  it('refuses a wrong current password, another user id and missing fields', async () => {
    const u = await createUser(ctx, 'SLDCApproverI');
    const t = await login(ctx, u);
    const wrong = await post(
      '/api/Account/ChangePassword',
      { userId: u.id, oldPassword: md5('nope'), newPassword: md5('Brand#New99') },
      bearer(t.jwtToken),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errorResponse[0].fieldName).toBe('oldPassword');
    const other = await post(
      '/api/Account/ChangePassword',
      { userId: '00000000-0000-4000-8000-000000000000', oldPassword: md5(u.password), newPassword: md5('Brand#New99') },
      bearer(t.jwtToken),
    );
    expect(other.statusCode).toBe(403);
    const empty = await post('/api/Account/ChangePassword', { userId: u.id, oldPassword: '', newPassword: '' }, bearer(t.jwtToken));
    expect(empty.statusCode).toBe(400);
    const msgs = empty.json().errorResponse.flatMap((e: { errorMessages: string[] }) => e.errorMessages);
    expect(msgs).toContain('Current Password is required');
    expect(msgs).toContain('New Password is required');
  });
});

describe('profile', () => {
  const profileBody = (p: Record<string, unknown>) => ({
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
  });

  it('returns the profile and saves editable fields only', async () => {
    const u = await createUser(ctx, 'OABusinessUser');
    const t = await login(ctx, u);
    const got = await ctx.app.inject({ method: 'GET', url: '/api/Account/GetProfile', headers: bearer(t.jwtToken) });
    expect(got.statusCode).toBe(200);
    const profile = got.json().data;
    expect(profile).toMatchObject({ userName: u.userName, role: 'OABusinessUser', isEnabled: true });
    const res = await post(
      '/api/Account/EditProfile',
      { ...profileBody(profile), firstName: 'Renamed', email: 'changed@example.com', connectedTo: 'TRANSCO', entityName: 'Hijack Ltd' },
      bearer(t.jwtToken),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ firstName: 'Renamed', email: u.email, connectedTo: 'TRANSCO', entityName: profile.entityName });
  });

  it('lets the Admin change the e-mail', async () => {
    const u = await createUser(ctx, 'Admin');
    const t = await login(ctx, u);
    const profile = (await ctx.app.inject({ method: 'GET', url: '/api/Account/GetProfile', headers: bearer(t.jwtToken) })).json().data;
    const res = await post(
      '/api/Account/EditProfile',
      { ...profileBody(profile), email: `admin-${u.id.slice(0, 8)}@example.com` },
      bearer(t.jwtToken),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe(`admin-${u.id.slice(0, 8)}@example.com`);
  });

  it('validates with the spec messages', async () => {
    const u = await createUser(ctx, 'Trader');
    const t = await login(ctx, u);
    const profile = (await ctx.app.inject({ method: 'GET', url: '/api/Account/GetProfile', headers: bearer(t.jwtToken) })).json().data;
    const res = await post(
      '/api/Account/EditProfile',
      { ...profileBody(profile), contactNumber: '98765abc', panCardNumber: 'abcde1234f', registeredAddress: '' },
      bearer(t.jwtToken),
    );
    expect(res.statusCode).toBe(400);
    const byField = Object.fromEntries(
      res.json().errorResponse.map((e: { fieldName: string; errorMessages: string[] }) => [e.fieldName, e.errorMessages]),
    );
    expect(byField.contactNumber).toEqual(['Should contain 10 character', 'Provide Integers only']);
    expect(byField.panCardNumber).toEqual(['Pattern error']);
    expect(byField.registeredAddress).toEqual(['Registered Address is required']);
  });

  it('does not require a PAN of a DISCOM user', async () => {
    const u = await createUser(ctx, 'DISCOMBusinessUser');
    const t = await login(ctx, u);
    const profile = (await ctx.app.inject({ method: 'GET', url: '/api/Account/GetProfile', headers: bearer(t.jwtToken) })).json().data;
    expect(profile.panCardNumber).toBeNull();
    const res = await post('/api/Account/EditProfile', { ...profileBody(profile), lastName: 'Changed' }, bearer(t.jwtToken));
    expect(res.statusCode).toBe(200);
  });
});

describe('audit trail', () => {
  it('records state changes in a hash chain that verifies', async () => {
    const { auditLog } = await import('../audit/audit.tables');
    const rows = await ctx.database.db.select().from(auditLog);
    const actions = new Set(rows.map((r) => r.action));
    for (const a of [
      'LOGIN',
      'PREREGISTER',
      'PREREGISTER_KNOWN_ACCOUNT',
      'PASSWORD_SET',
      'PASSWORD_CHANGED',
      'PROFILE_UPDATED',
      'ACCOUNT_LOCKED',
      'LOGOUT',
      'REFRESH_TOKEN_REUSE',
    ]) {
      expect(actions, a).toContain(a);
    }
    expect(rows.every((r) => !JSON.stringify(r.after ?? {}).includes('passwordHash'))).toBe(true);
    expect(await ctx.app.services.audit.verifyChain(ctx.database.db)).toBeNull();
    const { sql } = await import('drizzle-orm');
    await ctx.database.db.execute(sql`update audit_log set action = 'TAMPERED' where id = (select min(id) + 1 from audit_log)`);
    expect(await ctx.app.services.audit.verifyChain(ctx.database.db)).not.toBeNull();
  });
});
