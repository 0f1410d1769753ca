import { Navigate, type RouteObject, useRoutes } from 'react-router';

import { WEB_ROUTES } from '@stoa/shared';

import { NotFoundPage, pages } from './lazy-pages';
import { AnyLayout, RequireAnonymous, RequireAuth, RequireRole } from './route-guards';

type PageKey = keyof typeof WEB_ROUTES & keyof typeof pages;

function pageRoute(key: PageKey): RouteObject {
  const route = WEB_ROUTES[key];
  const Page = pages[key];
  return {
    path: route.path,
    element: (
      <RequireRole route={route}>
        <Page />
      </RequireRole>
    ),
  };
}

const keysWith = (guard: 'AUTH' | 'UNAUTH') =>
  (Object.keys(WEB_ROUTES) as PageKey[]).filter((key) => WEB_ROUTES[key].guard === guard && key in pages);

/**
 * The route table. Guards come from WEB_ROUTES (packages/shared): AUTH pages sit under
 * RequireAuth (signed-in layout), UNAUTH pages under RequireAnonymous (card layout), and every
 * page is a lazily loaded chunk. The layouts wrap their pages in an error boundary.
 */
export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to={WEB_ROUTES.landing.path} replace /> },
  { element: <RequireAnonymous />, children: keysWith('UNAUTH').map(pageRoute) },
  { element: <RequireAuth />, children: keysWith('AUTH').map(pageRoute) },
  { element: <AnyLayout />, children: [{ path: '*', element: <NotFoundPage /> }] },
];

export function AppRoutes() {
  return useRoutes(routes);
}
