import { accountEndpoints, type AuthUser, type LoginRequest } from '@stoa/shared/account';

import { call } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { authStore } from '../../../lib/auth-store';
import { messages } from '../../../lib/i18n';
import { md5hexLazy } from '../../../lib/md5-lazy';

export interface LoginFormValues {
  username: string;
  password: string;
  captcha: string;
}

/** The authenticate payload: the password travels as its MD5 hex digest (spec 000 §5). */
export async function toLoginPayload(values: LoginFormValues, captchaId: string): Promise<LoginRequest> {
  return {
    username: values.username,
    password: values.password ? await md5hexLazy(values.password) : '',
    captchaId,
    captcha: values.captcha.trim(),
  };
}

/**
 * Logs in and records the login state (logging in / logged in / error, spec 000 §4) in the auth
 * store; the route guard then takes the user on.
 */
export async function logIn(payload: LoginRequest): Promise<AuthUser> {
  authStore.startLogin();
  try {
    const user = await call(accountEndpoints.authenticate, { body: payload });
    authStore.loginSucceeded(user);
    return user;
  } catch (error) {
    authStore.loginFailed(error instanceof ApiError ? error : new ApiError(0, 'INTERNAL', messages().common.genericError));
    throw error;
  }
}
