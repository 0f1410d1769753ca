import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { authStore } from '../../../lib/auth-store';
import { buildAuthUser, buildProfile } from '../../../testing/fixtures';
import { mockFetch, ok } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/test-utils';

describe('the dashboard services', () => {
  beforeEach(() => authStore.signOut());

  it('names each service link once: a one-page service is its heading, and no two links share a name', async () => {
    mockFetch({
      'GET /api/Account/GetProfile': () => ok(buildProfile('OABusinessUser')),
      'GET /api/Payment/GetDues': () => ok({ dueList: [], dataCount: 0 }),
      'GET /api/Notification/NotificationCount': () => ok({ count: 0 }),
      'GET /api/Notification/NotificationResult': () => ok([]),
    });
    authStore.loginSucceeded(buildAuthUser({ role: 'OABusinessUser' }));
    renderApp('/landing');
    const services = await screen.findByRole('region', { name: 'Your services' }, { timeout: 8000 });
    // 'Traders' is shown once, as the heading that is the link.
    expect(within(services).getAllByText('Traders')).toHaveLength(1);
    const heading = within(services).getByRole('heading', { level: 3, name: 'Traders' });
    expect(within(heading).getByRole('link', { name: 'Traders' })).toHaveAttribute('href', '/traders');
    const names = within(services)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(new Set(names).size).toBe(names.length);
  });
});
