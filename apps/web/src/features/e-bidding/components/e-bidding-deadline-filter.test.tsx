import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';

import type { Role } from '@stoa/shared/account';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { buildAuthUser } from '../../../testing/fixtures';
import { mockFetch, ok } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { EBiddingListPage } from './e-bidding-list-page';

function renderAt(path: string, role: Role) {
  authStore.loginSucceeded(buildAuthUser({ role, entityType: role === 'OABusinessUser' ? 'BothEntity' : null }));
  return renderWithProviders(
    <QueryProvider client={createQueryClient()}>
      <Routes>
        <Route path="/e-bidding" element={<EBiddingListPage />} />
      </Routes>
    </QueryProvider>,
    path,
  );
}

const empty = () => ok({ invitationList: [], dataCount: 0 });

/** The e-bidding list opened from a dashboard figure (decision 0084): it starts on the figure's deadline window. */
describe('e-bidding list from a dashboard figure', () => {
  beforeEach(() => authStore.signOut());

  it('starts the SLDC’s list on ?deadline=ReadyToProcess and shows it in the Deadline window filter', async () => {
    const api = mockFetch({ 'GET /api/EBidding/GetAllInvitations': empty });
    renderAt('/e-bidding?deadline=ReadyToProcess', 'SLDCBusinessUser');
    await waitFor(() => expect(api.calls('GET /api/EBidding/GetAllInvitations')).toHaveLength(1));
    expect(api.calls('GET /api/EBidding/GetAllInvitations')[0]!.url.searchParams.get('deadline')).toBe('ReadyToProcess');
    expect(await screen.findByRole('combobox', { name: 'Deadline window' })).toHaveTextContent('Ready to process');
  });

  it('starts a bidder’s invitations on ?deadline=Closing and ignores a window it does not know', async () => {
    const api = mockFetch({ 'GET /api/EBidding/GetInvitations': empty });
    const view = renderAt('/e-bidding?deadline=Closing', 'OABusinessUser');
    await waitFor(() => expect(api.calls('GET /api/EBidding/GetInvitations')).toHaveLength(1));
    expect(api.calls('GET /api/EBidding/GetInvitations')[0]!.url.searchParams.get('deadline')).toBe('Closing');
    expect(await screen.findByRole('combobox', { name: 'Deadline window' })).toHaveTextContent('Closing within 24 hours');
    view.unmount();

    const again = mockFetch({ 'GET /api/EBidding/GetInvitations': empty });
    renderAt('/e-bidding?deadline=Soon', 'OABusinessUser');
    await waitFor(() => expect(again.calls('GET /api/EBidding/GetInvitations')).toHaveLength(1));
    expect(again.calls('GET /api/EBidding/GetInvitations')[0]!.url.searchParams.has('deadline')).toBe(false);
  });
});
