import { WEB_ROUTES } from '@stoa/shared/navigation';

import { type FeatureRoute, lazyPage, pageTable } from '../../lib/lazy-page';

const page = pageTable(() => import('./pages').then((m) => m.paymentsPages));

/** Payments (issue 13): the OA applicant's TDS Configuration, the Admin's TDS interest percentages,
 * the SLDC bank account for payers. */
export const paymentsRoutes: FeatureRoute[] = [
  { route: WEB_ROUTES.tdsConfig, Page: lazyPage(page('TdsConfigPage')) },
  { route: WEB_ROUTES.tdsInterest, Page: lazyPage(page('TdsInterestPage')) },
  { route: WEB_ROUTES.sldcBankDetails, Page: lazyPage(page('SldcBankDetailsPage')) },
];
