import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import type { DashboardItem } from '@stoa/shared/dashboard';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { buildAuthUser } from '../../../testing/fixtures';
import { mockFetch, ok } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { WaitingWorkCard } from './waiting-work-card';

const HOUR = 3_600_000;

const figure = (overrides: Partial<DashboardItem>): DashboardItem => ({
  kind: 'dues',
  applicationType: null,
  status: 'Overdue',
  statusDescription: 'Overdue',
  count: 0,
  capped: false,
  link: '/payments?overdue=true',
  deemedAt: null,
  ...overrides,
});

function renderCard(role: 'OABusinessUser' | 'SLDCApproverI', items: DashboardItem[]) {
  mockFetch({ 'GET /api/Dashboard/GetWaitingWork': () => ok({ items }) });
  authStore.loginSucceeded(buildAuthUser({ role, entityType: role === 'OABusinessUser' ? 'BothEntity' : null }));
  return renderWithProviders(
    <QueryProvider client={createQueryClient()}>
      <WaitingWorkCard />
    </QueryProvider>,
  );
}

/** Decision 0084's figures on the card: overdue dues, e-bidding deadlines, inter-state work, an approver's oldest record. */
describe('waiting work card: decision 0084 figures', () => {
  beforeEach(() => authStore.signOut());

  it('shows an applicant its overdue dues and the invitations closing with the first deadline, each linking to its filtered list', async () => {
    renderCard('OABusinessUser', [
      figure({ count: 2 }),
      figure({
        kind: 'eBidding',
        status: 'Closing',
        statusDescription: 'Closing within 24 hours',
        count: 1,
        link: '/e-bidding?deadline=Closing',
        closesAt: new Date(Date.now() + 5 * HOUR + 10 * 60_000).toISOString(),
      }),
    ]);
    const region = await screen.findByRole('region', { name: 'Waiting for you' });
    expect(await within(region).findByRole('link', { name: '2 Dues: Overdue. Open the list' })).toHaveAttribute(
      'href',
      '/payments?overdue=true',
    );
    const bids = within(region).getByRole('link', { name: /^1 E-bidding invitations: Closing within 24 hours/ });
    expect(bids).toHaveAttribute('href', '/e-bidding?deadline=Closing');
    expect(within(bids).getByText('First deadline in 5 hours')).toBeInTheDocument();
  });

  it('shows an approver the oldest record’s age under each figure, in the order the server sent (oldest first)', async () => {
    renderCard('SLDCApproverI', [
      figure({
        kind: 'interStateConsents',
        status: 'Verified',
        statusDescription: 'Verified, pending consent',
        count: 1,
        link: '/consent-for-inter-state-stoa-transactions?status=Verified',
        oldestSince: '2026-07-10T04:35:00.000Z',
        oldestAgeDays: 3,
      }),
      figure({
        kind: 'interStateRegistrations',
        status: 'PendingSLDCApproval',
        statusDescription: 'Pending SLDC approval',
        count: 4,
        link: '/inter-state-registration?status=PendingSLDCApproval',
        oldestSince: '2026-07-13T06:30:00.000Z',
        oldestAgeDays: 0,
      }),
    ]);
    const region = await screen.findByRole('region', { name: 'Waiting for you' });
    const links = await within(region).findAllByRole('link');
    expect(links.map((l) => l.getAttribute('aria-label'))).toEqual([
      '1 Inter-state consents: Verified, pending consent. Open the list. Oldest 3 days',
      '4 Inter-state registrations: Pending SLDC approval. Open the list. Oldest since today',
    ]);
    expect(within(links[0]!).getByText('Oldest 3 days')).toBeInTheDocument();
    expect(links[1]).toHaveAttribute('href', '/inter-state-registration?status=PendingSLDCApproval');
  });
});
