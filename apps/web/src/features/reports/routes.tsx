import { WEB_ROUTES } from '@stoa/shared/navigation';

import { type FeatureRoute, lazyPage, pageTable } from '../../lib/lazy-page';

const page = pageTable(() => import('./pages').then((m) => m.reportsPages));

/** Reports (issue 15): one page for every report of the registry (packages/shared/reports). */
export const reportsRoutes: FeatureRoute[] = [
  { route: WEB_ROUTES.report, Page: lazyPage(page('ReportPage')) },
  // Public (guard PUBLIC, decision 0085): the SLDC's open access information, signed in or not.
  { route: WEB_ROUTES.openAccessInformation, Page: lazyPage(page('OpenAccessInformationPage')) },
];
