import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import type { DashboardItem } from '@stoa/shared/dashboard';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { buildAuthUser, buildProfile } from '../../../testing/fixtures';
import { fail, mockFetch, ok } from '../../../testing/mock-fetch';
import { renderApp, renderWithProviders } from '../../../testing/test-utils';
import { WaitingWorkCard } from './waiting-work-card';

const HOUR = 3_600_000;

function item(overrides: Partial<DashboardItem>): DashboardItem {
  return {
    kind: 'applications',
    applicationType: 'DayAhead',
    status: 'Submitted',
    statusDescription: 'Pending SLDC verification',
    count: 0,
    capped: false,
    link: '/applications/sldc/DayAhead?status=Submitted',
    deemedAt: null,
    ...overrides,
  };
}

function renderCard() {
  authStore.loginSucceeded(buildAuthUser({ role: 'SLDCBusinessUser', entityType: null }));
  return renderWithProviders(
    <QueryProvider client={createQueryClient()}>
      <WaitingWorkCard />
    </QueryProvider>,
  );
}

describe('waiting work card', () => {
  beforeEach(() => authStore.signOut());

  it('shows the payments pending approval and the standing clearances waiting, each a link to its list (decision 0079)', async () => {
    mockFetch({
      'GET /api/Dashboard/GetWaitingWork': () =>
        ok({
          items: [
            item({
              kind: 'payments',
              applicationType: null,
              status: 'PENDING',
              statusDescription: 'Pending Approval',
              count: 4,
              link: '/payments/dashboard',
            }),
            item({
              kind: 'standingClearances',
              applicationType: null,
              status: 'Submitted',
              statusDescription: 'Pending SLDC scrutiny',
              count: 2,
              link: '/standing-clearance-power?status=Submitted',
            }),
          ],
        }),
    });
    renderCard();
    const region = await screen.findByRole('region', { name: 'Waiting for you' });
    expect(await within(region).findByRole('link', { name: '4 Payments: Pending Approval. Open the list' })).toHaveAttribute(
      'href',
      '/payments/dashboard',
    );
    expect(within(region).getByRole('link', { name: '2 Standing clearances: Pending SLDC scrutiny. Open the list' })).toHaveAttribute(
      'href',
      '/standing-clearance-power?status=Submitted',
    );
  });

  it('shows the non-zero figures, each a link to its filtered list, with the consent clock', async () => {
    mockFetch({
      'GET /api/Dashboard/GetWaitingWork': () =>
        ok({
          items: [
            item({ count: 12 }),
            item({ applicationType: 'FCFS', link: '/applications/sldc/FCFS?status=Submitted' }),
            item({ applicationType: 'Advance', count: 10_000, capped: true, link: '/applications/sldc/Advance?status=Submitted' }),
            item({
              kind: 'registrations',
              applicationType: null,
              status: 'PendingDISCOMApproval',
              statusDescription: 'Pending DISCOM approval',
              count: 3,
              link: '/registrations?status=PendingDISCOMApproval',
              deemedAt: new Date(Date.now() + 51 * HOUR + 20 * 60_000).toISOString(),
            }),
          ],
        }),
    });
    renderCard();
    const region = await screen.findByRole('region', { name: 'Waiting for you' });
    const dayAhead = await within(region).findByRole('link', {
      name: '12 Day Ahead applications: Pending SLDC verification. Open the list',
    });
    expect(dayAhead).toHaveAttribute('href', '/applications/sldc/DayAhead?status=Submitted');
    expect(within(region).getByRole('link', { name: /^10,000\+ Advance applications/ })).toHaveAttribute(
      'href',
      '/applications/sldc/Advance?status=Submitted',
    );
    // A zero is not shown.
    expect(within(region).queryByRole('link', { name: /First Come First Serve/ })).not.toBeInTheDocument();
    const consent = within(region).getByRole('link', { name: '3 Registrations: Pending DISCOM approval. Open the list' });
    expect(consent).toHaveAttribute('href', '/registrations?status=PendingDISCOMApproval');
    expect(within(consent).getByText('Deemed consent in 2 days 3 h')).toBeInTheDocument();
  });

  it('says so when nothing waits', async () => {
    mockFetch({ 'GET /api/Dashboard/GetWaitingWork': () => ok({ items: [item({ count: 0 })] }) });
    renderCard();
    expect(await screen.findByText('Nothing waits for you right now.')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows the fetch error with a retry that loads again', async () => {
    let answer = fail(403, 'FORBIDDEN', 'You are not allowed to do this.');
    const api = mockFetch({ 'GET /api/Dashboard/GetWaitingWork': () => answer });
    renderCard();
    expect(await screen.findByText('Sorry! We are unable to fetch the data.')).toBeInTheDocument();
    answer = ok({ items: [item({ count: 1 })] });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /^1 Day Ahead applications/ })).toBeInTheDocument();
    expect(api.calls('GET /api/Dashboard/GetWaitingWork')).toHaveLength(2);
  });

  it('shows the Admin its users and recurring jobs, each a link to the page where it acts', async () => {
    const admin = (status: string, statusDescription: string, count: number, link: string, kind: 'users' | 'jobs' = 'users') =>
      item({ kind, applicationType: null, status, statusDescription, count, link });
    mockFetch({
      'GET /api/Dashboard/GetWaitingWork': () =>
        ok({
          items: [
            admin('PendingFirstLogin', 'Pending first login', 4, '/admin/users?status=PendingFirstLogin'),
            admin('Disabled', 'Disabled', 0, '/admin/users?status=Disabled'),
            admin('Defaulter', 'Defaulter', 1_250, '/admin/users?status=Defaulter'),
            admin('Failed', 'Last run failed', 1, '/hangfire', 'jobs'),
            admin('Late', 'A scheduled run is late', 0, '/hangfire', 'jobs'),
          ],
        }),
    });
    authStore.loginSucceeded(buildAuthUser({ role: 'Admin', entityType: null }));
    renderWithProviders(
      <QueryProvider client={createQueryClient()}>
        <WaitingWorkCard />
      </QueryProvider>,
    );
    const region = await screen.findByRole('region', { name: 'Waiting for you' });
    expect(within(region).getByText('What needs your attention now. Each figure opens the page where you act on it.')).toBeInTheDocument();
    expect(await within(region).findByRole('link', { name: '4 Users: Pending first login. Open the list' })).toHaveAttribute(
      'href',
      '/admin/users?status=PendingFirstLogin',
    );
    expect(within(region).getByRole('link', { name: '1,250 Users: Defaulter. Open the list' })).toHaveAttribute(
      'href',
      '/admin/users?status=Defaulter',
    );
    expect(within(region).getByRole('link', { name: '1 Recurring jobs: Last run failed. Open the list' })).toHaveAttribute(
      'href',
      '/hangfire',
    );
    // Zeros are not shown.
    expect(within(region).getAllByRole('link')).toHaveLength(3);
    expect(within(region).queryByText('Disabled')).not.toBeInTheDocument();
    expect(within(region).queryByText('A scheduled run is late')).not.toBeInTheDocument();
  });

  it('is on the dashboard of every role, the Admin’s with its own figures, above the account', async () => {
    let items = [item({ count: 2 })];
    mockFetch({
      'GET /api/Account/GetProfile': () => ok(buildProfile('SLDCBusinessUser')),
      'GET /api/Dashboard/GetWaitingWork': () => ok({ items }),
      'GET /api/Notification/NotificationCount': () => ok({ count: 0 }),
      'GET /api/Notification/NotificationResult': () => ok([]),
    });
    authStore.loginSucceeded(buildAuthUser({ role: 'SLDCBusinessUser', entityType: null }));
    const sldc = renderApp('/landing');
    const region = await screen.findByRole('region', { name: 'Waiting for you' }, { timeout: 8000 });
    expect(await within(region).findByRole('link', { name: /^2 Day Ahead applications/ })).toBeInTheDocument();
    sldc.unmount();

    items = [
      item({
        kind: 'users',
        applicationType: null,
        status: 'Disabled',
        statusDescription: 'Disabled',
        count: 3,
        link: '/admin/users?status=Disabled',
      }),
    ];
    authStore.loginSucceeded(buildAuthUser({ role: 'Admin', entityType: null }));
    renderApp('/landing');
    const adminRegion = await screen.findByRole('region', { name: 'Waiting for you' }, { timeout: 8000 });
    expect(await within(adminRegion).findByRole('link', { name: '3 Users: Disabled. Open the list' })).toHaveAttribute(
      'href',
      '/admin/users?status=Disabled',
    );
  });
});
