import { WEB_ROUTES } from '@stoa/shared/navigation';

import { type FeatureRoute, lazyPage, pageTable } from '../../lib/lazy-page';

const page = pageTable(() => import('./pages').then((m) => m.revisionsPages));

/** The revision pages (issue 5). */
export const revisionsRoutes: FeatureRoute[] = [
  { route: WEB_ROUTES.oaRevisions, Page: lazyPage(page('OaRevisionsPage')) },
  { route: WEB_ROUTES.sldcRevisions, Page: lazyPage(page('SldcRevisionsPage')) },
  { route: WEB_ROUTES.revisionView, Page: lazyPage(page('RevisionPage')) },
];
