import { WEB_ROUTES } from '@stoa/shared/navigation';

import { type FeatureRoute, lazyPage, pageTable } from '../../lib/lazy-page';

const page = pageTable(() => import('./pages').then((m) => m.jobsPages));

export const jobsRoutes: FeatureRoute[] = [{ route: WEB_ROUTES.hangfire, Page: lazyPage(page('RecurringJobsPage')) }];
