import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';

import { istDate } from '@stoa/shared/common';
import { menuForRole, WEB_ROUTES } from '@stoa/shared/navigation';
import type { TdsConfig, TdsInterest } from '@stoa/shared/payments';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { buildAuthUser, buildProfile } from '../../../testing/fixtures';
import { fail, mockFetch, ok } from '../../../testing/mock-fetch';
import { renderApp, renderWithProviders } from '../../../testing/test-utils';
import { TdsConfigPage } from './tds-config-page';
import { TdsInterestPage } from './tds-interest-page';

const future = istDate(new Date(Date.now() + 30 * 86_400_000));

const config = (over: Partial<TdsConfig> = {}): TdsConfig => ({
  id: 'c1',
  head: 'SLDC_OPERATING_CHARGE',
  headLabel: 'SLDC operating charge',
  section: '194C_OTHER',
  rateBasisPoints: 200,
  ratePercent: '2.00',
  effectiveFrom: '2026-04-01',
  state: 'CURRENT',
  remarks: null,
  createdAt: '2026-04-01T00:00:00Z',
  updatedAt: '2026-04-01T00:00:00Z',
  ...over,
});
const interest = (over: Partial<TdsInterest> = {}): TdsInterest => ({
  id: 'i1',
  rateBasisPoints: 150,
  ratePercent: '1.50',
  effectiveFrom: '2026-04-01',
  state: 'CURRENT',
  remarks: null,
  createdAt: '2026-04-01T00:00:00Z',
  ...over,
});

function renderAs(role: 'OABusinessUser' | 'Admin', ui: ReactNode) {
  authStore.loginSucceeded(buildAuthUser({ role, entityType: role === 'Admin' ? null : undefined }));
  return renderWithProviders(<QueryProvider client={createQueryClient()}>{ui}</QueryProvider>, '/payments');
}

