import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import type { BankDetail } from '@stoa/shared/configuration';
import { menuForRole } from '@stoa/shared/navigation';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { buildAuthUser } from '../../../testing/fixtures';
import { fail, mockFetch, ok } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { SldcBankDetailsPage } from './sldc-bank-details-page';

const bank = (over: Partial<BankDetail> = {}): BankDetail => ({
  id: 'b1',
  bankName: 'State Bank of India',
  accountName: 'SLDC STOA Collections',
  accountNumber: '000111222333',
  ifsc: 'SBIN0000001',
  branch: 'Gandhinagar',
  effectiveFrom: '2025-04-01',
  state: 'CURRENT',
  ...over,
});
const modes = {
  paymentDetailList: [
    { mode: 'NEFT', isEnabled: true, instructions: 'Quote the application number.', updatedAt: '2026-01-01T00:00:00Z' },
    { mode: 'Demand Draft', isEnabled: false, instructions: 'Not accepted.', updatedAt: '2026-01-01T00:00:00Z' },
  ],
};

function renderPage() {
  authStore.loginSucceeded(buildAuthUser({ role: 'OABusinessUser' }));
  return renderWithProviders(
    <QueryProvider client={createQueryClient()}>
      <SldcBankDetailsPage />
    </QueryProvider>,
    '/payments/bank-details',
  );
}

describe('SLDC Bank Details page', () => {
  beforeEach(() => authStore.signOut());

  it('shows the account in force, the one scheduled to replace it, never a superseded one, and the open modes', async () => {
    mockFetch({
      'GET /api/Configuration/BankDetails/GetAll': () =>
        ok({
          bankDetailList: [
            bank({ id: 'old', bankName: 'Old Bank', state: 'PAST', effectiveFrom: '2024-04-01' }),
            bank(),
            bank({ id: 'next', bankName: 'Bank of Baroda', accountNumber: '999888777666', effectiveFrom: '2099-01-01', state: 'FUTURE' }),
          ],
        }),
      'GET /api/Configuration/PaymentDetails/GetAll': () => ok(modes),
    });
    renderPage();
    const current = await screen.findByRole('region', { name: 'State Bank of India' });
    expect(within(current).getByText('Account in force')).toBeInTheDocument();
    expect(within(current).getByText('000111222333')).toBeInTheDocument();
    expect(within(current).getByRole('button', { name: 'Copy IFSC' })).toBeInTheDocument();
    const next = screen.getByRole('region', { name: 'Bank of Baroda' });
    expect(within(next).getByText(/^From .*2099, pay into this account instead$/)).toBeInTheDocument();
    expect(within(next).getByText('Upcoming')).toBeInTheDocument();
    expect(screen.queryByText('Old Bank')).not.toBeInTheDocument();
    const accepted = await screen.findByRole('region', { name: 'Accepted payment modes' });
    expect(within(accepted).getByText('NEFT')).toBeInTheDocument();
    expect(within(accepted).queryByText('Demand Draft')).not.toBeInTheDocument();
  });

  it('says so when no account is published, and offers a retry when the list fails', async () => {
    mockFetch({
      'GET /api/Configuration/BankDetails/GetAll': () => ok({ bankDetailList: [] }),
      'GET /api/Configuration/PaymentDetails/GetAll': () => fail(500, 'INTERNAL', 'boom'),
    });
    renderPage();
    expect(
      await screen.findByText('The SLDC has not published a bank account yet. Please contact the SLDC before paying.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Try again' }, { timeout: 8000 })).toBeInTheDocument();
  });

  it('is in the Payments menu of the payers and the SLDC business user, not of the approvers', () => {
    const has = (role: Parameters<typeof menuForRole>[0]) =>
      menuForRole(role).some((s) => s.items.some((i) => i.path === '/payments/bank-details'));
    expect(['OABusinessUser', 'Trader', 'SLDCBusinessUser'].every((r) => has(r as Parameters<typeof menuForRole>[0]))).toBe(true);
    expect(has('SLDCApproverI') || has('SLDCApproverII') || has('Admin')).toBe(false);
  });
});
