import { lazy } from 'react';

import type { adminPageLoaders } from './admin-pages';
import type { atcPageLoaders } from './atc-pages';
import type { curtailmentPageLoaders } from './curtailment-pages';
import type { eBiddingPageLoaders } from './e-bidding-pages';
import type { applicationOaPageLoaders } from './application-oa-pages';
import type { applicationSldcPageLoaders } from './application-sldc-pages';
import type { registrationPageLoaders } from './registration-pages';
import type { revisionPageLoaders } from './revision-pages';
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
/** An SLDC application page (issue 5), through the application-sldc-pages module likewise. */
const applicationSldcPage = (key: keyof typeof applicationSldcPageLoaders) =>
  lazy(() => import('./application-sldc-pages').then((module) => module.applicationSldcPageLoaders[key]()));
/** An applicant's or trader's application page (issue 5), through the application-oa-pages module likewise. */
const applicationOaPage = (key: keyof typeof applicationOaPageLoaders) =>
  lazy(() => import('./application-oa-pages').then((module) => module.applicationOaPageLoaders[key]()));

/** A revision page (issue 5), through the revision-pages module likewise. */
const revisionPage = (key: keyof typeof revisionPageLoaders) => lazy(() => import('./revision-pages').then((module) => module.revisionPageLoaders[key]()));
/** A curtailment page (issue 5), through the curtailment-pages module likewise. */
const curtailmentPage = (key: keyof typeof curtailmentPageLoaders) =>
  lazy(() => import('./curtailment-pages').then((module) => module.curtailmentPageLoaders[key]()));

/** An e-bidding page (issue 6), through the e-bidding-pages module likewise. */
const eBiddingPage = (key: keyof typeof eBiddingPageLoaders) => lazy(() => import('./e-bidding-pages').then((module) => module.eBiddingPageLoaders[key]()));

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
  oaApplications: applicationOaPage('oaApplications'),
  oaApplicationForm: applicationOaPage('oaApplicationForm'),
  sldcApplications: applicationSldcPage('sldcApplications'),
  sldcApplicationView: applicationSldcPage('sldcApplicationView'),
  sldcApplicationProcessing: applicationSldcPage('sldcApplicationProcessing'),
  oaRevisions: revisionPage('oaRevisions'),
  sldcRevisions: revisionPage('sldcRevisions'),
  revisionView: revisionPage('revisionView'),
  curtailments: curtailmentPage('curtailments'),
  curtailmentView: curtailmentPage('curtailmentView'),
  eBidding: eBiddingPage('eBidding'),
  eBiddingInvitation: eBiddingPage('eBiddingInvitation'),
  eBiddingApply: eBiddingPage('eBiddingApply'),
  eBiddingProcess: eBiddingPage('eBiddingProcess'),
  eBiddingDetails: eBiddingPage('eBiddingDetails'),
};

export const NotFoundPage = lazy(() => import('./routes/not-found'));
