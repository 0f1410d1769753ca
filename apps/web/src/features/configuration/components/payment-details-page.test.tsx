import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { buildAuthUser } from '../../../testing/fixtures';
import { mockFetch, ok } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { PaymentDetailsPage } from './payment-details-page';

const MODES = [
  { mode: 'Demand Draft', isEnabled: true, instructions: 'Draw the DD in favour of SLDC.', updatedAt: '2026-01-05T18:45:00.000Z' },
  { mode: 'Bank Deposit', isEnabled: true, instructions: 'Deposit at any branch.', updatedAt: '2026-01-05T18:45:00.000Z' },
  { mode: 'NEFT', isEnabled: false, instructions: 'Use the account under SLDC Bank Details.', updatedAt: '2026-01-05T18:45:00.000Z' },
];

function renderPage() {
  authStore.loginSucceeded(buildAuthUser({ role: 'Admin', entityType: null }));
  return renderWithProviders(
    <QueryProvider client={createQueryClient()}>
      <PaymentDetailsPage />
    </QueryProvider>,
  );
}

describe('payment details page', () => {
  beforeEach(() => authStore.signOut());

  it('lists the three modes; the switch offers or withdraws a mode at once', async () => {
    const api = mockFetch({
      'GET /api/Configuration/PaymentDetails/GetAll': () => ok({ paymentDetailList: MODES }),
      'PATCH /api/Configuration/PaymentDetails/Update': (request) =>
        ok({ ...(request.body as object), updatedAt: '2026-03-01T10:00:00.000Z' }),
    });
    const ui = userEvent.setup();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Payment modes' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[0]!.textContent),
    ).toEqual(['Demand Draft', 'Bank Deposit', 'NEFT']);
    expect(screen.getByRole('switch', { name: 'Enabled: Demand Draft' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Enabled: NEFT' })).not.toBeChecked();
    await ui.click(screen.getByRole('switch', { name: 'Enabled: NEFT' }));
    expect(await screen.findByText('NEFT is now offered to applicants.')).toBeInTheDocument();
    expect(api.calls('PATCH /api/Configuration/PaymentDetails/Update')[0]!.body).toEqual({
      mode: 'NEFT',
      isEnabled: true,
      instructions: 'Use the account under SLDC Bank Details.',
    });
  });

  it('edits the instructions in a dialog, with the required message', async () => {
    const api = mockFetch({
      'GET /api/Configuration/PaymentDetails/GetAll': () => ok({ paymentDetailList: MODES }),
      'PATCH /api/Configuration/PaymentDetails/Update': (request) =>
        ok({ ...(request.body as object), updatedAt: '2026-03-01T10:00:00.000Z' }),
    });
    const ui = userEvent.setup();
    renderPage();
    await ui.click(await screen.findByRole('button', { name: 'Edit Demand Draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Demand Draft' });
    const instructions = within(dialog).getByRole('textbox', { name: /^instructions/i });
    await ui.clear(instructions);
    await ui.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Instructions is required')).toBeInTheDocument();
    await ui.type(instructions, 'Not accepted from 1 April.');
    await ui.click(within(dialog).getByRole('switch', { name: 'Offered to applicants' }));
    await ui.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Payment details updated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(api.calls('PATCH /api/Configuration/PaymentDetails/Update')[0]!.body).toEqual({
      mode: 'Demand Draft',
      isEnabled: false,
      instructions: 'Not accepted from 1 April.',
    });
  });
});
