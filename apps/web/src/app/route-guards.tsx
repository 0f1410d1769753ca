import { Suspense, type ReactNode } from 'react';
import { type Location, Navigate, useLocation } from 'react-router';

import { roleAllowed } from '@stoa/shared/account';
import { type WebRoute, WEB_ROUTES } from '@stoa/shared/navigation';

import { AuthLayout } from '../components/layouts/auth-layout';
import { FullPageLoader } from '../components/page-loader';
import { useAuth, useAuthUser } from '../lib/auth-store';
import { AppLayoutLazy } from './shell-pages';

/** Where the login page sends a user after signing in: the remembered page, else '/'. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  const path = from?.pathname;
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) return '/';
  const unauthPaths = Object.values(WEB_ROUTES)
    .filter((r) => r.guard === 'UNAUTH')
    .map((r) => r.path as string);
  if (unauthPaths.includes(path)) return '/';
  return `${path}${from?.search ?? ''}${from?.hash ?? ''}`;
}

/**
 * AUTH pages: anonymous visitors go to the login page, which remembers where they were going; after
 * a deliberate Logout it remembers nothing, so the next login (perhaps another user's) starts at the
 * landing page.
 */
export function RequireAuth() {
  const { user, loggedOut } = useAuth();
  const location = useLocation();
  if (!user) return <Navigate to={WEB_ROUTES.login.path} replace state={loggedOut ? undefined : { from: location }} />;
  return (
    <Suspense fallback={<FullPageLoader />}>
      <AppLayoutLazy />
    </Suspense>
  );
}

/** UNAUTH pages: a signed-in user is sent on (to the remembered page after logging in, else '/'). */
export function RequireAnonymous() {
  const user = useAuthUser();
  const location = useLocation();
  if (user) return <Navigate to={returnPath(location.state)} replace />;
  return <AuthLayout />;
}

/** A page's own role list (WEB_ROUTES): a role not allowed goes to the not-authorised page. */
export function RequireRole({ route, children }: { route: WebRoute; children: ReactNode }) {
  const user = useAuthUser();
  if (route.guard === 'AUTH' && !roleAllowed(user?.role, route.roles)) {
    return <Navigate to={WEB_ROUTES.notAuthorised.path} replace />;
  }
  return <>{children}</>;
}

/** Pages open to everyone (404): inside the signed-in layout when signed in, else the card layout. */
export function AnyLayout() {
  const user = useAuthUser();
  if (user) {
    return (
      <Suspense fallback={<FullPageLoader />}>
        <AppLayoutLazy />
      </Suspense>
    );
  }
  return <AuthLayout />;
}
