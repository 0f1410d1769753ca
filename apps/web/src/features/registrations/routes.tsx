import { WEB_ROUTES } from '@stoa/shared/navigation';

import { type FeatureRoute, lazyPage, pageTable } from '../../lib/lazy-page';

const page = pageTable(() => import('./pages').then((m) => m.registrationsPages));

const listPage = page('RegistrationListPage');
const formPage = page('RegistrationFormPage');

/** The registration pages (issue 4). */
export const registrationsRoutes: FeatureRoute[] = [
  { route: WEB_ROUTES.registrations, Page: lazyPage(listPage, { kind: 'registrations' }) },
  { route: WEB_ROUTES.registrationRenewals, Page: lazyPage(listPage, { kind: 'renewals' }) },
  { route: WEB_ROUTES.registrationNew, Page: lazyPage(formPage, { mode: 'new' }) },
  { route: WEB_ROUTES.registrationView, Page: lazyPage(formPage, { mode: 'view' }) },
  { route: WEB_ROUTES.registrationRenew, Page: lazyPage(formPage, { mode: 'renew' }) },
];
