import { Navigate, type RouteObject, useRoutes } from 'react-router';

import { WEB_ROUTES } from '@stoa/shared/navigation';

import { accountRoutes } from '../features/account/routes';
import { applicationsRoutes } from '../features/applications/routes';
import { atcRoutes } from '../features/atc/routes';
import { configurationRoutes } from '../features/configuration/routes';
import { curtailmentRoutes } from '../features/curtailment/routes';
import { eBiddingRoutes } from '../features/e-bidding/routes';
import { interStateRoutes } from '../features/inter-state/routes';
import { paymentsRoutes } from '../features/payments/routes';
import { jobsRoutes } from '../features/jobs/routes';
import { registrationsRoutes } from '../features/registrations/routes';
import { reportsRoutes } from '../features/reports/routes';
import { revisionsRoutes } from '../features/revisions/routes';
import { tradersRoutes } from '../features/traders/routes';
import { usersRoutes } from '../features/users/routes';
import type { FeatureRoute } from '../lib/lazy-page';
import { AnyLayout, RequireAnonymous, RequireAuth, RequireRole } from './route-guards';
import { NotFoundPage, shellRoutes } from './shell-pages';

/** Every page of the portal: each feature exports its own (features/<feature>/routes.tsx). */
export const featureRoutes: FeatureRoute[] = [
  ...accountRoutes,
  ...shellRoutes,
  ...usersRoutes,
  ...configurationRoutes,
  ...jobsRoutes,
  ...tradersRoutes,
  ...registrationsRoutes,
  ...atcRoutes,
  ...applicationsRoutes,
  ...revisionsRoutes,
  ...curtailmentRoutes,
  ...eBiddingRoutes,
  ...paymentsRoutes,
  ...interStateRoutes,
  ...reportsRoutes,
];

function pageRoute({ route, Page }: FeatureRoute): RouteObject {
  return {
    path: route.path,
    element: (
      <RequireRole route={route}>
        <Page />
      </RequireRole>
    ),
  };
}

const guarded = (guard: 'AUTH' | 'UNAUTH' | 'PUBLIC') => featureRoutes.filter(({ route }) => route.guard === guard).map(pageRoute);

/**
 * The route table. Guards come from WEB_ROUTES (packages/shared): AUTH pages sit under
 * RequireAuth (signed-in layout), UNAUTH pages under RequireAnonymous (card layout), PUBLIC pages
 * (e.g. /verify) under AnyLayout (either, as the visitor is signed in or not), and every page is a
 * lazily loaded chunk. The layouts wrap their pages in an error boundary.
 */
export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to={WEB_ROUTES.landing.path} replace /> },
  { element: <RequireAnonymous />, children: guarded('UNAUTH') },
  { element: <RequireAuth />, children: guarded('AUTH') },
  { element: <AnyLayout />, children: [...guarded('PUBLIC'), { path: '*', element: <NotFoundPage /> }] },
];

export function AppRoutes() {
  return useRoutes(routes);
}
