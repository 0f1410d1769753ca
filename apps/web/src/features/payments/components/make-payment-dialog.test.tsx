import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import type { Payment, PaymentListRow } from '@stoa/shared/payments';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { buildAuthUser } from '../../../testing/fixtures';
import { mockFetch, ok } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { MakePaymentDialog } from './make-payment-dialog';

/**
 * Make Payment proposes the TDS the payer declared (decision 0040): the declared section and the most
 * it may claim — the section's rate on the amount before GST less the TDS its payments not reverted
 * claim — and the amount less it; without a declaration on the due's head, no TDS fields.
 */
const payment = (over: Partial<Payment>): Payment => ({
  id: 'p1',
  dueId: 'd1',
  payerUserId: 'u1',
  payerName: 'Surya Power Ltd',
  mode: 'NEFT',
  reference: 'UTR12345678',
  paymentDate: '2026-11-16',
  bankName: 'State Bank of India',
  amount: 100_000,
  tdsSection: '194J_B',
  tdsAmount: 20_000,
  excessAmount: 0,
  receiptNo: null,
  proofFileId: 'f1',
  proofFileName: 'neft.pdf',
  status: 'PENDING',
  madeBy: 'u1',
  madeAt: '2026-11-16T06:00:00Z',
  checkedBy: null,
  checkedAt: null,
  remarks: null,
  ...over,
});
/** A transmission charge of ₹12,345.67 before GST (no GST): 194J(b) 10 % allows ₹1,234.57. */
const due = (payments: Payment[] = []): PaymentListRow => ({
  id: 'd1',
  payerUserId: 'u1',
  payerName: 'Surya Power Ltd',
  head: 'STU_TRANSMISSION_CHARGE',
  description: 'STU transmission charge STOA/AD/2026/000001',
  recordType: 'Application',
  recordId: 'a1',
  dueDate: '2026-11-19',
  status: 'DUE',
  grossAmount: 1_234_567,
  gstAmount: 0,
  totalAmount: 1_234_567,
  tdsAmount: 0,
  paidAmount: 0,
  pendingAmount: 0,
  balanceAmount: 1_234_567,
  creditAmount: 0,
  pendingCount: 0,
  createdAt: '2026-11-16T06:00:00Z',
  payments,
});
const charge = (head: string, configured: boolean) => ({
  head,
  label: head,
  kind: 'CHARGE',
  configured,
  section: configured ? '194J_B' : null,
  rateBasisPoints: configured ? 1000 : null,
  effectiveFrom: configured ? '2026-11-01' : null,
  upcomingFrom: null,
});

function open(row: PaymentListRow, chargeList: object[], role: 'OABusinessUser' | 'Trader' = 'OABusinessUser') {
  authStore.loginSucceeded(buildAuthUser({ role }));
  const api = mockFetch({ 'GET /api/Configuration/Tds/GetConfiguredCharges': () => ok({ chargeList }) });
  renderWithProviders(
    <QueryProvider client={createQueryClient()}>
      <MakePaymentDialog due={row} onClose={() => {}} />
    </QueryProvider>,
    '/payments',
  );
  return api;
}

describe('Make Payment: the TDS proposal', () => {
  beforeEach(() => authStore.signOut());

  it('proposes the declared section, the most TDS and the amount less it', async () => {
    open(due(), [charge('APPLICATION_FEE', false), charge('STU_TRANSMISSION_CHARGE', true)]);
    const dialog = await screen.findByRole('dialog', { name: 'Make Payment' });
    const tds = await within(dialog).findByRole('textbox', { name: /^TDS Amount/ });
    await waitFor(() => expect(tds).toHaveValue('1234.57'));
    expect(within(dialog).getByRole('combobox', { name: /^TDS Section/ })).toHaveTextContent('194J(b) — 10 %');
    expect(within(dialog).getByRole('textbox', { name: /^Amount/ })).toHaveValue('11111.10');
    expect(within(dialog).getByText('You deduct TDS under 194J(b) — 10 % on this charge: at most ₹1,234.57.')).toBeInTheDocument();
    // Only the declared section (or none) is offered.
    await userEvent.setup().click(within(dialog).getByRole('combobox', { name: /^TDS Section/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['No TDS deducted', '194J(b) — 10 %']);
  });

  it('subtracts the TDS other payments not reverted claim on the due', async () => {
    open(due([payment({ tdsAmount: 20_000 }), payment({ id: 'p2', status: 'REVERTED', tdsAmount: 50_000 })]), [
      charge('STU_TRANSMISSION_CHARGE', true),
    ]);
    const dialog = await screen.findByRole('dialog', { name: 'Make Payment' });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /^TDS Amount/ })).toHaveValue('1034.57'));
  });

  it('shows no TDS fields when the payer declared none on the head', async () => {
    const api = open(due(), [charge('APPLICATION_FEE', true), charge('STU_TRANSMISSION_CHARGE', false)]);
    const dialog = await screen.findByRole('dialog', { name: 'Make Payment' });
    await waitFor(() => expect(api.calls('GET /api/Configuration/Tds/GetConfiguredCharges')).toHaveLength(1));
    expect(within(dialog).getByRole('textbox', { name: /^Amount/ })).toHaveValue('12345.67');
    expect(within(dialog).queryByRole('textbox', { name: /^TDS Amount/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: /^TDS Section/ })).not.toBeInTheDocument();
  });

  it('offers a trader every section, nothing proposed, and the most under the section it chooses (decision 0071)', async () => {
    const api = open(due([payment({ tdsAmount: 20_000 })]), [], 'Trader');
    const dialog = await screen.findByRole('dialog', { name: 'Make Payment' });
    expect(within(dialog).getByText('If you deduct TDS on this payment, choose the section you deduct it under.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^TDS Amount/ })).toHaveValue('');
    expect(within(dialog).getByRole('textbox', { name: /^Amount/ })).toHaveValue('12345.67');
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('combobox', { name: /^TDS Section/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toHaveLength(5);
    await user.click(options.find((o) => o.textContent?.startsWith('194J(b)'))!);
    // 10 % of ₹12,345.67 is ₹1,234.57, less the ₹200.00 already claimed.
    expect(await within(dialog).findByText('Under 194J(b) — 10 %: at most ₹1,034.57.')).toBeInTheDocument();
    expect(api.calls('GET /api/Configuration/Tds/GetConfiguredCharges')).toHaveLength(0);
  });
});
