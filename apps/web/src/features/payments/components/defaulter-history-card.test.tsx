import { screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';

import type { Role } from '@stoa/shared/account';
import type { DefaulterEvent } from '@stoa/shared/payments';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { buildAuthUser } from '../../../testing/fixtures';
import { mockFetch, ok } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { DefaulterHistoryCard } from './defaulter-history-card';

/** The defaulter history (decision 0078): when the flag was set and cleared, by whom, and why. */
const due = { dueId: 'd1', description: 'Application fee STOA/2026/0001', dueDate: '2026-08-01', totalAmount: 590_000, daysOverdue: 107 };
const marked: DefaulterEvent = {
  id: '11',
  userId: 'u1',
  userName: 'Surya Power Ltd',
  event: 'MARKED',
  at: '2026-11-16T06:00:00Z',
  setBy: 'SYSTEM',
  byName: null,
  afterDays: 90,
  markedAt: null,
  dues: [{ ...due, status: 'PAID' }],
};
const cleared: DefaulterEvent = { ...marked, id: '12', event: 'CLEARED', at: '2026-11-17T06:00:00Z', markedAt: marked.at };
const byAdmin: DefaulterEvent = {
  ...marked,
  id: '13',
  userName: 'Vayu Energy',
  setBy: 'ADMIN',
  byName: 'Meera Shah',
  afterDays: null,
  dues: [],
};

function renderAs(role: Role, ui: ReactNode) {
  authStore.loginSucceeded(buildAuthUser({ role }));
  return renderWithProviders(<QueryProvider client={createQueryClient()}>{ui}</QueryProvider>, '/payments');
}

describe('Defaulter History', () => {
  beforeEach(() => authStore.signOut());

  it('shows the SLDC every payer’s changes: the rule’s overdue dues and how late, the Admin by name', async () => {
    const api = mockFetch({
      'GET /api/Payment/GetDefaulterHistory': () => ok({ defaulterHistory: [byAdmin, cleared, marked], dataCount: 3, isDefaulter: null }),
    });
    renderAs('SLDCApproverI', <DefaulterHistoryCard />);
    const table = await screen.findByRole('table', { name: 'Defaulter History' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('Vayu Energy');
    expect(rows[0]!.textContent).toContain('Admin (Meera Shah)');
    expect(rows[0]!.textContent).toContain('Marked by the Admin.');
    expect(rows[1]!.textContent).toContain('Cleared');
    expect(rows[1]!.textContent).toContain('No due is that late any more (marked on Nov 16, 2026 11:30 AM for)');
    expect(rows[2]!.textContent).toContain('Automatic rule');
    expect(rows[2]!.textContent).toContain('1 due(s) unpaid more than 90 days after the due date');
    expect(rows[2]!.textContent).toContain('Application fee STOA/2026/0001 — due Aug 01, 2026, 107 days overdue when marked (paid)');
    expect(rows[2]!.textContent).toContain('₹5,900.00');
    // Everyone's: no user asked for.
    expect(api.calls('GET /api/Payment/GetDefaulterHistory')[0]!.url.searchParams.get('userId')).toBeNull();
  });

  it('shows a payer its own history with its flag now, and nothing when its flag never changed', async () => {
    mockFetch({
      'GET /api/Payment/GetDefaulterHistory': () => ok({ defaulterHistory: [marked], dataCount: 1, isDefaulter: true }),
    });
    const { unmount } = renderAs('OABusinessUser', <DefaulterHistoryCard forPayer />);
    expect(await screen.findByText('Your account is marked as a defaulter.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Defaulter History' });
    expect(within(table).queryByText('Surya Power Ltd')).not.toBeInTheDocument();
    unmount();

    const api = mockFetch({
      'GET /api/Payment/GetDefaulterHistory': () => ok({ defaulterHistory: [], dataCount: 0, isDefaulter: false }),
    });
    renderAs('Trader', <DefaulterHistoryCard forPayer />);
    await waitFor(() => expect(api.calls('GET /api/Payment/GetDefaulterHistory')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Defaulter History')).not.toBeInTheDocument();
  });
});
