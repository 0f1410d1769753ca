import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';

import type { Role } from '@stoa/shared/account';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { buildAuthUser } from '../../../testing/fixtures';
import { mockFetch, ok } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { ConsentListPage } from './consent-list-page';
import { IsrListPage } from './isr-list-page';

function renderAt(path: string, role: Role) {
  authStore.loginSucceeded(buildAuthUser({ role, entityType: null }));
  return renderWithProviders(
    <QueryProvider client={createQueryClient()}>
      <Routes>
        <Route path="/consent-for-inter-state-stoa-transactions" element={<ConsentListPage />} />
        <Route path="/inter-state-registration" element={<IsrListPage />} />
      </Routes>
    </QueryProvider>,
    path,
  );
}

/** The inter-state lists opened from a dashboard figure (decision 0084): each starts filtered to the link's status. */
describe('inter-state lists from a dashboard figure', () => {
  beforeEach(() => authStore.signOut());

  it('starts the consent list on ?status= and shows it in the Status filter', async () => {
    const LIST = 'GET /api/InterStateConsent/GetAll';
    const api = mockFetch({ [LIST]: () => ok({ consentList: [], dataCount: 0 }) });
    renderAt('/consent-for-inter-state-stoa-transactions?status=Verified', 'SLDCApproverI');
    await waitFor(() => expect(api.calls(LIST)).toHaveLength(1));
    expect(api.calls(LIST)[0]!.url.searchParams.get('status')).toBe('Verified');
    expect(await screen.findByRole('combobox', { name: 'Status' })).toHaveTextContent('Verified, pending consent');
  });

  it('starts the inter-state registration list on ?status= and ignores a status it does not know', async () => {
    const LIST = 'GET /api/InterState/GetRegistrations';
    const api = mockFetch({ [LIST]: () => ok({ registrationList: [], dataCount: 0 }) });
    const view = renderAt('/inter-state-registration?status=PendingSLDCApproval', 'SLDCApproverII');
    await waitFor(() => expect(api.calls(LIST)).toHaveLength(1));
    expect(api.calls(LIST)[0]!.url.searchParams.get('status')).toBe('PendingSLDCApproval');
    expect(await screen.findByRole('combobox', { name: 'Status' })).toHaveTextContent('Pending SLDC approval');
    view.unmount();

    const again = mockFetch({ [LIST]: () => ok({ registrationList: [], dataCount: 0 }) });
    renderAt('/inter-state-registration?status=Nonsense', 'SLDCApproverII');
    await waitFor(() => expect(again.calls(LIST)).toHaveLength(1));
    expect(again.calls(LIST)[0]!.url.searchParams.has('status')).toBe(false);
  });
});
