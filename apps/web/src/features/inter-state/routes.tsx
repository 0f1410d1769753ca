import { WEB_ROUTES } from '@stoa/shared/navigation';

import { type FeatureRoute, lazyPage, pageTable } from '../../lib/lazy-page';

const page = pageTable(() => import('./pages').then((m) => m.interStatePages));

/** Standing clearances (issue 14, decision 0060) and consents for inter-state STOA (decision 0068). */
export const interStateRoutes: FeatureRoute[] = [
  { route: WEB_ROUTES.standingClearances, Page: lazyPage(page('AllStandingClearancesPage')) },
  { route: WEB_ROUTES.standingClearancesPowerExchange, Page: lazyPage(page('PowerExchangeClearancesPage')) },
  { route: WEB_ROUTES.standingClearancesBilateral, Page: lazyPage(page('BilateralClearancesPage')) },
  { route: WEB_ROUTES.standingClearanceApply, Page: lazyPage(page('StandingClearanceApplyPage')) },
  { route: WEB_ROUTES.standingClearanceView, Page: lazyPage(page('StandingClearanceDetailPage')) },
  { route: WEB_ROUTES.interStateConsents, Page: lazyPage(page('ConsentListPage')) },
  { route: WEB_ROUTES.interStateConsentApply, Page: lazyPage(page('ConsentApplyPage')) },
  // Inter-state registration (decision 0076): the list and /{utilityType}/{id}.
  { route: WEB_ROUTES.interStateRegistrations, Page: lazyPage(page('IsrListPage')) },
  { route: WEB_ROUTES.interStateRegistrationDiscom, Page: lazyPage(page('IsrDiscomPage')) },
  { route: WEB_ROUTES.interStateRegistrationTransco, Page: lazyPage(page('IsrTranscoPage')) },
];
