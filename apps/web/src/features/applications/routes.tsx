import { WEB_ROUTES } from '@stoa/shared/navigation';

import { type FeatureRoute, lazyPage, pageTable } from '../../lib/lazy-page';

const page = pageTable(() => import('./pages').then((m) => m.applicationsPages));

/** The application pages (issue 5): the SLDC's (load-centre roles), then the applicant's and trader's. */
export const applicationsRoutes: FeatureRoute[] = [
  { route: WEB_ROUTES.sldcApplications, Page: lazyPage(page('SldcApplicationListPage')) },
  { route: WEB_ROUTES.sldcApplicationProcessing, Page: lazyPage(page('SldcProcessingPage')) },
  { route: WEB_ROUTES.sldcApplicationView, Page: lazyPage(page('SldcApplicationDetailPage')) },
  { route: WEB_ROUTES.oaApplications, Page: lazyPage(page('ApplicationListPage')) },
  { route: WEB_ROUTES.oaApplicationForm, Page: lazyPage(page('ApplicationPage')) },
];
