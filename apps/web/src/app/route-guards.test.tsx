import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';

import type { WebRoute } from '@stoa/shared/navigation';

import { authStore } from '../lib/auth-store';
import { buildAuthUser, buildCaptcha, buildProfile } from '../testing/fixtures';
import { mockFetch, ok } from '../testing/mock-fetch';
import { LocationProbe, renderApp } from '../testing/test-utils';
import { RequireRole, returnPath } from './route-guards';

const apiForSignedInPages = () =>
  mockFetch({
    'GET /api/Account/GetCaptcha': () => ok(buildCaptcha('c1')),
    'GET /api/Account/GetProfile': () => ok(buildProfile()),
  });

describe('route guards', () => {
  beforeEach(() => authStore.signOut());

  it('sends an anonymous visitor to the login page and, after login, back to where they were going', async () => {
    apiForSignedInPages();
    renderApp('/profile');

    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');

    act(() => authStore.loginSucceeded(buildAuthUser()));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/profile'));
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument();
  });

  it('after a deliberate Logout, the next login goes to the landing page, not the page the user left', async () => {
    authStore.loginSucceeded(buildAuthUser());
    apiForSignedInPages();
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument();

    act(() => authStore.signOut({ loggedOut: true }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    // A refresh that was in flight fails late (the server closed the session): it changes nothing.
    act(() => authStore.signOut({ sessionEnded: true }));
    expect(authStore.getState()).toMatchObject({ loggedOut: true, sessionEnded: false });

    act(() => authStore.loginSucceeded(buildAuthUser()));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/landing'));
  });

  it('goes to the landing page after a login without a remembered page', async () => {
    apiForSignedInPages();
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Log In' });

    act(() => authStore.loginSucceeded(buildAuthUser()));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/landing'));
    expect(await screen.findByRole('heading', { name: 'Welcome, Ravi Kumar' })).toBeInTheDocument();
  });

  it('keeps a signed-in user off the signed-out pages', async () => {
    authStore.loginSucceeded(buildAuthUser());
    apiForSignedInPages();
    for (const path of ['/login', '/pre-register', '/forgot-password', '/set-password']) {
      const view = renderApp(path);
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/landing'));
      view.unmount();
    }
  });

  it('redirects / to /landing', async () => {
    authStore.loginSucceeded(buildAuthUser());
    apiForSignedInPages();
    renderApp('/');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/landing'));
  });

  it('sends a role that is not allowed to the not-authorised page', async () => {
    authStore.loginSucceeded(buildAuthUser({ role: 'Trader' }));
    const adminOnly: WebRoute = { path: '/admin/users', guard: 'AUTH', roles: ['Admin'] };
    render(
      <MemoryRouter initialEntries={['/admin/users']}>
        <Routes>
          <Route
            path="/admin/users"
            element={
              <RequireRole route={adminOnly}>
                <p>User administration</p>
              </RequireRole>
            }
          />
          <Route path="/not-authorised" element={<p>Not authorised page</p>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Not authorised page')).toBeInTheDocument();
    expect(screen.queryByText('User administration')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/not-authorised');
  });

  it('lets an allowed role through', async () => {
    authStore.loginSucceeded(buildAuthUser({ role: 'Admin' }));
    const adminOnly: WebRoute = { path: '/admin/users', guard: 'AUTH', roles: ['Admin'] };
    render(
      <MemoryRouter initialEntries={['/admin/users']}>
        <Routes>
          <Route path="/admin/users" element={<RequireRole route={adminOnly}>User administration</RequireRole>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText('User administration')).toBeInTheDocument();
  });

  it('shows the not-found page with a link home for unknown paths', async () => {
    apiForSignedInPages();
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404 - Page not found.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home Page' })).toHaveAttribute('href', '/');
  });

  it('only returns to safe in-app paths', () => {
    expect(returnPath({ from: { pathname: '/profile', search: '?a=1', hash: '' } })).toBe('/profile?a=1');
    expect(returnPath({ from: { pathname: '//evil.example' } })).toBe('/');
    expect(returnPath({ from: { pathname: '/login' } })).toBe('/');
    expect(returnPath(null)).toBe('/');
  });
});
