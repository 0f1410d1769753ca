import { lazy } from 'react';

import type { adminPageLoaders } from './admin-pages';

/** Every page is its own chunk (ARCHITECTURE.md §11): the first load is the shell and the login page. */
export const AppLayoutLazy = lazy(() => import('./layouts/app-layout'));

/** An Admin page: its chunk is named by the admin-pages module, loaded with the first Admin page. */
const adminPage = (key: keyof typeof adminPageLoaders) => lazy(() => import('./admin-pages').then((module) => module.adminPageLoaders[key]()));

export const pages = {
  login: lazy(() => import('./routes/login')),
  preRegister: lazy(() => import('./routes/pre-register')),
  setPassword: lazy(() => import('./routes/set-password')),
  forgotPassword: lazy(() => import('./routes/forgot-password')),
  landing: lazy(() => import('./routes/landing')),
  profile: lazy(() => import('./routes/profile')),
  changePassword: lazy(() => import('./routes/change-password')),
  notAuthorised: lazy(() => import('./routes/not-authorised')),
  adminUsers: adminPage('adminUsers'),
  stoaCharges: adminPage('stoaCharges'),
  fees: adminPage('fees'),
  transco: adminPage('transco'),
  discom: adminPage('discom'),
  holidays: adminPage('holidays'),
  bankDetails: adminPage('bankDetails'),
  paymentDetails: adminPage('paymentDetails'),
  userManual: adminPage('userManual'),
  hangfire: adminPage('hangfire'),
};

export const NotFoundPage = lazy(() => import('./routes/not-found'));
