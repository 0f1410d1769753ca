import { lazy } from 'react';

/** Every page is its own chunk (ARCHITECTURE.md §11): the first load is the shell and the login page. */
export const AppLayoutLazy = lazy(() => import('./layouts/app-layout'));

export const pages = {
  login: lazy(() => import('./routes/login')),
  preRegister: lazy(() => import('./routes/pre-register')),
  setPassword: lazy(() => import('./routes/set-password')),
  forgotPassword: lazy(() => import('./routes/forgot-password')),
  landing: lazy(() => import('./routes/landing')),
  profile: lazy(() => import('./routes/profile')),
  changePassword: lazy(() => import('./routes/change-password')),
  notAuthorised: lazy(() => import('./routes/not-authorised')),
};

export const NotFoundPage = lazy(() => import('./routes/not-found'));
