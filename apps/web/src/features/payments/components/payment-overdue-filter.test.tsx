import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { buildAuthUser } from '../../../testing/fixtures';
import { mockFetch, ok } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { PaymentDetailsPage } from './payment-pages';

const LIST = 'GET /api/Payment/GetPaymentList';

function renderAt(path: string) {
  authStore.loginSucceeded(buildAuthUser({ role: 'OABusinessUser' }));
  return renderWithProviders(
    <QueryProvider client={createQueryClient()}>
      <Routes>
        <Route path="/payments" element={<PaymentDetailsPage />} />
      </Routes>
    </QueryProvider>,
    path,
  );
}

/** Payment Details opened from the dashboard's overdue figure (decision 0084): it starts on the overdue dues. */
describe('Payment Details from the overdue figure', () => {
  beforeEach(() => authStore.signOut());

  it('starts filtered to ?overdue=true and shows it in the Overdue filter', async () => {
    const api = mockFetch({ [LIST]: () => ok({ paymentList: [], dataCount: 0 }) });
    renderAt('/payments?overdue=true');
    await waitFor(() => expect(api.calls(LIST)).toHaveLength(1));
    expect(api.calls(LIST)[0]!.url.searchParams.get('overdue')).toBe('true');
    expect(await screen.findByRole('combobox', { name: 'Overdue' })).toHaveTextContent('Overdue only');
  });

  it('lists every due without it', async () => {
    const api = mockFetch({ [LIST]: () => ok({ paymentList: [], dataCount: 0 }) });
    renderAt('/payments');
    await waitFor(() => expect(api.calls(LIST)).toHaveLength(1));
    expect(api.calls(LIST)[0]!.url.searchParams.has('overdue')).toBe(false);
    expect(await screen.findByRole('combobox', { name: 'Overdue' })).not.toHaveTextContent('Overdue only');
  });
});
