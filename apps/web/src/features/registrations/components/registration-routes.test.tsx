import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import type { Role } from '@stoa/shared/account';

import { authStore } from '../../../lib/auth-store';
import { buildAuthUser, buildProfile } from '../../../testing/fixtures';
import { mockFetch, ok } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/test-utils';

const empty = () => ok({ registrationList: [], dataCount: 0 });
const signIn = (role: Role) =>
  authStore.loginSucceeded(buildAuthUser({ role, entityType: role === 'OABusinessUser' ? 'BothEntity' : null }));

function appApi(role: Role) {
  return mockFetch({
    'GET /api/Account/GetProfile': () => ok(buildProfile(role)),
    'GET /api/Notification/NotificationCount': () => ok({ count: 0 }),
    'GET /api/Notification/NotificationResult': () => ok([]),
    'GET /api/Registration/GetBothEntityRegistrations': empty,
    'GET /api/Registration/GetRegistrations': empty,
    'GET /api/Registration/GetTranscoDiscomRegistrations': empty,
    'GET /api/Registration/GetRenewalRegistrations': empty,
  });
}

describe('registration routes', () => {
  beforeEach(() => authStore.signOut());

  it('opens the lists through the route table for applicants and reviewers', async () => {
    const cases: [Role, string, string][] = [
      ['OABusinessUser', '/registrations', 'Registrations'],
      ['OABusinessUser', '/registrations/renew', 'Renewal of Registration'],
      ['SLDCBusinessUser', '/registrations', 'Registration Requests'],
      ['TRANSCOBusinessUser', '/registrations/renew', 'Renewal Requests'],
    ];
    for (const [role, path, title] of cases) {
      signIn(role);
      appApi(role);
      const view = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: title }, { timeout: 8000 })).toBeInTheDocument();
      view.unmount();
    }
  });

  it('keeps the new registration form to the owners and the lists from the Admin', async () => {
    signIn('DISCOMBusinessUser');
    appApi('DISCOMBusinessUser');
    const view = renderApp('/registrations/new/BothEntity');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/not-authorised'));
    view.unmount();
    authStore.loginSucceeded(buildAuthUser({ role: 'Admin', entityType: null }));
    appApi('Admin');
    renderApp('/registrations');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/not-authorised'));
  });
});
