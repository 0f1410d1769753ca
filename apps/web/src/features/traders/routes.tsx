import { WEB_ROUTES } from '@stoa/shared/navigation';

import { type FeatureRoute, lazyPage, pageTable } from '../../lib/lazy-page';

const page = pageTable(() => import('./pages').then((m) => m.tradersPages));

/** Trader management (issue 4): an OA business user's traders, a trader's entities. */
export const tradersRoutes: FeatureRoute[] = [
  { route: WEB_ROUTES.traders, Page: lazyPage(page('TradersPage')) },
  { route: WEB_ROUTES.entities, Page: lazyPage(page('EntitiesPage')) },
];
