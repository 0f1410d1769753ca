import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { Role } from '@stoa/shared/account';
import type { BankStatement, EbiddingAllocation, Payment, PaymentDue, ReconciliationSummary } from '@stoa/shared/payments';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { buildAuthUser } from '../../../testing/fixtures';
import { FakeXhr } from '../../../testing/fake-xhr';
import { fail, mockFetch, ok } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { EbiddingPaymentsPage } from './ebidding-payments-page';
import { PaymentDetailsPage, PaymentReconciliationPage } from './payment-pages';

const FILE_ID = '3f6c1c2e-6a55-4a3e-9c61-0c2f4d6f9b11';
const months = Array.from({ length: 12 }, (_, i) => ({
  month: i < 2 ? `2025-${11 + i}` : `2026-${String(i - 1).padStart(2, '0')}`,
  due: 0,
  received: 0,
  pendingApproval: 0,
}));
months[11] = { month: '2026-11', due: 2_360_000, received: 1_890_000, pendingApproval: 200_000 };
const SUMMARY: ReconciliationSummary = {
  asOf: '2026-11-16',
  totals: {
    due: 2_950_000,
    received: 1_890_000,
    tds: 0,
    pendingApproval: 200_000,
    outstanding: 1_180_000,
    overdue: 590_000,
    refundsPending: 120_000,
    refundsBasis: 'REFUNDS',
  },
  byMonth: months,
  byHead: [
    {
      head: 'APPLICATION_FEE',
      headLabel: 'Application fee',
      due: 1_770_000,
      received: 590_000,
      pendingApproval: 200_000,
      outstanding: 1_180_000,
      overdue: 590_000,
    },
  ],
};
const sp = (over: Partial<BankStatement['matched'][number]['payment']> = {}) => ({
  id: 'p1',
  dueId: 'd1',
  payerName: 'Surya Power Ltd',
  description: 'Application fee STOA/2026/0001',
  reference: 'UTR12345678',
  paymentDate: '2026-11-14',
  amount: 590_000,
  madeBy: 'payer-1',
  status: 'PENDING' as const,
  ...over,
});
const STATEMENT: BankStatement = {
  id: 's1',
  fileId: 'f1',
  fileName: 'statement.csv',
  uploadedBy: 'Sneha Desai',
  uploadedAt: '2026-11-16T06:00:00Z',
  lineCount: 2,
  creditTotal: 665_000,
  dateFrom: '2026-11-14',
  dateTo: '2026-11-15',
  matched: [{ line: { row: 2, date: '2026-11-14', utr: 'UTR12345678', amount: 590_000, narration: 'NEFT CR' }, payment: sp() }],
  unmatchedLines: [
    { line: { row: 3, date: '2026-11-15', utr: 'NOSUCHUTR', amount: 75_000, narration: null }, reason: 'NO_PAYMENT', payment: null },
  ],
  unmatchedPayments: [sp({ id: 'p2', reference: 'UTRLONELY', amount: 300_000, payerName: 'Vayu Energy' })],
};
const payment: Payment = {
  ...sp(),
  payerUserId: 'payer-1',
  mode: 'NEFT',
  bankName: 'SBI',
  tdsSection: null,
  tdsAmount: 0,
  excessAmount: 0,
  proofFileId: null,
  proofFileName: null,
  madeAt: '2026-11-14T06:00:00Z',
  checkedBy: null,
  checkedAt: null,
  remarks: null,
  receiptNo: null,
};
const due: PaymentDue = {
  id: 'd9',
  payerUserId: 'u1',
  payerName: 'Surya Power Ltd',
  head: 'STU_TRANSMISSION_CHARGE',
  description: 'E-bidding price (EB/2026/000001): STOA/2026/0001',
  recordType: 'EBiddingApplication',
  recordId: 'ea1',
  dueDate: '2026-11-19',
  status: 'DUE',
  grossAmount: 625_000,
  gstAmount: 0,
  totalAmount: 625_000,
  tdsAmount: 0,
  paidAmount: 125_000,
  pendingAmount: 0,
  balanceAmount: 500_000,
  creditAmount: 0,
  pendingCount: 0,
  createdAt: '2026-11-16T06:00:00Z',
};
const ALLOCATION: EbiddingAllocation = {
  id: 'ea1',
  invitationId: 'i1',
  bidInvitationNo: 'EB/2026/000001',
  applicationId: 'a1',
  applicationNo: 'STOA/2026/0001',
  status: 'Allocated',
  allocatedMw: '12.50',
  applicablePrice: '0.25',
  due,
};

