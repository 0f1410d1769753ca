import { WEB_ROUTES } from '@stoa/shared/navigation';

import { type FeatureRoute, lazyPage } from '../../lib/lazy-page';

/** The sign-in pages (guard UNAUTH) and the signed-in user's own pages. */
export const accountRoutes: FeatureRoute[] = [
  { route: WEB_ROUTES.login, Page: lazyPage(() => import('./components/login-page').then((m) => m.LoginPage)) },
  { route: WEB_ROUTES.preRegister, Page: lazyPage(() => import('./components/pre-register-page').then((m) => m.PreRegisterPage)) },
  { route: WEB_ROUTES.setPassword, Page: lazyPage(() => import('./components/set-password-page').then((m) => m.SetPasswordPage)) },
  { route: WEB_ROUTES.forgotPassword, Page: lazyPage(() => import('./components/forgot-password-page').then((m) => m.ForgotPasswordPage)) },
  { route: WEB_ROUTES.landing, Page: lazyPage(() => import('./components/landing-page').then((m) => m.LandingPage)) },
  { route: WEB_ROUTES.profile, Page: lazyPage(() => import('./components/profile-page').then((m) => m.ProfilePage)) },
  { route: WEB_ROUTES.changePassword, Page: lazyPage(() => import('./components/change-password-page').then((m) => m.ChangePasswordPage)) },
];
