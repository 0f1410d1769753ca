import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import type { Role } from '@stoa/shared/account';

import { authStore } from '../../../../lib/auth-store';
import { buildAuthUser, buildProfile } from '../../../../testing/fixtures';
import { mockFetch, ok } from '../../../../testing/mock-fetch';
import { renderApp } from '../../../../testing/test-utils';

const signIn = (role: Role) => authStore.loginSucceeded(buildAuthUser({ role, entityType: null }));

function appApi(role: Role) {
  const empty = () => ok({ applicationList: [], dataCount: 0 });
  return mockFetch({
    'GET /api/Account/GetProfile': () => ok(buildProfile(role, { entityType: null })),
    'GET /api/Notification/NotificationCount': () => ok({ count: 0 }),
    'GET /api/Notification/NotificationResult': () => ok([]),
    'GET /api/Application/GetAll/Advance': empty,
    'GET /api/Application/GetAll/DayAhead': empty,
    'GET /api/Application/GetAll/ContingencySameDay': empty,
    'GET /api/Application/GetApplicationProcessingDates': () => ok([]),
  });
}

describe('SLDC application routes (spec 001 §2: load-centre roles)', () => {
  beforeEach(() => authStore.signOut());

  it('opens the list of the menu entry, keeps Contingency highlighted on its tabs, and reaches the processing screen', async () => {
    signIn('SLDCApproverII');
    const api = appApi('SLDCApproverII');
    const view = renderApp('/applications/sldc/Contingency?type=ContingencySameDay');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contingency Applications' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Same Day' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(api.calls('GET /api/Application/GetAll/ContingencySameDay')).toHaveLength(1));
    const menu = within(screen.getByRole('navigation', { name: 'Main menu' }));
    expect(menu.getByRole('link', { name: 'Contingency' })).toHaveAttribute('aria-current', 'page');
    for (const label of ['Advance', 'Day Ahead', 'First Come First Serve'])
      expect(menu.getByRole('link', { name: label })).toBeInTheDocument();
    view.unmount();

    signIn('SLDCBusinessUser');
    appApi('SLDCBusinessUser');
    const processing = renderApp('/applications/sldc/DayAhead/processing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Day Ahead Processing' }, { timeout: 8000 })).toBeInTheDocument();
    processing.unmount();

    signIn('SLDCApproverI');
    appApi('SLDCApproverI');
    renderApp('/applications/sldc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Advance Applications' }, { timeout: 8000 })).toBeInTheDocument();
  });

  it('keeps the pages from the applicants', async () => {
    signIn('OABusinessUser');
    appApi('OABusinessUser');
    renderApp('/applications/sldc/DayAhead');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/not-authorised'), { timeout: 8000 });
  });
});
