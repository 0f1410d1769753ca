import { WEB_ROUTES } from '@stoa/shared/navigation';

import { type FeatureRoute, lazyPage, pageTable } from '../../lib/lazy-page';

const page = pageTable(() => import('./pages').then((m) => m.configurationPages));

const chargesPage = page('ChargesPage');
const utilitiesPage = page('UtilitiesPage');

/** The Admin's configuration pages (issue 3). */
export const configurationRoutes: FeatureRoute[] = [
  { route: WEB_ROUTES.stoaCharges, Page: lazyPage(chargesPage, { kind: 'CHARGE' }) },
  { route: WEB_ROUTES.fees, Page: lazyPage(chargesPage, { kind: 'FEE' }) },
  { route: WEB_ROUTES.transco, Page: lazyPage(utilitiesPage, { type: 'TRANSCO' }) },
  { route: WEB_ROUTES.discom, Page: lazyPage(utilitiesPage, { type: 'DISCOM' }) },
  { route: WEB_ROUTES.holidays, Page: lazyPage(page('HolidaysPage')) },
  { route: WEB_ROUTES.bankDetails, Page: lazyPage(page('BankDetailsPage')) },
  { route: WEB_ROUTES.paymentDetails, Page: lazyPage(page('PaymentDetailsPage')) },
  { route: WEB_ROUTES.userManual, Page: lazyPage(page('UserManualsPage')) },
];
