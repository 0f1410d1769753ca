import { WEB_ROUTES } from '@stoa/shared/navigation';

import { type FeatureRoute, lazyPage, pageTable } from '../../lib/lazy-page';

const page = pageTable(() => import('./pages').then((m) => m.usersPages));

export const usersRoutes: FeatureRoute[] = [{ route: WEB_ROUTES.adminUsers, Page: lazyPage(page('UsersPage')) }];
