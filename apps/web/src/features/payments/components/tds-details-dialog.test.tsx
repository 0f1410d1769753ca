import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';

import type { Payment, PaymentDue, TdsLine } from '@stoa/shared/payments';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { buildAuthUser } from '../../../testing/fixtures';
import { fail, mockFetch, ok } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { PaymentViewDialog } from './payment-view-dialog';
import { TdsDetailsDialog } from './tds-details-dialog';

const line = (over: Partial<TdsLine> = {}): TdsLine => ({
  paymentId: 'p1',
  dueId: 'd1',
  head: 'STU_TRANSMISSION_CHARGE',
  description: 'STU transmission charge STOA/2026/0001',
  payerName: 'Surya Power Ltd',
  reference: 'UTR12345678',
  paymentDate: '2026-11-16',
  month: '2026-11',
  tdsSection: '194C_OTHER',
  tdsAmount: 20_000,
  amount: 980_000,
  status: 'APPROVED',
  ...over,
});

const DETAILS = 'GET /api/Payment/GetTDSDetails/STOA-2026-0001';

function render(ui: ReactNode) {
  authStore.loginSucceeded(buildAuthUser({ role: 'OABusinessUser' }));
  return renderWithProviders(<QueryProvider client={createQueryClient()}>{ui}</QueryProvider>, '/payments');
}

