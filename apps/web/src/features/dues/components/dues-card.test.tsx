import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import type { Due } from '@stoa/shared/configuration';
import { WEB_ROUTES } from '@stoa/shared/navigation';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { buildAuthUser, buildProfile } from '../../../testing/fixtures';
import { fail, mockFetch, ok } from '../../../testing/mock-fetch';
import { renderApp, renderWithProviders } from '../../../testing/test-utils';
import { DuesCard } from './dues-card';

function buildDue(n: number, overrides: Partial<Due> = {}): Due {
  return {
    id: `00000000-0000-4000-8000-0000000d${String(n).padStart(4, '0')}`,
    head: 'REGISTRATION_FEE',
    description: `Registration fee of registration REG-${n}`,
    recordType: 'Registration',
    recordId: `00000000-0000-4000-8000-0000000e${String(n).padStart(4, '0')}`,
    quantity: '1',
    rate: '10000',
    unit: 'INR',
    baseAmount: 1_000_000,
    gstRatePercent: '18',
    gstAmount: 180_000,
    totalAmount: 1_180_000,
    dueDate: '2026-03-05',
    status: 'DUE',
    createdAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

function renderCard() {
  authStore.loginSucceeded(buildAuthUser());
  return renderWithProviders(
    <QueryProvider client={createQueryClient()}>
      <DuesCard />
    </QueryProvider>,
  );
}

describe('dues card', () => {
  beforeEach(() => authStore.signOut());

  it('lists head, description, amount in rupees with the GST line, due date and status', async () => {
    mockFetch({
      'GET /api/Payment/GetDues': () =>
        ok({
          dueList: [
            buildDue(1),
            buildDue(2, {
              head: 'APPLICATION_FEE',
              description: 'Application fee',
              baseAmount: 500_000,
              gstAmount: 90_000,
              totalAmount: 590_000,
              status: 'PAID',
              dueDate: '2026-02-20',
            }),
          ],
          dataCount: 2,
        }),
    });
    renderCard();
    const table = await screen.findByRole('table', { name: 'Your dues' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['Registration fee', 'Registration fee of registration REG-1', '₹11,800.00₹10,000.00 + GST 18%: ₹1,800.00', 'Mar 05, 2026', 'Due'],
      ['Application fee', 'Application fee', '₹5,900.00₹5,000.00 + GST 18%: ₹900.00', 'Feb 20, 2026', 'Paid'],
    ]);
    expect(screen.queryByRole('button', { name: /next page/i })).not.toBeInTheDocument();
  });

  it('pages through more than ten dues', async () => {
    const api = mockFetch({
      'GET /api/Payment/GetDues': (request) => {
        const page = Number(request.url.searchParams.get('pageNumber'));
        const first = (page - 1) * 10 + 1;
        return ok({ dueList: Array.from({ length: page === 1 ? 10 : 2 }, (_, i) => buildDue(first + i)), dataCount: 12 });
      },
    });
    const ui = userEvent.setup();
    renderCard();
    await screen.findByText('Registration fee of registration REG-1');
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByText('Registration fee of registration REG-12')).toBeInTheDocument();
    expect(screen.getByText('11–12 of 12')).toBeInTheDocument();
    expect(api.calls('GET /api/Payment/GetDues').map((r) => Object.fromEntries(r.url.searchParams))).toEqual([
      { pageNumber: '1', pageSize: '10' },
      { pageNumber: '2', pageSize: '10' },
    ]);
  });

  it("says 'No dues' when there are none, and shows the fetch error with a retry", async () => {
    let answer = fail(403, 'FORBIDDEN', 'You are not allowed to do this.');
    mockFetch({ 'GET /api/Payment/GetDues': () => answer });
    const ui = userEvent.setup();
    renderCard();
    expect(await screen.findByText('Sorry! We are unable to fetch the data.')).toBeInTheDocument();
    answer = ok({ dueList: [], dataCount: 0 });
    await ui.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('No dues')).toBeInTheDocument());
  });

  it('links the payers to Payment Details, where the dues are paid (issue 13)', async () => {
    const ui = userEvent.setup();
    mockFetch({ 'GET /api/Payment/GetDues': () => ok({ dueList: [buildDue(1)], dataCount: 1 }) });
    authStore.loginSucceeded(buildAuthUser({ role: 'Trader', entityType: 'Trader' }));
    renderWithProviders(
      <QueryProvider client={createQueryClient()}>
        <DuesCard />
      </QueryProvider>,
    );
    await screen.findByText('Registration fee of registration REG-1');
    const link = screen.getByRole('link', { name: 'Pay on Payment Details' });
    expect(link).toHaveAttribute('href', '/payments');
    await ui.click(link);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(WEB_ROUTES.payments.path));
  });

  it('shows no Payment Details link to a role that cannot open it', async () => {
    mockFetch({ 'GET /api/Payment/GetDues': () => ok({ dueList: [buildDue(1)], dataCount: 1 }) });
    authStore.loginSucceeded(buildAuthUser({ role: 'Admin', entityType: null }));
    renderWithProviders(
      <QueryProvider client={createQueryClient()}>
        <DuesCard />
      </QueryProvider>,
    );
    await screen.findByText('Registration fee of registration REG-1');
    expect(screen.queryByRole('link', { name: 'Pay on Payment Details' })).not.toBeInTheDocument();
  });

  it('is on the dashboard of applicants and traders only', async () => {
    mockFetch({
      'GET /api/Account/GetProfile': () => ok(buildProfile('Trader')),
      'GET /api/Payment/GetDues': () => ok({ dueList: [], dataCount: 0 }),
      'GET /api/Notification/NotificationCount': () => ok({ count: 0 }),
      'GET /api/Notification/NotificationResult': () => ok([]),
    });
    authStore.loginSucceeded(buildAuthUser({ role: 'Trader', entityType: 'Trader' }));
    const trader = renderApp('/landing');
    expect(await screen.findByRole('region', { name: 'Your dues' }, { timeout: 8000 })).toBeInTheDocument();
    expect(await screen.findByText('No dues')).toBeInTheDocument();
    trader.unmount();

    authStore.loginSucceeded(buildAuthUser({ role: 'OABusinessUser' }));
    const oa = renderApp('/landing');
    const card = await screen.findByRole('region', { name: 'Your dues' }, { timeout: 8000 });
    expect(within(card).getByRole('link', { name: 'Pay on Payment Details' })).toHaveAttribute('href', WEB_ROUTES.payments.path);
    oa.unmount();

    authStore.loginSucceeded(buildAuthUser({ role: 'SLDCBusinessUser', entityType: null }));
    renderApp('/landing');
    await screen.findByRole('heading', { level: 1, name: /Welcome/ }, { timeout: 8000 });
    expect(screen.queryByRole('region', { name: 'Your dues' })).not.toBeInTheDocument();
  });
});