describe('TDS Configuration page (OA applicant)', () => {
  beforeEach(() => authStore.signOut());

  it('lists the declarations and edits one not yet in force', async () => {
    const upcoming = config({
      id: 'c2',
      head: 'STU_TRANSMISSION_CHARGE',
      headLabel: 'STU transmission charge',
      section: '194J_A',
      ratePercent: '2.00',
      effectiveFrom: future,
      state: 'FUTURE',
    });
    const api = mockFetch({
      'GET /api/Configuration/Tds/GetAll': () => ok({ tdsList: [upcoming, config()], dataCount: 2 }),
      'PATCH /api/Configuration/Tds/Update/c2': (request) => ok({ ...upcoming, ...(request.body as object) }),
    });
    const ui = userEvent.setup();
    renderAs('OABusinessUser', <TdsConfigPage />);
    const table = await screen.findByRole('table', { name: 'TDS Configuration' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('194J(a) — 2 %');
    expect(rows[0]!.textContent).toContain('Upcoming');
    expect(rows[1]!.textContent).toContain('In force');
    // Only the declaration not yet in force can be edited.
    expect(within(rows[1]!).queryByRole('button')).toBeNull();

    await ui.click(within(rows[0]!).getByRole('button', { name: /Edit TDS Declaration/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit TDS Declaration' });
    await ui.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('PATCH /api/Configuration/Tds/Update/c2')).toHaveLength(1));
    expect(api.calls('PATCH /api/Configuration/Tds/Update/c2')[0]!.body).toEqual({
      head: 'STU_TRANSMISSION_CHARGE',
      section: '194J_A',
      effectiveFrom: future,
      remarks: null,
    });
    expect(await screen.findByText('TDS declaration saved.')).toBeInTheDocument();
  });

  it('shows the empty state and every required field of a new declaration', async () => {
    const api = mockFetch({ 'GET /api/Configuration/Tds/GetAll': () => ok({ tdsList: [], dataCount: 0 }) });
    const ui = userEvent.setup();
    renderAs('OABusinessUser', <TdsConfigPage />);
    expect(await screen.findByText('You have not declared TDS on any charge head.')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Add TDS Declaration' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add TDS Declaration' });
    await ui.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Charge Head is required')).toBeInTheDocument();
    expect(within(dialog).getByText('TDS Section is required')).toBeInTheDocument();
    expect(await within(dialog).findByText('Effective From is required')).toBeInTheDocument();
    expect(api.calls('POST /api/Configuration/Tds/Add')).toHaveLength(0);
  });

  it('offers a retry when the list cannot be fetched', async () => {
    mockFetch({ 'GET /api/Configuration/Tds/GetAll': () => fail(500, 'INTERNAL', 'boom') });
    renderAs('OABusinessUser', <TdsConfigPage />);
    expect(await screen.findByRole('button', { name: 'Try again' }, { timeout: 8000 })).toBeInTheDocument();
  });
});

describe('TDS interest page (Admin)', () => {
  beforeEach(() => authStore.signOut());

  it('lists the percentages and validates a new one', async () => {
    const api = mockFetch({
      'GET /api/Configuration/Tds/InterestPercentage/GetAll': () =>
        ok({
          interestList: [interest({ id: 'i2', ratePercent: '1.00', effectiveFrom: future, state: 'FUTURE' }), interest()],
          dataCount: 2,
        }),
    });
    const ui = userEvent.setup();
    renderAs('Admin', <TdsInterestPage />);
    const table = await screen.findByRole('table', { name: 'TDS Interest Percentage' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent?.slice(0, 5)),
    ).toEqual(['1.00%', '1.50%']);
    await ui.click(screen.getByRole('button', { name: 'Add Interest Percentage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Interest Percentage' });
    await ui.type(within(dialog).getByRole('textbox', { name: /Interest per Month/ }), '1.234');
    await ui.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Interest per Month (%) must be a number from 0.01 to 100 with at most 2 decimals'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Effective From is required')).toBeInTheDocument();
    expect(api.calls('POST /api/Configuration/Tds/InterestPercentage/Add')).toHaveLength(0);
  });
});

describe('payments routes', () => {
  beforeEach(() => authStore.signOut());

  it('puts TDS Configuration in the OA applicant’s Payments menu only, beside Payment Details (payers), Payment Reconciliation (SLDC) and SLDC Bank Details', () => {
    const paths = (role: 'OABusinessUser' | 'Trader' | 'Admin' | 'SLDCBusinessUser' | 'SLDCApproverII') =>
      menuForRole(role)
        .find((s) => s.id === 'payments')
        ?.items.map((i) => i.path);
    const refund = WEB_ROUTES.refunds.path;
    // Spec 001 §2: TDS Challan Details for the payers and TDS Reconciliation for the SLDC roles share /payments/challan.
    const challan = WEB_ROUTES.tdsChallans.path;
    expect(paths('OABusinessUser')).toEqual([
      WEB_ROUTES.payments.path,
      challan,
      WEB_ROUTES.tdsConfig.path,
      refund,
      WEB_ROUTES.sldcBankDetails.path,
    ]);
    expect(paths('Trader')).toEqual([WEB_ROUTES.payments.path, challan, refund, WEB_ROUTES.sldcBankDetails.path]);
    expect(paths('SLDCBusinessUser')).toEqual([WEB_ROUTES.paymentReconciliation.path, challan, refund, WEB_ROUTES.sldcBankDetails.path]);
    expect(paths('SLDCApproverII')).toEqual([WEB_ROUTES.paymentReconciliation.path, challan, refund]);
    expect(paths('Admin')).toBeUndefined();
  });

  it('opens /payments/tds-config for the OA applicant and sends a trader to not-authorised', async () => {
    authStore.loginSucceeded(buildAuthUser({ role: 'OABusinessUser' }));
    mockFetch({
      'GET /api/Account/GetProfile': () => ok(buildProfile('OABusinessUser')),
      'GET /api/Configuration/Tds/GetAll': () => ok({ tdsList: [], dataCount: 0 }),
      'GET /api/Notification/NotificationCount': () => ok({ count: 0 }),
      'GET /api/Notification/NotificationResult': () => ok([]),
    });
    const view = renderApp(WEB_ROUTES.tdsConfig.path);
    expect(await screen.findByRole('heading', { level: 1, name: 'TDS Configuration' }, { timeout: 8000 })).toBeInTheDocument();
    view.unmount();

    authStore.signOut();
    authStore.loginSucceeded(buildAuthUser({ role: 'Trader' }));
    renderApp(WEB_ROUTES.tdsConfig.path);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/not-authorised'));
  });

  it('opens /payments/tds-interest for the Admin', async () => {
    authStore.loginSucceeded(buildAuthUser({ role: 'Admin', entityType: null }));
    mockFetch({
      'GET /api/Account/GetProfile': () => ok(buildProfile('Admin')),
      'GET /api/Configuration/Tds/InterestPercentage/GetAll': () => ok({ interestList: [], dataCount: 0 }),
      'GET /api/Notification/NotificationCount': () => ok({ count: 0 }),
      'GET /api/Notification/NotificationResult': () => ok([]),
    });
    renderApp(WEB_ROUTES.tdsInterest.path);
    expect(await screen.findByRole('heading', { level: 1, name: 'TDS Interest Percentage' }, { timeout: 8000 })).toBeInTheDocument();
    expect(await screen.findByText('No interest percentage has been set.')).toBeInTheDocument();
  });
});
