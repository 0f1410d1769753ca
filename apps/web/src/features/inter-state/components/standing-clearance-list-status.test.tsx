import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { buildAuthUser } from '../../../testing/fixtures';
import { mockFetch, ok } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { AllStandingClearancesPage } from './standing-clearance-list-page';

function renderAt(path: string) {
  authStore.loginSucceeded(buildAuthUser({ role: 'SLDCApproverI', entityType: null }));
  return renderWithProviders(
    <QueryProvider client={createQueryClient()}>
      <Routes>
        <Route path="/standing-clearance-power" element={<AllStandingClearancesPage />} />
      </Routes>
    </QueryProvider>,
    path,
  );
}

/** The standing clearances list opened from a dashboard figure (decision 0079): it starts filtered to the link's status. */
describe('standing clearance list from a dashboard figure', () => {
  beforeEach(() => authStore.signOut());

  it('starts filtered to ?status= and shows it in the Status filter', async () => {
    const api = mockFetch({ 'GET /api/StandingClearance/GetAll': () => ok({ standingClearanceList: [], dataCount: 0 }) });
    renderAt('/standing-clearance-power?status=Verified');
    await waitFor(() => expect(api.calls('GET /api/StandingClearance/GetAll')).toHaveLength(1));
    expect(api.calls('GET /api/StandingClearance/GetAll')[0]!.url.searchParams.get('status')).toBe('Verified');
    expect(await screen.findByRole('combobox', { name: 'Status' })).toHaveTextContent('Verified, pending issue');
  });

  it('ignores a status the list does not know', async () => {
    const api = mockFetch({ 'GET /api/StandingClearance/GetAll': () => ok({ standingClearanceList: [], dataCount: 0 }) });
    renderAt('/standing-clearance-power?status=Nonsense');
    await waitFor(() => expect(api.calls('GET /api/StandingClearance/GetAll')).toHaveLength(1));
    expect(api.calls('GET /api/StandingClearance/GetAll')[0]!.url.searchParams.has('status')).toBe(false);
  });
});
