import { WEB_ROUTES } from '@stoa/shared/navigation';

import { type FeatureRoute, lazyPage, pageTable } from '../../lib/lazy-page';

const page = pageTable(() => import('./pages').then((m) => m.curtailmentPages));

/** The curtailment pages (issue 5; load-centre roles, OA applicants, traders). */
export const curtailmentRoutes: FeatureRoute[] = [
  { route: WEB_ROUTES.curtailments, Page: lazyPage(page('CurtailmentListPage')) },
  { route: WEB_ROUTES.curtailmentView, Page: lazyPage(page('CurtailmentDetailPage')) },
];
