import { lazy } from 'react';

import { WEB_ROUTES } from '@stoa/shared/navigation';

import { type FeatureRoute, lazyPage } from '../lib/lazy-page';

/** Every page is its own chunk (ARCHITECTURE.md §11): the first load is the shell and the login page. */
export const AppLayoutLazy = lazy(() => import('./layouts/app-layout'));

/** The pages of no feature: 'not authorised' (a route) and 'not found' (any other path). */
export const shellRoutes: FeatureRoute[] = [
  { route: WEB_ROUTES.notAuthorised, Page: lazyPage(() => import('../components/not-authorised-page').then((m) => m.NotAuthorisedPage)) },
];

export const NotFoundPage = lazyPage(() => import('../components/not-found-page').then((m) => m.NotFoundPage));
