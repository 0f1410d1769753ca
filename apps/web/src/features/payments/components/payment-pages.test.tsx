import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';

import type { Role } from '@stoa/shared/account';
import type { Payment, PaymentListRow } from '@stoa/shared/payments';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { buildAuthUser } from '../../../testing/fixtures';
import { fail, mockFetch, ok } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { PaymentDetailsPage, PaymentReconciliationPage } from './payment-pages';

const payment = (over: Partial<Payment> = {}): Payment => ({
  id: 'p1',
  dueId: 'd1',
  payerUserId: 'u1',
  payerName: 'Surya Power Ltd',
  mode: 'NEFT',
  reference: 'UTR12345678',
  paymentDate: '2026-11-16',
  bankName: 'State Bank of India',
  amount: 300_000,
  tdsSection: null,
  tdsAmount: 0,
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
const due = (over: Partial<PaymentListRow> = {}): PaymentListRow => ({
  id: 'd1',
  payerUserId: 'u1',
  payerName: 'Surya Power Ltd',
  head: 'APPLICATION_FEE',
  description: 'Application fee STOA/2026/0001',
  recordType: 'Application',
  recordId: 'a1',
  dueDate: '2026-11-19',
  status: 'DUE',
  grossAmount: 500_000,
  gstAmount: 90_000,
  totalAmount: 590_000,
  tdsAmount: 0,
  paidAmount: 0,
  pendingAmount: 300_000,
  balanceAmount: 590_000,
  creditAmount: 0,
  pendingCount: 1,
  createdAt: '2026-11-16T06:00:00Z',
  payments: [payment()],
  ...over,
});

function renderAs(role: Role, ui: ReactNode) {
  authStore.loginSucceeded(buildAuthUser({ role }));
  return renderWithProviders(<QueryProvider client={createQueryClient()}>{ui}</QueryProvider>, '/payments');
}

describe('Payment Details (payer)', () => {
  beforeEach(() => authStore.signOut());

  it('lists the dues with total, GST, TDS, paid and balance in rupees, and filters Paid / Due', async () => {
    const api = mockFetch({ 'GET /api/Payment/GetPaymentList': () => ok({ paymentList: [due()], dataCount: 1 }) });
    const ui = userEvent.setup();
    renderAs('OABusinessUser', <PaymentDetailsPage />);
    const table = await screen.findByRole('table', { name: 'Payment Details' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('₹5,900.00');
    expect(row.textContent).toContain('₹900.00');
    expect(within(row).getByRole('button', { name: /Make Payment/ })).toBeInTheDocument();

    await ui.click(screen.getByRole('combobox', { name: 'Paid' }));
    await ui.click(await screen.findByRole('option', { name: 'Due' }));
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.calls('GET /api/Payment/GetPaymentList').at(-1)!.url.searchParams.get('paid')).toBe('false'));
  });

  it('checks the Make Payment fields before sending anything; no TDS fields without a declaration on the head', async () => {
    const api = mockFetch({
      'GET /api/Payment/GetPaymentList': () => ok({ paymentList: [due()], dataCount: 1 }),
      'GET /api/Configuration/Tds/GetConfiguredCharges': () => ok({ chargeList: [] }),
    });
    const ui = userEvent.setup();
    // An OA applicant without a declaration (a trader names a section on each payment instead, decision 0071).
    renderAs('OABusinessUser', <PaymentDetailsPage />);
    await ui.click(await screen.findByRole('button', { name: /Make Payment: Application fee/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Make Payment' });
    const amount = within(dialog).getByRole('textbox', { name: /^Amount/ });
    expect(amount).toHaveValue('5900.00');
    await waitFor(() => expect(api.calls('GET /api/Configuration/Tds/GetConfiguredCharges')).toHaveLength(1));
    expect(within(dialog).queryByRole('textbox', { name: /^TDS Amount/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: /^TDS Section/ })).not.toBeInTheDocument();
    await ui.clear(amount);
    await ui.type(amount, '12.345');
    await ui.click(within(dialog).getByRole('button', { name: 'Make Payment' }));
    expect(await within(dialog).findByText('Payment Mode is required')).toBeInTheDocument();
    expect(within(dialog).getByText('UTR / DD Number is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Bank Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter an amount in rupees with at most 2 decimals')).toBeInTheDocument();
    expect(api.calls('POST /api/File/Upload')).toHaveLength(0);
  });

  it('shows the empty state, and a retry when the list cannot be fetched', async () => {
    mockFetch({ 'GET /api/Payment/GetPaymentList': () => ok({ paymentList: [], dataCount: 0 }) });
    const view = renderAs('OABusinessUser', <PaymentDetailsPage />);
    expect(await screen.findByText('No dues match the filter.')).toBeInTheDocument();
    view.unmount();
    mockFetch({ 'GET /api/Payment/GetPaymentList': () => fail(500, 'INTERNAL', 'boom') });
    renderAs('OABusinessUser', <PaymentDetailsPage />);
    expect(await screen.findByRole('button', { name: 'Try again' }, { timeout: 8000 })).toBeInTheDocument();
  });
});

describe('Payment Reconciliation (SLDC)', () => {
  beforeEach(() => authStore.signOut());

  it('lists pending payments with the payer, and the business user approves one', async () => {
    const api = mockFetch({
      'GET /api/Payment/GetPaymentList': () => ok({ paymentList: [due()], dataCount: 1 }),
      'GET /api/Payment/GetPaymentDetails/d1': () => ok({ due: due(), payments: [payment()] }),
      'POST /api/Payment/Approve/p1': () => ok(payment({ status: 'APPROVED' })),
    });
    const ui = userEvent.setup();
    renderAs('SLDCBusinessUser', <PaymentReconciliationPage />);
    const table = await screen.findByRole('table', { name: 'Payment Reconciliation' });
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('Surya Power Ltd');
    expect(api.calls('GET /api/Payment/GetPaymentList')[0]!.url.searchParams.get('status')).toBe('PENDING');
    await ui.click(within(table).getByRole('button', { name: /View: Surya Power Ltd/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Application fee STOA/2026/0001' });
    expect(await within(dialog).findByRole('button', { name: 'neft.pdf' })).toBeInTheDocument();
    await ui.click(within(dialog).getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve: UTR12345678' });
    await ui.click(within(confirm).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.calls('POST /api/Payment/Approve/p1')).toHaveLength(1));
    expect(await screen.findByText('Payment approved.')).toBeInTheDocument();
  });

  it('is read-only for the approvers', async () => {
    mockFetch({
      'GET /api/Payment/GetPaymentList': () => ok({ paymentList: [due()], dataCount: 1 }),
      'GET /api/Payment/GetPaymentDetails/d1': () => ok({ due: due(), payments: [payment()] }),
    });
    const ui = userEvent.setup();
    renderAs('SLDCApproverI', <PaymentReconciliationPage />);
    const table = await screen.findByRole('table', { name: 'Payment Reconciliation' });
    await ui.click(within(table).getByRole('button', { name: /View: Surya Power Ltd/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Application fee STOA/2026/0001' });
    expect(await within(dialog).findByRole('button', { name: 'neft.pdf' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('offers the receipt of an approved payment for download, also to the approvers', async () => {
    const approved = payment({ status: 'APPROVED', receiptNo: 'RCPT/2026-27/00042' });
    const api = mockFetch({
      'GET /api/Payment/GetPaymentList': () => ok({ paymentList: [due({ payments: [approved] })], dataCount: 1 }),
      'GET /api/Payment/GetPaymentDetails/d1': () => ok({ due: due(), payments: [approved, payment({ id: 'p2', reference: 'UTR2' })] }),
      'GET /api/Payment/Receipt/p1': () => ({ status: 200, body: '%PDF-1.3', headers: { 'Content-Type': 'application/pdf' } }),
    });
    const ui = userEvent.setup();
    renderAs('SLDCApproverI', <PaymentReconciliationPage />);
    const table = await screen.findByRole('table', { name: 'Payment Reconciliation' });
    await ui.click(within(table).getByRole('button', { name: /View: Surya Power Ltd/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Application fee STOA/2026/0001' });
    expect(await within(dialog).findByText('RCPT/2026-27/00042')).toBeInTheDocument();
    // Only the approved payment has a receipt.
    expect(within(dialog).getAllByRole('button', { name: 'Download receipt' })).toHaveLength(1);
    await ui.click(within(dialog).getByRole('button', { name: 'Download receipt' }));
    await waitFor(() => expect(api.calls('GET /api/Payment/Receipt/p1')).toHaveLength(1));
  });
});
