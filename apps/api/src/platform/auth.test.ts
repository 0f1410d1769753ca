import { createHmac } from 'node:crypto';

import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';

import { createTokenSigner } from './auth';
import { TestClock } from './clock';

const SECRET = 'test-secret-test-secret-test-secret-0123456789';
const KEY = new TextEncoder().encode(SECRET);
const clock = new TestClock(new Date('2026-03-01T10:00:00Z'));
const NOW = Math.floor(clock.now().getTime() / 1000);
const signer = createTokenSigner(SECRET, clock);

const SUB = '00000000-0000-4000-8000-000000000001';
const FID = '00000000-0000-4000-8000-0000000000f1';
const claims = { sub: SUB, role: 'Trader', sv: 1, fid: FID, iss: 'stoa-portal', iat: NOW, exp: NOW + 900 };

const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
/** A token with any header and payload, HMAC-SHA-256 signed with `secret`. */
function handMade(header: Record<string, unknown>, payload: Record<string, unknown>, secret = SECRET): string {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}
const HS256 = { alg: 'HS256', typ: 'JWT' };

/** What jose's jwtVerify (the verifier before decision 0073, same options) says of the token. */
const joseAccepts = (token: string) =>
  jwtVerify(token, KEY, { algorithms: ['HS256'], issuer: 'stoa-portal', currentDate: clock.now(), requiredClaims: ['exp', 'sub'] }).then(
    () => true,
    () => false,
  );

describe('token signer: the synchronous HS256 verification (decision 0073)', () => {
  it('accepts what it signs, with the claims', async () => {
    const token = await signer.sign({ id: SUB, role: 'Trader', sessionVersion: 3 }, FID);
    expect(await signer.verify(token)).toEqual({ sub: SUB, role: 'Trader', sv: 3, fid: FID, exp: NOW + 900 });
    expect(await joseAccepts(token)).toBe(true);
  });

  const { exp: _exp, ...withoutExp } = claims;
  const { iss: _iss, ...withoutIss } = claims;
  const valid = handMade(HS256, claims);
  const [vh, vp, vs] = valid.split('.') as [string, string, string];
  const cases: [string, string, boolean][] = [
    ['valid, hand-made', valid, true],
    ['valid without typ', handMade({ alg: 'HS256' }, claims), true],
    ['expiring in one second', handMade(HS256, { ...claims, exp: NOW + 1 }), true],
    ['expiring now', handMade(HS256, { ...claims, exp: NOW }), false],
    ['expired', handMade(HS256, { ...claims, exp: NOW - 60 }), false],
    ['without exp', handMade(HS256, withoutExp), false],
    ['exp as a string', handMade(HS256, { ...claims, exp: String(NOW + 900) }), false],
    ['iat as a string', handMade(HS256, { ...claims, iat: 'yesterday' }), false],
    ['not before a minute from now', handMade(HS256, { ...claims, nbf: NOW + 60 }), false],
    ['not before now', handMade(HS256, { ...claims, nbf: NOW }), true],
    ['another issuer', handMade(HS256, { ...claims, iss: 'someone-else' }), false],
    ['without issuer', handMade(HS256, withoutIss), false],
    ['signed with another secret', handMade(HS256, claims, `${SECRET}x`), false],
    ['alg none, unsigned', `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`, false],
    ['alg none with the valid signature', `${b64({ alg: 'none' })}.${vp}.${vs}`, false],
    ['HS512 with the same secret', handMade({ alg: 'HS512' }, claims), false],
    ['HS256 header swapped for HS384', `${b64({ alg: 'HS384', typ: 'JWT' })}.${vp}.${vs}`, false],
    ['an unknown critical header parameter', handMade({ ...HS256, crit: ['x-stoa'], 'x-stoa': 1 }, claims), false],
    ['payload altered (role), signature kept', `${vh}.${b64({ ...claims, role: 'Admin' })}.${vs}`, false],
    ['signature altered', `${vh}.${vp}.${vs.slice(0, -2)}${vs.endsWith('AA') ? 'BA' : 'AA'}`, false],
    ['signature cut', `${vh}.${vp}.${vs.slice(0, -1)}`, false],
    ['a fourth part', `${valid}.${vs}`, false],
    ['a payload that is not JSON', handMade(HS256, {}).replace(/^[^.]+\.[^.]+/, () => `${b64(HS256)}.${b64('not json')}`), false],
    [
      'a payload that is an array',
      (() => {
        const input = `${b64(HS256)}.${b64([claims])}`;
        return `${input}.${createHmac('sha256', SECRET).update(input).digest('base64url')}`;
      })(),
      false,
    ],
    ['empty', '', false],
  ];

  it.each(cases)('%s', async (_name, token, accepted) => {
    expect((await signer.verify(token)) !== null).toBe(accepted);
    // The same verdict as jose's jwtVerify.
    expect(await joseAccepts(token)).toBe(accepted);
  });

  it('is stricter than jose on the encoding: a padded signature is refused', async () => {
    const padded = `${vh}.${vp}.${vs}=`;
    expect(await joseAccepts(padded)).toBe(true);
    expect(await signer.verify(padded)).toBeNull();
  });

  it('refuses well-signed tokens whose portal claims are missing or malformed', async () => {
    for (const bad of [{ sub: 'not-a-uuid' }, { fid: undefined }, { sv: '1' }, { role: 7 }]) {
      expect(await signer.verify(handMade(HS256, { ...claims, ...bad }))).toBeNull();
    }
  });

  it('refuses a token signed by jose with another algorithm family', async () => {
    const other = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(KEY);
    expect(await signer.verify(other)).toBeNull();
  });
});
