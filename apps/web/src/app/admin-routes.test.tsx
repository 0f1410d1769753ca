import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { menuForRole, WEB_ROUTES } from '@stoa/shared/navigation';

import { authStore } from '../lib/auth-store';
import { buildAuthUser, buildCharge, buildProfile, UTILITIES } from '../testing/fixtures';
import { mockFetch, ok } from '../testing/mock-fetch';
import { renderApp } from '../testing/test-utils';

const admin = () => authStore.loginSucceeded(buildAuthUser({ role: 'Admin', entityType: null }));

const adminApi = () =>
  mockFetch({
    'GET /api/Account/GetProfile': () => ok(buildProfile('Admin')),
    'GET /api/Admin/GetUsers': () => ok({ userList: [], dataCount: 0 }),
    'GET /api/Configuration/Charges/GetAll': () => ok({ chargeList: [buildCharge()] }),
    'GET /api/Configuration/Settings/GetAll': () => ok({ settingList: [] }),
    'GET /api/Configuration/TranscoDiscom/GetAll': () => ok({ transcoDiscomList: UTILITIES }),
    'GET /api/Configuration/Holidays/GetAll': () => ok({ holidayList: [] }),
    'GET /api/Configuration/BankDetails/GetAll': () => ok({ bankDetailList: [] }),
    'GET /api/Configuration/PaymentDetails/GetAll': () => ok({ paymentDetailList: [] }),
    'GET /api/Configuration/UserManual/GetAll': () => ok({ manualList: [] }),
    'GET /api/Jobs/GetRecurringJobs': () => ok([]),
    'GET /api/Notification/NotificationCount': () => ok({ count: 0 }),
    'GET /api/Notification/NotificationResult': () => ok([]),
  });

describe('admin routes', () => {
  beforeEach(() => authStore.signOut());

  it('opens each Admin page through the route table (lazy chunks behind the Admin guard)', async () => {
    admin();
    adminApi();
    const pages: [string, string][] = [
      [WEB_ROUTES.adminUsers.path, 'Users List'],
      [WEB_ROUTES.stoaCharges.path, 'STOA Charges'],
      [WEB_ROUTES.fees.path, 'Fees'],
      [WEB_ROUTES.transco.path, 'TRANSCO'],
      [WEB_ROUTES.discom.path, 'DISCOM'],
      [WEB_ROUTES.holidays.path, 'Holidays'],
      [WEB_ROUTES.bankDetails.path, 'Bank Details'],
      [WEB_ROUTES.paymentDetails.path, 'Payment Details'],
      [WEB_ROUTES.userManual.path, 'User Manuals'],
      [WEB_ROUTES.hangfire.path, 'Recurring Jobs'],
    ];
    for (const [path, title] of pages) {
      const view = renderApp(path);
      // The first visit of each lazy chunk transforms it: seconds on a loaded 2-core machine.
      expect(await screen.findByRole('heading', { level: 1, name: title }, { timeout: 20_000 })).toBeInTheDocument();
      view.unmount();
    }
  }, 120_000);

  it('sends other roles to the not-authorised page', async () => {
    authStore.loginSucceeded(buildAuthUser({ role: 'SLDCBusinessUser' }));
    adminApi();
    renderApp('/configurations/fees');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/not-authorised'));
  });

  it("links the Admin dashboard to the built pages (from the role's menu)", async () => {
    admin();
    adminApi();
    renderApp('/landing');
    const services = await screen.findByRole('region', { name: 'Your services' });
    const links = within(services)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(links).toEqual(menuForRole('Admin').flatMap((s) => s.items.map((i) => i.path)));
    expect(links).toEqual([
      '/admin/users',
      '/configurations/stoaCharges',
      '/configurations/fees',
      '/configurations/transco',
      '/configurations/discom',
      '/configurations/holiday',
      '/configurations/bankDetails',
      '/configurations/payment',
      '/configurations/manual',
      '/hangfire',
    ]);
  });
});
