import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';

import type { Role } from '@stoa/shared/account';
import { addDays } from '@stoa/shared/applications';
import { istDate } from '@stoa/shared/common';
import type { ReportRow } from '@stoa/shared/reports';

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

  it('sorts on the server by a click on a column header, with aria-sort, and Sort by follows', async () => {
    const api = mockFetch({
      'GET /api/Report/PaymentReceipt': () =>
        ok({ reportName: 'PaymentReceipt', rows: [receiptRow], dataCount: 1, totals: { amount: 1_180_000, tdsAmount: 0 } }),
    });
    const ui = userEvent.setup();
    renderAs('SLDCBusinessUser', '/reports/payment-receipt');
    const grid = await screen.findByRole('grid', { name: 'Payment Receipt rows' });
    await within(grid).findByText('SLDC/RCPT/2026-27/000001');
    const issued = within(grid).getByRole('columnheader', { name: /Issued on/ });
    expect(issued).toHaveAttribute('aria-sort', 'descending');
    const amount = within(grid).getByRole('columnheader', { name: /Amount/ });
    expect(amount).toHaveAttribute('aria-sort', 'none');

    await ui.click(within(amount).getByText('Amount (₹)'));
    await waitFor(() => expect(api.calls('GET /api/Report/PaymentReceipt')).toHaveLength(2));
    expect(api.calls('GET /api/Report/PaymentReceipt')[1]!.url.searchParams.get('sort')).toBe('amount:asc');
    expect(within(grid).getByRole('columnheader', { name: /Amount/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(within(grid).getByRole('columnheader', { name: /Issued on/ })).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveTextContent('Amount (₹) (ascending)');

    await ui.click(within(grid).getByText('Amount (₹)'));
    await waitFor(() => expect(api.calls('GET /api/Report/PaymentReceipt')).toHaveLength(3));
    expect(api.calls('GET /api/Report/PaymentReceipt')[2]!.url.searchParams.get('sort')).toBe('amount:desc');
    expect(within(grid).getByRole('columnheader', { name: /Amount/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('charts the Financial Summary by month (the charge heads added up) over the filtered rows, with a table for screen readers', async () => {
    const fs = (month: string, head: string, raised: number, received: number, outstanding: number) => ({
      month,
      head,
      raised,
      received,
      tds: 0,
      refunded: 0,
      outstanding,
    });
    const rows = [
      fs('2026-07', 'APPLICATION_FEE', 590_000, 590_000, 0),
      fs('2026-07', 'STU_TRANSMISSION_CHARGE', 1_000_000, 400_000, 600_000),
      fs('2026-06', 'APPLICATION_FEE', 590_000, 0, 590_000),
    ];
    const api = mockFetch({
      'GET /api/Report/FinancialSummary': () =>
        ok({
          reportName: 'FinancialSummary',
          rows,
          dataCount: rows.length,
          totals: { raised: 2_180_000, received: 990_000, tds: 0, refunded: 0, outstanding: 1_190_000 },
        }),
    });
    const ui = userEvent.setup();
    renderAs('Trader', '/reports/financial-summary');
    const chart = await screen.findByRole('figure', { name: 'Amounts by month from Jun 2026 to Jul 2026, in rupees' });
    const chartCall = api.calls('GET /api/Report/FinancialSummary').find((c) => c.url.searchParams.get('pageSize') === '100')!;
    expect(chartCall.url.searchParams.get('sort')).toBe('month:desc');
    const table = within(chart).getByRole('table');
    const cells = (name: RegExp) =>
      within(within(table).getByRole('row', { name }))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/^Jun 2026/);
    expect(cells(/^Jul 2026/)).toEqual(['₹15,900.00', '₹9,900.00', '₹0.00', '₹0.00', '₹6,000.00']);
    expect(cells(/^Jun 2026/)).toEqual(['₹5,900.00', '₹0.00', '₹0.00', '₹0.00', '₹5,900.00']);

    // A filter applied is the chart's too; a sort is not.
    await ui.click(within(screen.getByRole('grid')).getByText('Dues raised (₹)'));
    await waitFor(() =>
      expect(api.calls('GET /api/Report/FinancialSummary').filter((c) => c.url.searchParams.get('pageSize') === '100')).toHaveLength(1),
    );
    await ui.type(screen.getByLabelText('Month'), '2026-07');
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(
        api
          .calls('GET /api/Report/FinancialSummary')
          .filter((c) => c.url.searchParams.get('pageSize') === '100')
          .map((c) => c.url.searchParams.get('month')),
      ).toEqual([null, '2026-07']),
    );
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

  it('starts a margin report on the next 7 days, charts margin and booked MW of a date and element, and switches to another', async () => {
    const range = (
      date: string,
      element: string,
      fromBlock: number,
      toBlock: number,
      margin: number,
      approved: number,
      awaiting: number,
    ) => ({
      marginDate: date,
      element,
      fromBlock,
      toBlock,
      timeRange: '',
      margin,
      approved,
      awaitingApproval: awaiting,
      available: Math.max(margin - approved - awaiting, 0),
      overAllocated: Math.max(approved + awaiting - margin, 0),
    });
    const anand: ReportRow[] = [
      range('2026-08-10', 'Anand 132 kV', 1, 40, 2000, 0, 0),
      range('2026-08-10', 'Anand 132 kV', 41, 48, 2000, 1300, 0),
      range('2026-08-10', 'Anand 132 kV', 49, 52, 500, 300, 400),
      range('2026-08-10', 'Anand 132 kV', 53, 96, 2000, 0, 0),
    ];
    // 'Anand 132 kV II' contains the name: the chart drops its rows.
    const other = range('2026-08-10', 'Anand 132 kV II', 1, 96, 900, 0, 0);
    const vadodara = range('2026-08-11', 'Vadodara 66 kV', 1, 96, 3000, 0, 0);
    const api = mockFetch({
      'GET /api/Report/StoaMarginAvailabilityIntraState': (req) => {
        const element = req.url.searchParams.get('element');
        const rows = element === 'Anand 132 kV' ? [...anand, other] : element === 'Vadodara 66 kV' ? [vadodara] : [...anand, vadodara];
        return ok({ reportName: 'StoaMarginAvailabilityIntraState', rows, dataCount: rows.length, totals: null });
      },
    });
    const ui = userEvent.setup();
    renderAs('SLDCApproverI', '/reports/stoa-margin-availability-intra-state');
    expect(await screen.findByRole('heading', { name: 'STOA Margin Availability (Intra-State)' })).toBeInTheDocument();
    const first = api.calls('GET /api/Report/StoaMarginAvailabilityIntraState')[0]!.url.searchParams;
    const today = istDate(new Date());
    expect([first.get('fromDate'), first.get('toDate'), first.get('sort')]).toEqual([today, addDays(today, 6), 'marginDate:asc']);
    expect(screen.getByLabelText(/Date from/)).toBeRequired();

    const chart = await screen.findByRole('figure', { name: 'Margin and booked MW per block on 10/08/2026 at Anand 132 kV' });
    const chartCall = api.calls('GET /api/Report/StoaMarginAvailabilityIntraState').find((c) => c.url.searchParams.has('element'))!;
    expect(Object.fromEntries(chartCall.url.searchParams)).toMatchObject({
      fromDate: '2026-08-10',
      toDate: '2026-08-10',
      element: 'Anand 132 kV',
      sort: 'fromBlock:asc',
      pageSize: '100',
    });
    const table = await within(chart).findByRole('table');
    const cells = (name: RegExp) =>
      within(within(table).getByRole('row', { name }))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(within(table).getAllByRole('row')).toHaveLength(1 + anand.length);
    expect(cells(/^10:00–12:00/)).toEqual(['20.00', '13.00']);
    expect(cells(/^12:00–13:00/)).toEqual(['5.00', '7.00']);
    expect(cells(/^13:00–24:00/)).toEqual(['20.00', '0.00']);

    await ui.click(screen.getByRole('combobox', { name: 'Date and element' }));
    await ui.click(screen.getByRole('option', { name: '11/08/2026 · Vadodara 66 kV' }));
    const next = await screen.findByRole('figure', { name: 'Margin and booked MW per block on 11/08/2026 at Vadodara 66 kV' });
    expect(within(await within(next).findByRole('table')).getAllByRole('row')).toHaveLength(2);
  });

  it("checks a margin report's required dates and their span before asking the server", async () => {
    const api = mockFetch({
      'GET /api/Report/StoaMarginAvailabilityInterState': () =>
        ok({ reportName: 'StoaMarginAvailabilityInterState', rows: [], dataCount: 0, totals: null }),
    });
    const ui = userEvent.setup();
    renderAs('SLDCBusinessUser', '/reports/stoa-margin-availability-inter-state');
    expect(await screen.findByText('No rows match the filters')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Margin and booked MW by block' })).not.toBeInTheDocument();
    await ui.clear(screen.getByLabelText(/Date from/));
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Date from is required')).toBeInTheDocument();
    await ui.type(screen.getByLabelText(/Date from/), '2026-08-01');
    await ui.clear(screen.getByLabelText(/Date to/));
    await ui.type(screen.getByLabelText(/Date to/), '2026-09-15');
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('The dates may span at most 31 days')).toBeInTheDocument();
    expect(api.calls('GET /api/Report/StoaMarginAvailabilityInterState')).toHaveLength(1);
    await ui.clear(screen.getByLabelText(/Date to/));
    await ui.type(screen.getByLabelText(/Date to/), '2026-08-31');
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.calls('GET /api/Report/StoaMarginAvailabilityInterState')).toHaveLength(2));
    expect(api.calls('GET /api/Report/StoaMarginAvailabilityInterState')[1]!.url.searchParams.get('toDate')).toBe('2026-08-31');
    expect(screen.queryByText('The dates may span at most 31 days')).not.toBeInTheDocument();
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

  it('has no margin availability for an OA applicant or a trader', async () => {
    mockFetch({});
    renderAs('Trader', '/reports/stoa-margin-availability-intra-state');
    expect(await screen.findByText(/not found/i)).toBeInTheDocument();
  });
});
