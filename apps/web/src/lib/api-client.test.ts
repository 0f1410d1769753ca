import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { accountEndpoints } from '@stoa/shared/account';
import { defineEndpoint } from '@stoa/shared/common';

import { buildAuthUser, buildProfile } from '../testing/fixtures';
import { fail, mockFetch, ok } from '../testing/mock-fetch';
import { call, resetApiClientForTests } from './api-client';
import { ApiError } from './api-error';
import { authStore } from './auth-store';

const REFRESH = 'POST /api/Account/refresh-token';
const PROFILE = 'GET /api/Account/GetProfile';

describe('api client', () => {
  beforeEach(() => {
    resetApiClientForTests();
    authStore.signOut();
  });

  it('sends the app headers, the bearer token and a JSON body, and returns the parsed data', async () => {
    authStore.loginSucceeded(buildAuthUser({ jwtToken: 'jwt-a' }));
    const api = mockFetch({ 'POST /api/Account/ForgotPassword': () => ok(true) });

    await expect(call(accountEndpoints.forgotPassword, { body: { emailAddress: 'a@b.in' } })).resolves.toBe(true);

    const [request] = api.requests;
    expect(request!.headers.get('X-App-Name')).toBe('stoa-web');
    expect(request!.headers.get('X-App-Version')).toBe('0.1.0');
    expect(request!.headers.get('Authorization')).toBe('Bearer jwt-a');
    expect(request!.headers.get('Content-Type')).toBe('application/json');
    expect(request!.body).toEqual({ emailAddress: 'a@b.in' });
  });

  it('throws a typed ApiError from the error envelope', async () => {
    mockFetch({
      'POST /api/Account/authenticate': () =>
        fail(400, 'INCORRECT_CAPTCHA', 'Incorrect Captcha', [{ fieldName: 'captcha', errorMessages: ['Incorrect Captcha'] }]),
    });
    const error = await call(accountEndpoints.authenticate, {
      body: { username: 'u', password: 'x', captchaId: 'c', captcha: 'AAAAAA' },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'INCORRECT_CAPTCHA', requestId: 'req-test' });
    expect((error as ApiError).fieldMessage('captcha')).toBe('Incorrect Captcha');
  });

  it('on 401 refreshes the token once for concurrent calls, stores the new user and retries', async () => {
    authStore.loginSucceeded(buildAuthUser({ jwtToken: 'old-jwt', refreshToken: 'old-refresh' }));
    const renewed = buildAuthUser({ jwtToken: 'new-jwt', refreshToken: 'new-refresh' });
    const api = mockFetch({
      [PROFILE]: (request) =>
        request.headers.get('Authorization') === 'Bearer new-jwt'
          ? ok(buildProfile())
          : fail(401, 'UNAUTHENTICATED', 'Please log in to continue.'),
      [REFRESH]: async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return ok(renewed);
      },
    });

    const [first, second] = await Promise.all([call(accountEndpoints.getProfile), call(accountEndpoints.getProfile)]);

    expect(first.userName).toBe('ravi.kumar');
    expect(second.userName).toBe('ravi.kumar');
    const refreshCalls = api.calls(REFRESH);
    expect(refreshCalls).toHaveLength(1);
    expect(refreshCalls[0]!.headers.get('RefreshToken')).toBe('old-refresh');
    expect(api.calls(PROFILE)).toHaveLength(4);
    expect(authStore.getUser()?.jwtToken).toBe('new-jwt');
    expect(JSON.parse(window.localStorage.getItem('stoa.authUser')!).refreshToken).toBe('new-refresh');
  });

  it('signs the user out when the refresh fails', async () => {
    authStore.loginSucceeded(buildAuthUser());
    const api = mockFetch({
      [PROFILE]: () => fail(401, 'UNAUTHENTICATED', 'Please log in to continue.'),
      [REFRESH]: () => fail(401, 'INVALID_REFRESH_TOKEN', 'Your session has ended. Please log in again.'),
    });

    await expect(call(accountEndpoints.getProfile)).rejects.toMatchObject({ status: 401 });

    expect(api.calls(REFRESH)).toHaveLength(1);
    expect(api.calls(PROFILE)).toHaveLength(1);
    expect(authStore.getUser()).toBeNull();
    expect(authStore.getState().sessionEnded).toBe(true);
    expect(window.localStorage.getItem('stoa.authUser')).toBeNull();
  });

  it('never refreshes for a public endpoint (a 401 there means bad credentials)', async () => {
    authStore.loginSucceeded(buildAuthUser());
    const api = mockFetch({ 'POST /api/Account/authenticate': () => fail(401, 'INVALID_CREDENTIALS', 'Invalid user name or password.') });
    await expect(call(accountEndpoints.authenticate, { body: { username: 'u', password: 'p' } })).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    expect(api.calls(REFRESH)).toHaveLength(0);
  });

  it('rejects a request it cannot build with TOKEN_ERROR, without sending anything', async () => {
    const api = mockFetch({});
    const noUrl = defineEndpoint({ id: 'X.none', method: 'GET', path: '', roles: 'public', summary: '', response: z.boolean() });
    const withParam = defineEndpoint({
      id: 'X.one',
      method: 'GET',
      path: '/api/X/:id',
      roles: 'public',
      summary: '',
      response: z.boolean(),
    });

    await expect(call(noUrl)).rejects.toMatchObject({ code: 'TOKEN_ERROR', status: 0 });
    // The toast reads a plain sentence, never the code or the technical detail.
    await expect(call(noUrl)).rejects.toMatchObject({
      message: 'Sorry! Your request could not be sent. Please reload the page and try again.',
    });
    await expect(call(accountEndpoints.changePassword)).rejects.toMatchObject({ code: 'TOKEN_ERROR' });
    await expect(call(withParam)).rejects.toMatchObject({ code: 'TOKEN_ERROR' });
    await expect(call(undefined as unknown as typeof noUrl)).rejects.toBeInstanceOf(ApiError);
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('builds the path and query string from params and query', async () => {
    const api = mockFetch({ 'GET /api/X/42': () => ok(true) });
    const endpoint = defineEndpoint({
      id: 'X.get',
      method: 'GET',
      path: '/api/X/:id',
      roles: 'public',
      summary: '',
      params: z.object({ id: z.number() }),
      query: z.object({ a: z.string().optional(), b: z.string().optional() }),
      response: z.boolean(),
    });
    await call(endpoint, { params: { id: 42 }, query: { a: 'x y', b: '' } });
    expect(api.requests[0]!.url.pathname).toBe('/api/X/42');
    expect(api.requests[0]!.url.search).toBe('?a=x+y');
  });
});
