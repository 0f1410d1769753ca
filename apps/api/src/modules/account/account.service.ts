import type { z } from 'zod';

import type { editProfileRequestSchema, preRegisterRequestSchema } from '@stoa/shared/account';

import type { RequestUser } from '../../platform/auth';
import type { Tx } from '../../platform/db/client';
import type { UserRow } from '../users/users.repository';
import type { AccountServiceDeps, RequestMeta } from './account.deps';
import { changePassword, forgotPassword, setPasswordWithCode } from './passwords';
import { preregister } from './preregistration';
import { editProfile, getProfile } from './profile';
import { authenticate, logout, refresh } from './sessions';
import { sendVerificationCode } from './verification-codes';

/** Other modules import the request metadata type from here. */
export type { AccountServiceDeps, RequestMeta } from './account.deps';

/**
 * Account (spec 000 §1–2), table of contents: sessions.ts (sign-in, refresh, logout),
 * preregistration.ts, verification-codes.ts, passwords.ts (forgot, set with a code, change),
 * profile.ts, captcha.ts; all SQL in account.repository.ts (and users.repository.ts for the users).
 */
export function createAccountService(deps: AccountServiceDeps) {
  return {
    authenticate: (input: { username: string; password: string; captchaId: string; captcha: string }, meta: RequestMeta) =>
      authenticate(deps, input, meta),
    refresh: (refreshToken: string | undefined, meta: RequestMeta) => refresh(deps, refreshToken, meta),
    logout: (refreshToken: string | undefined, user: RequestUser | null, meta: RequestMeta) => logout(deps, refreshToken, user, meta),
    preregister: (input: z.output<typeof preRegisterRequestSchema>, meta: RequestMeta) => preregister(deps, input, meta),
    forgotPassword: (emailAddress: string, meta: RequestMeta) => forgotPassword(deps, emailAddress, meta),
    /** Used by the Admin's user management (a new user, a password reset). */
    sendVerificationCode: (tx: Tx, user: UserRow, reason: 'PREREGISTER' | 'FORGOT' | 'RESET') =>
      sendVerificationCode(deps, tx, user, reason),
    setPasswordWithCode: (input: { emailAddress: string; oldPassword: string; newPassword: string }, meta: RequestMeta) =>
      setPasswordWithCode(deps, input, meta),
    changePassword: (actor: RequestUser, input: { userId: string; oldPassword: string; newPassword: string }, meta: RequestMeta) =>
      changePassword(deps, actor, input, meta),
    getProfile: (actor: RequestUser) => getProfile(deps, actor),
    editProfile: (actor: RequestUser, body: z.output<typeof editProfileRequestSchema>, meta: RequestMeta) =>
      editProfile(deps, actor, body, meta),
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
