import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';

import type { Role } from '@stoa/shared/account';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { buildAuthUser } from '../../../testing/fixtures';
import { fail, mockFetch, ok } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { ReportPage } from './report-page';

function renderAs(role: Role, path: string) {
  authStore.loginSucceeded(buildAuthUser({ role }));
  return renderWithProviders(
    <QueryProvider client={createQueryClient()}>
      <Routes>
        <Route path="/reports/:reportName" element={<ReportPage />} />
      </Routes>
    </QueryProvider>,
    path,
  );
}

const receiptRow = {
  receiptNo: 'SLDC/RCPT/2026-27/000001',
  issuedAt: '2026-07-10T04:35:00.000Z',
  payer: 'Sunrise Textiles Ltd',
  head: 'REGISTRATION_FEE',
  description: 'Registration fee',
  mode: 'NEFT',
  reference: 'UTR0001',
  paymentDate: '2026-07-09',
  amount: 1_180_000,
  tdsAmount: 0,
};

describe('Report page', () => {
  beforeEach(() => authStore.signOut());

  it('shows the rows in rupees and IST, the totals of every matching row, and sends the filters and sort to the server', async () => {
    const api = mockFetch({
      'GET /api/Report/PaymentReceipt': () =>
        ok({ reportName: 'PaymentReceipt', rows: [receiptRow], dataCount: 1, totals: { amount: 1_180_000, tdsAmount: 0 } }),
    });
    const ui = userEvent.setup();
    renderAs('OABusinessUser', '/reports/payment-receipt');
    expect(await screen.findByRole('heading', { name: 'Payment Receipt' })).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'Payment Receipt rows' });
    expect(await within(grid).findByText('SLDC/RCPT/2026-27/000001')).toBeInTheDocument();
    expect(within(grid).getByText('10/07/2026 10:05')).toBeInTheDocument();
    expect(within(grid).getByText('Registration fee', { selector: '[data-field="head"] *, [data-field="head"]' })).toBeInTheDocument();
    const totals = screen.getByRole('region', { name: 'Totals of every row that matches the filters' });
    expect(within(totals).getByText('₹11,800.00')).toBeInTheDocument();
    expect(within(totals).getByText('Total · 1 row')).toBeInTheDocument();
    expect(api.calls('GET /api/Report/PaymentReceipt')[0]!.url.searchParams.get('sort')).toBe('issuedAt:desc');

    await ui.type(screen.getByLabelText('Payer'), 'Sunrise');
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.calls('GET /api/Report/PaymentReceipt')).toHaveLength(2));
    const q = api.calls('GET /api/Report/PaymentReceipt')[1]!.url.searchParams;
    expect(q.get('entity')).toBe('Sunrise');
    expect(q.get('pageNumber')).toBe('1');
    expect(q.has('fromDate')).toBe(false);
  });

  it('downloads Excel and PDF with the filters applied', async () => {
    const api = mockFetch({
      'GET /api/Report/PendingApplications': () => ok({ reportName: 'PendingApplications', rows: [], dataCount: 0, totals: null }),
      'GET /api/Report/PendingApplications/Download': (req) => ({
        status: 200,
        body: req.url.searchParams.get('format'),
        headers: { 'Content-Type': 'application/octet-stream', 'Content-Disposition': 'attachment; filename="pending-applications.x"' },
      }),
    });
    const ui = userEvent.setup();
    renderAs('SLDCBusinessUser', '/reports/pending-applications');
    expect(await screen.findByText('No rows match the filters')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Download Pending Applications as Excel' }));
    await waitFor(() => expect(api.calls('GET /api/Report/PendingApplications/Download')).toHaveLength(1));
    await ui.click(screen.getByRole('button', { name: 'Download Pending Applications as PDF' }));
    await waitFor(() => expect(api.calls('GET /api/Report/PendingApplications/Download')).toHaveLength(2));
    expect(api.calls('GET /api/Report/PendingApplications/Download').map((r) => r.url.searchParams.get('format'))).toEqual(['xlsx', 'pdf']);
    expect(screen.queryByRole('region', { name: 'Totals of every row that matches the filters' })).not.toBeInTheDocument();
  });

  it('offers a retry when the report fails to load', async () => {
    mockFetch({ 'GET /api/Report/ApplicationStatus': () => fail(500, 'INTERNAL', 'boom') });
    renderAs('Trader', '/reports/application-status');
    expect(await screen.findByRole('button', { name: /Retry|Try again/ }, { timeout: 8000 })).toBeInTheDocument();
  });

  it('is not found for an unknown report or a report the role does not have', async () => {
    mockFetch({});
    renderAs('DISCOMBusinessUser', '/reports/pending-applications');
    expect(await screen.findByText(/not found/i)).toBeInTheDocument();
  });
});