describe('TDS Details (GET /Payment/GetTDSDetails/{applicationId})', () => {
  beforeEach(() => authStore.signOut());

  it('shows per charge head the gross, TDS section, rate and TDS amount, and the TDS accepted', async () => {
    const api = mockFetch({
      [DETAILS]: () =>
        ok({
          tdsList: [
            line(),
            line({
              paymentId: 'p2',
              head: 'SLDC_OPERATING_CHARGE',
              description: 'SLDC operating charge STOA/2026/0001',
              tdsSection: '194J_B',
              tdsAmount: 5_000,
              amount: 45_000,
              status: 'PENDING',
            }),
          ],
          totalTds: 20_000,
        }),
    });
    render(<TdsDetailsDialog applicationId="STOA-2026-0001" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'TDS Details — STOA-2026-0001' });
    const table = await within(dialog).findByRole('table', { name: 'TDS deducted per charge head' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Charge Head', 'Gross', 'TDS Section', 'TDS Rate', 'TDS Amount']));
    const [stu, sldc] = within(table).getAllByRole('row').slice(1);
    expect(stu!.textContent).toContain('STU transmission charge');
    expect(stu!.textContent).toContain('₹10,000.00');
    expect(stu!.textContent).toContain('Paid ₹9,800.00 + TDS ₹200.00');
    expect(stu!.textContent).toContain('194C (others)');
    expect(stu!.textContent).toContain('2.00%');
    expect(stu!.textContent).toContain('Approved');
    expect(sldc!.textContent).toContain('SLDC operating charge');
    expect(sldc!.textContent).toContain('194J(b)');
    expect(sldc!.textContent).toContain('10.00%');
    expect(sldc!.textContent).toContain('₹50.00');
    expect(sldc!.textContent).toContain('Pending Approval');
    // The TDS accepted counts the approved payments only (the API's total).
    expect(within(dialog).getByText('TDS Accepted').nextSibling).toHaveTextContent('₹200.00');
    expect(api.calls(DETAILS)).toHaveLength(1);
  });

  it('shows loading, then the empty text when no TDS was deducted', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    mockFetch({ [DETAILS]: async () => (await gate, ok({ tdsList: [], totalTds: 0 })) });
    render(<TdsDetailsDialog applicationId="STOA-2026-0001" onClose={() => {}} />);
    expect(await screen.findByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    release();
    expect(await screen.findByText('No TDS has been deducted from the payments of this record.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the error with a retry that fetches again', async () => {
    const api = mockFetch({
      [DETAILS]: (_r, i) => (i === 0 ? fail(403, 'FORBIDDEN', 'Forbidden') : ok({ tdsList: [line()], totalTds: 20_000 })),
    });
    const ui = userEvent.setup();
    render(<TdsDetailsDialog applicationId="STOA-2026-0001" onClose={() => {}} />);
    expect(await screen.findByText('Sorry! We are unable to fetch the data.')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'TDS deducted per charge head' })).toBeInTheDocument();
    expect(api.calls(DETAILS)).toHaveLength(2);
  });

  it("opens from a due's payment details when a payment carries TDS, and closes back to it", async () => {
    const due: PaymentDue = {
      id: 'd1',
      payerUserId: 'u1',
      payerName: 'Surya Power Ltd',
      head: 'STU_TRANSMISSION_CHARGE',
      description: 'STU transmission charge: STOA/2026/0001',
      recordType: 'Application',
      recordId: 'STOA-2026-0001',
      dueDate: '2026-11-19',
      status: 'PAID',
      grossAmount: 1_000_000,
      gstAmount: 0,
      totalAmount: 1_000_000,
      tdsAmount: 20_000,
      paidAmount: 980_000,
      pendingAmount: 0,
      balanceAmount: 0,
      creditAmount: 0,
      pendingCount: 0,
      createdAt: '2026-11-16T06:00:00Z',
    };
    const payment: Payment = {
      id: 'p1',
      dueId: 'd1',
      payerUserId: 'u1',
      payerName: 'Surya Power Ltd',
      mode: 'NEFT',
      reference: 'UTR12345678',
      paymentDate: '2026-11-16',
      bankName: 'State Bank of India',
      amount: 980_000,
      tdsSection: '194C_OTHER',
      tdsAmount: 20_000,
      excessAmount: 0,
      receiptNo: null,
      proofFileId: null,
      proofFileName: null,
      status: 'APPROVED',
      madeBy: 'u1',
      madeAt: '2026-11-16T06:00:00Z',
      checkedBy: null,
      checkedAt: null,
      remarks: null,
    };
    const api = mockFetch({
      'GET /api/Payment/GetPaymentDetails/d1': () => ok({ due, payments: [payment] }),
      [DETAILS]: () => ok({ tdsList: [line()], totalTds: 20_000 }),
    });
    const ui = userEvent.setup();
    render(<PaymentViewDialog dueId="d1" canCheck={false} onClose={() => {}} />);
    await ui.click(await screen.findByRole('button', { name: 'TDS Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'TDS Details — STOA/2026/0001' });
    expect(await within(dialog).findByRole('table', { name: 'TDS deducted per charge head' })).toBeInTheDocument();
    expect(api.calls(DETAILS)).toHaveLength(1);
    await ui.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'TDS Details — STOA/2026/0001' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'STU transmission charge: STOA/2026/0001' })).toBeInTheDocument();
    // Keyboard users land back on the button that opened it.
    await waitFor(() => expect(screen.getByRole('button', { name: 'TDS Details' })).toHaveFocus());
  });

  it('offers no TDS Details on a due whose payments carry no TDS', async () => {
    mockFetch({
      'GET /api/Payment/GetPaymentDetails/d1': () =>
        ok({
          due: {
            ...{ id: 'd1', payerUserId: 'u1', payerName: 'Surya Power Ltd', head: 'APPLICATION_FEE', description: 'Application fee' },
            ...{ recordType: 'Application', recordId: 'STOA-2026-0001', dueDate: '2026-11-19', status: 'DUE' },
            ...{ grossAmount: 500_000, gstAmount: 90_000, totalAmount: 590_000, tdsAmount: 0, paidAmount: 0, pendingAmount: 0 },
            ...{ balanceAmount: 590_000, creditAmount: 0, pendingCount: 0, createdAt: '2026-11-16T06:00:00Z' },
          },
          payments: [],
        }),
    });
    render(<PaymentViewDialog dueId="d1" canCheck={false} onClose={() => {}} />);
    expect(await screen.findByText('No payment has been made against this due.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'TDS Details' })).not.toBeInTheDocument();
  });
});