function renderAs(role: Role, ui: ReactNode, path = '/payments/dashboard') {
  authStore.loginSucceeded(buildAuthUser({ role }));
  return renderWithProviders(<QueryProvider client={createQueryClient()}>{ui}</QueryProvider>, path);
}
const listReply = () => ok({ paymentList: [], dataCount: 0 });

describe('Payment Reconciliation: totals and bank statement', () => {
  beforeEach(() => {
    authStore.signOut();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });

  it('shows the totals with the refunds pending, the chart of the last 12 months and the figures by charge head', async () => {
    mockFetch({
      'GET /api/Payment/GetPaymentList': listReply,
      'GET /api/Payment/GetReconciliationSummary': () => ok(SUMMARY),
      'GET /api/Payment/GetBankStatement': () => ok({ statement: null }),
    });
    renderAs('SLDCApproverI', <PaymentReconciliationPage />);
    const totals = await screen.findByRole('region', { name: 'Totals' });
    const figure = async (term: string) => (await within(totals).findByText(term, { selector: 'dt' })).nextElementSibling?.textContent;
    expect(await figure('Total Due')).toBe('₹29,500.00');
    expect(await figure('Received')).toBe('₹18,900.00');
    expect(await figure('Pending Approval')).toBe('₹2,000.00');
    expect(await figure('Overdue')).toBe('₹5,900.00');
    expect(await figure('Refunds Pending')).toBe('₹1,200.00');
    const chart = within(totals).getByRole('figure', { name: /per month/ });
    expect(within(chart).getByRole('row', { name: /Nov 2026/ }).textContent).toContain('₹23,600.00');
    const heads = within(totals).getByRole('table', { name: 'By charge head' });
    expect(within(heads).getByRole('row', { name: /Application fee/ }).textContent).toContain('₹17,700.00');
    // Approvers read: no upload.
    expect(await screen.findByText('No statement has been uploaded yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload and match' })).not.toBeInTheDocument();
  });

  it('uploads a statement, shows the matched and the unmatched both ways, and approves a matched payment', async () => {
    let uploaded = false;
    const api = mockFetch({
      'GET /api/Payment/GetPaymentList': listReply,
      'GET /api/Payment/GetReconciliationSummary': () => ok(SUMMARY),
      'GET /api/Payment/GetBankStatement': () => ok({ statement: uploaded ? STATEMENT : null }),
      'POST /api/File/Upload': () => ok({ id: FILE_ID, fileName: 'statement.csv', kind: 'csv', size: 10 }),
      'POST /api/Payment/UploadBankStatement': () => {
        uploaded = true;
        return ok(STATEMENT);
      },
      'GET /api/Payment/GetPaymentDetails/d1': () => ok({ due: { ...due, id: 'd1' }, payments: [payment] }),
      'POST /api/Payment/Approve/p1': () => ok({ ...payment, status: 'APPROVED' }),
    });
    const ui = userEvent.setup();
    renderAs('SLDCBusinessUser', <PaymentReconciliationPage />);
    await screen.findByText('No statement has been uploaded yet.');
    await ui.upload(
      screen.getByLabelText('Choose statement'),
      new File(['Date,UTR,Amount,Narration\n'], 'statement.csv', { type: 'text/csv' }),
    );
    await ui.click(screen.getByRole('button', { name: 'Upload and match' }));
    const matched = await screen.findByRole('table', { name: 'Matched' });
    expect(api.calls('POST /api/Payment/UploadBankStatement')[0]!.body).toEqual({ fileId: FILE_ID });
    expect(api.calls('POST /api/File/Upload')[0]!.url.searchParams.get('formName')).toBe('BankStatement');
    expect(
      within(screen.getByRole('table', { name: 'Statement lines without a pending payment' })).getByText(
        'No payment with this UTR is pending',
      ),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Pending payments without a statement line' })).getByText('UTRLONELY'),
    ).toBeInTheDocument();
    await ui.click(within(matched).getByRole('button', { name: 'Approve: UTR12345678' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve: UTR12345678' });
    await ui.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.calls('POST /api/Payment/Approve/p1')).toHaveLength(1));
  });

  it('lists every row error of a refused statement with its row and column', async () => {
    mockFetch({
      'GET /api/Payment/GetPaymentList': listReply,
      'GET /api/Payment/GetReconciliationSummary': () => ok(SUMMARY),
      'GET /api/Payment/GetBankStatement': () => ok({ statement: null }),
      'POST /api/File/Upload': () => ok({ id: FILE_ID, fileName: 'statement.csv', kind: 'csv', size: 10 }),
      'POST /api/Payment/UploadBankStatement': () =>
        fail(400, 'VALIDATION_FAILED', 'The statement has 2 error(s). Nothing was matched.', [
          { fieldName: 'rows.2.date', errorMessages: ['Date is required'] },
          { fieldName: 'rows.3.amount', errorMessages: ['Amount must be greater than 0'] },
        ]),
    });
    const ui = userEvent.setup();
    renderAs('SLDCBusinessUser', <PaymentReconciliationPage />);
    await screen.findByText('No statement has been uploaded yet.');
    await ui.upload(screen.getByLabelText('Choose statement'), new File(['x'], 'statement.csv', { type: 'text/csv' }));
    await ui.click(screen.getByRole('button', { name: 'Upload and match' }));
    const table = await screen.findByRole('table', { name: 'Correct these rows and upload the statement again' });
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(cells).toEqual([
      ['2', 'Date', 'Date is required'],
      ['3', 'Amount', 'Amount must be greater than 0'],
    ]);
  });

  it('shows a retry when the totals cannot be loaded', async () => {
    mockFetch({
      'GET /api/Payment/GetPaymentList': listReply,
      'GET /api/Payment/GetReconciliationSummary': () => fail(500, 'INTERNAL', 'Down'),
      'GET /api/Payment/GetBankStatement': () => ok({ statement: null }),
    });
    renderAs('SLDCBusinessUser', <PaymentReconciliationPage />);
    const totals = await screen.findByRole('region', { name: 'Totals' });
    expect(await within(totals).findByRole('button', { name: /Retry|Try again/ })).toBeInTheDocument();
  });
});

