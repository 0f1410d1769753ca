import { lazy } from 'react';

import type { adminPageLoaders } from './admin-pages';
import type { atcPageLoaders } from './atc-pages';
import type { registrationPageLoaders } from './registration-pages';
import type { traderPageLoaders } from './trader-pages';

/** Every page is its own chunk (ARCHITECTURE.md §11): the first load is the shell and the login page. */
export const AppLayoutLazy = lazy(() => import('./layouts/app-layout'));

/** An Admin page: its chunk is named by the admin-pages module, loaded with the first Admin page. */
const adminPage = (key: keyof typeof adminPageLoaders) => lazy(() => import('./admin-pages').then((module) => module.adminPageLoaders[key]()));
/** A registration page (issue 4), through the registration-pages module likewise. */
const registrationPage = (key: keyof typeof registrationPageLoaders) =>
  lazy(() => import('./registration-pages').then((module) => module.registrationPageLoaders[key]()));
/** A trader management page (issue 4), through the trader-pages module likewise. */
const traderPage = (key: keyof typeof traderPageLoaders) => lazy(() => import('./trader-pages').then((module) => module.traderPageLoaders[key]()));
/** An ATC page (issue 5), through the atc-pages module likewise. */
const atcPage = (key: keyof typeof atcPageLoaders) => lazy(() => import('./atc-pages').then((module) => module.atcPageLoaders[key]()));

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
  traders: traderPage('traders'),
  entities: traderPage('entities'),
  registrations: registrationPage('registrations'),
  registrationRenewals: registrationPage('registrationRenewals'),
  registrationNew: registrationPage('registrationNew'),
  registrationView: registrationPage('registrationView'),
  registrationRenew: registrationPage('registrationRenew'),
  atcIntraStateUpload: atcPage('atcIntraStateUpload'),
  atcIntraStateViewEdit: atcPage('atcIntraStateViewEdit'),
  atcInterStateUpload: atcPage('atcInterStateUpload'),
  atcInterStateViewEdit: atcPage('atcInterStateViewEdit'),
};

export const NotFoundPage = lazy(() => import('./routes/not-found'));
