import type { FastifyInstance, FastifyRequest } from 'fastify';

import { accountEndpoints as e } from '@stoa/shared/account';

import { currentUser } from '../../platform/auth';
import { route } from '../../platform/routes';
import type { AccountService } from './account.service';
import type { CaptchaService } from './captcha';

const meta = (req: FastifyRequest) => ({ requestId: req.id, ip: req.ip });
const refreshHeader = (req: FastifyRequest) => {
  const v = req.headers['refreshtoken'];
  return (Array.isArray(v) ? v[0] : v)?.trim() || undefined;
};

export function accountRoutes(
  app: FastifyInstance,
  deps: { account: AccountService; captcha: CaptchaService; loginCaptcha: boolean; loginRateLimit: number },
) {
  const { account } = deps;
  // Per client address for the calls anyone may make signed out.
  const strict = { config: { rateLimit: { max: deps.loginRateLimit, timeWindow: '1 minute' } } };
  // Every sign-in starts with a captcha and every session refreshes: an SLDC's staff share one office
  // address, so these allow ten times as much per address (decision 0081).
  const office = { config: { rateLimit: { max: deps.loginRateLimit * 10, timeWindow: '1 minute' } } };
  // Sign-in: per user name from one address (the body is read, so after validation). Failures per
  // address across names are counted by the use case (login-throttle.ts); per account, the lockout.
  const perName = {
    config: {
      rateLimit: {
        max: deps.loginRateLimit,
        timeWindow: '1 minute',
        hook: 'preHandler' as const,
        keyGenerator: (req: FastifyRequest) =>
          `${req.ip}\u0000${String((req.body as { username?: unknown }).username ?? '')
            .trim()
            .toLowerCase()}`,
      },
    },
  };

  route(
    app,
    e.getCaptcha,
    async (req) => {
      const issued = await deps.captcha.issue(req.query.mode);
      return { ...issued, required: deps.loginCaptcha };
    },
    office,
  );
  route(app, e.authenticate, (req) => account.authenticate(req.body, meta(req)), perName);
  route(app, e.refreshToken, (req) => account.refresh(refreshHeader(req), meta(req)), office);
  route(app, e.logout, (req) => account.logout(refreshHeader(req), req.user, meta(req)));
  route(app, e.preregister, (req) => account.preregister(req.body, meta(req)), strict);
  route(app, e.forgotPassword, (req) => account.forgotPassword(req.body.emailAddress, meta(req)), strict);
  route(app, e.changeTemporaryPassword, (req) => account.setPasswordWithCode(req.body, meta(req)), strict);
  route(app, e.changePassword, (req) => account.changePassword(currentUser(req), req.body, meta(req)));
  route(app, e.getProfile, (req) => account.getProfile(currentUser(req)));
  route(app, e.editProfile, (req) => account.editProfile(currentUser(req), req.body, meta(req)));
}