describe('Payment list export and e-bidding payments', () => {
  beforeEach(() => authStore.signOut());

  it('downloads the payment list with the filter applied', async () => {
    const api = mockFetch({
      'GET /api/Payment/GetPaymentList': listReply,
      'GET /api/Payment/DownloadPaymentList': () => ({
        status: 200,
        body: 'xlsx',
        headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      }),
    });
    const ui = userEvent.setup();
    renderAs('OABusinessUser', <PaymentDetailsPage />, '/payments');
    await screen.findByText('No dues match the filter.');
    expect(screen.getByRole('link', { name: 'E-bidding payments' })).toHaveAttribute('href', '/payments/ebidding');
    await ui.click(screen.getByRole('button', { name: 'Download Excel' }));
    await waitFor(() => expect(api.calls('GET /api/Payment/DownloadPaymentList')).toHaveLength(1));
  });

  it('lists the payer’s allocations with price, due, paid and balance, and opens Make Payment on the due', async () => {
    mockFetch({ 'GET /api/Payment/GetEbiddingList': () => ok({ allocationList: [ALLOCATION], dataCount: 1 }) });
    const ui = userEvent.setup();
    renderAs('OABusinessUser', <EbiddingPaymentsPage />, '/payments/ebidding');
    const table = await screen.findByRole('table', { name: 'E-bidding Payments' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('EB/2026/000001');
    expect(row.textContent).toContain('12.50');
    expect(row.textContent).toContain('₹0.25/kWh');
    expect(row.textContent).toContain('₹6,250.00');
    expect(row.textContent).toContain('₹5,000.00');
    expect(within(row).getByRole('link', { name: 'Details: STOA/2026/0001' })).toHaveAttribute('href', '/e-bidding/details/a1');
    await ui.click(within(row).getByRole('button', { name: /Make Payment/ }));
    expect(await screen.findByRole('dialog', { name: 'Make Payment' })).toHaveTextContent('E-bidding price (EB/2026/000001)');
  });

  it('shows the empty state', async () => {
    mockFetch({ 'GET /api/Payment/GetEbiddingList': () => ok({ allocationList: [], dataCount: 0 }) });
    renderAs('Trader', <EbiddingPaymentsPage />, '/payments/ebidding');
    expect(await screen.findByText('None of your applications has been allocated quantum in e-bidding.')).toBeInTheDocument();
  });
});
