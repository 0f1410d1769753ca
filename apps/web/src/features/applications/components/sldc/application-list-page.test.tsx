import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';

import { authStore } from '../../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../../lib/query-client';
import { buildAuthUser } from '../../../../testing/fixtures';
import { fail, mockFetch, ok, type RecordedRequest } from '../../../../testing/mock-fetch';
import { renderWithProviders } from '../../../../testing/test-utils';
import { typeDate } from '../../../../testing/date-input';
import { SldcApplicationListPage } from './application-list-page';
import { buildApplicationRow } from './test-fixtures';

const query = (request: RecordedRequest) => Object.fromEntries(request.url.searchParams);
const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());

function renderList(path: string, retry = true) {
  authStore.loginSucceeded(buildAuthUser({ role: 'SLDCBusinessUser', entityType: null }));
  const client = createQueryClient();
  // Without the retries of a server error (the error state shows at once).
  if (!retry) client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return renderWithProviders(
    <QueryProvider client={client}>
      <Routes>
        <Route path="/applications/sldc/:applicationType?" element={<SldcApplicationListPage />} />
        <Route path="/applications/sldc/:applicationType/:id" element={<p>detail page</p>} />
      </Routes>
    </QueryProvider>,
    path,
  );
}

describe('SLDC applications list', () => {
  beforeEach(() => authStore.signOut());

  it('lists the applications of the type with the spec status labels and opens one on a row click', async () => {
    const row = buildApplicationRow({
      status: { status: 'PartiallyApproved', statusDescription: 'PartiallyApproved' },
      traderName: 'Bharat Power',
    });
    const api = mockFetch({ 'GET /api/Application/GetAll/DayAhead': () => ok({ applicationList: [row], dataCount: 1 }) });
    const ui = userEvent.setup();
    renderList('/applications/sldc/DayAhead');
    expect(await screen.findByRole('heading', { level: 1, name: 'Day Ahead Applications' })).toBeInTheDocument();
    expect(await screen.findByText('STOA/DA/2026/000101')).toBeInTheDocument();
    expect(headers()).toEqual(['Application No.', 'Seller', 'Buyer', 'Applicant', 'Trader', 'Period', 'Submitted On', 'Status', 'Actions']);
    expect(screen.getByText('Partially Approved (As per Margin Availability)')).toBeInTheDocument();
    expect(screen.getByText('Bharat Power')).toBeInTheDocument();
    expect(screen.getByText('Nov 23, 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View application STOA/DA/2026/000101' })).toHaveAttribute(
      'href',
      `/applications/sldc/DayAhead/${row.id}`,
    );
    expect(screen.getByRole('link', { name: 'Processing' })).toHaveAttribute('href', '/applications/sldc/DayAhead/processing');
    expect(query(api.calls('GET /api/Application/GetAll/DayAhead')[0]!)).toEqual({ pageNumber: '1', pageSize: '10' });
    await ui.click(screen.getByText('Kaveri Textiles Ltd'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/applications/sldc/DayAhead/${row.id}`));
  });

  it('starts filtered to the status a dashboard figure links with; Reset clears it; an unknown status is ignored', async () => {
    const api = mockFetch({
      'GET /api/Application/GetAll/ContingencySameDay': () => ok({ applicationList: [], dataCount: 0 }),
      'GET /api/Application/GetAll/DayAhead': () => ok({ applicationList: [], dataCount: 0 }),
    });
    const ui = userEvent.setup();
    const first = renderList('/applications/sldc/Contingency?type=ContingencySameDay&status=Submitted');
    await waitFor(() => expect(api.calls('GET /api/Application/GetAll/ContingencySameDay')).toHaveLength(1));
    expect(query(api.calls('GET /api/Application/GetAll/ContingencySameDay')[0]!)).toEqual({
      status: 'Submitted',
      pageNumber: '1',
      pageSize: '10',
    });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Pending SLDC verification');
    await ui.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(api.calls('GET /api/Application/GetAll/ContingencySameDay')).toHaveLength(2));
    expect(query(api.calls('GET /api/Application/GetAll/ContingencySameDay')[1]!)).toEqual({ pageNumber: '1', pageSize: '10' });
    first.unmount();

    renderList('/applications/sldc/DayAhead?status=NotAStatus');
    await waitFor(() => expect(api.calls('GET /api/Application/GetAll/DayAhead')).toHaveLength(1));
    expect(query(api.calls('GET /api/Application/GetAll/DayAhead')[0]!)).toEqual({ pageNumber: '1', pageSize: '10' });
  });

  it('offers the status labels of spec 001 §4 and sends every filter to the server from page 1', async () => {
    const api = mockFetch({
      'GET /api/Application/GetAll/FCFS': () => ok({ applicationList: [buildApplicationRow({ applicationType: 'FCFS' })], dataCount: 1 }),
    });
    const ui = userEvent.setup();
    renderList('/applications/sldc/FCFS');
    expect(await screen.findByRole('heading', { level: 1, name: 'First Come First Serve Applications' })).toBeInTheDocument();
    await ui.click(screen.getByRole('combobox', { name: 'Status' }));
    const options = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual([
      'All',
      'Pending SLDC verification',
      'More clarification required',
      'Rejected',
      'Pending STOA check',
      'Pending SLDC approval',
      'Pending SLDC approval (SLDC Approver-II)',
      'Approved',
      'Partially Approved (As per Margin Availability)',
      'Rejected (No Margin)',
    ]);
    await ui.click(screen.getByRole('option', { name: 'Pending STOA check' }));
    await ui.type(screen.getByLabelText('Application No.'), ' STOA/FC ');
    await ui.type(screen.getByLabelText('Seller / Buyer Name'), 'kaveri');
    await typeDate(ui, 'From Date', '01/11/2026');
    await typeDate(ui, 'To Date', '30/11/2026');
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.calls('GET /api/Application/GetAll/FCFS').length).toBe(2));
    expect(query(api.calls('GET /api/Application/GetAll/FCFS')[1]!)).toEqual({
      pageNumber: '1',
      pageSize: '10',
      status: 'PendingSTOAApproval',
      applicationNo: 'STOA/FC',
      entityName: 'kaveri',
      fromDate: '2026-11-01',
      toDate: '2026-11-30',
    });
    await ui.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(api.calls('GET /api/Application/GetAll/FCFS').length).toBe(3));
    expect(query(api.calls('GET /api/Application/GetAll/FCFS')[2]!)).toEqual({ pageNumber: '1', pageSize: '10' });
  });

  it('refuses a From Date after the To Date without asking the server', async () => {
    const api = mockFetch({ 'GET /api/Application/GetAll/Advance': () => ok({ applicationList: [], dataCount: 0 }) });
    const ui = userEvent.setup();
    renderList('/applications/sldc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Advance Applications' })).toBeInTheDocument();
    await typeDate(ui, 'From Date', '10/12/2026');
    await typeDate(ui, 'To Date', '01/12/2026');
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('From Date must not be after To Date.')).toBeInTheDocument();
    expect(api.calls('GET /api/Application/GetAll/Advance')).toHaveLength(1);
  });

  it('flags the rows whose application fee is unpaid', async () => {
    mockFetch({
      'GET /api/Application/GetAll/DayAhead': () =>
        ok({
          applicationList: [
            buildApplicationRow({ applicationNo: 'STOA/DA/2026/000201', feeUnpaid: true }),
            buildApplicationRow({ applicationNo: 'STOA/DA/2026/000202', feeUnpaid: false }),
          ],
          dataCount: 2,
        }),
    });
    renderList('/applications/sldc/DayAhead');
    expect(await screen.findByText('STOA/DA/2026/000201')).toBeInTheDocument();
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Fee unpaid')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('Fee unpaid')).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    mockFetch({ 'GET /api/Application/GetAll/Advance': () => ok({ applicationList: [], dataCount: 0 }) });
    renderList('/applications/sldc/Advance');
    expect(await screen.findByText('No applications found.')).toBeInTheDocument();
  });

  it('shows the error state with a retry that fetches again', async () => {
    const api = mockFetch({
      'GET /api/Application/GetAll/DayAhead': (_r, i) =>
        i === 0 ? fail(500, 'INTERNAL_ERROR', 'boom') : ok({ applicationList: [buildApplicationRow()], dataCount: 1 }),
    });
    const ui = userEvent.setup();
    renderList('/applications/sldc/DayAhead', false);
    expect(await screen.findByText('Sorry! We are unable to fetch the data.')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('STOA/DA/2026/000101')).toBeInTheDocument();
    expect(api.calls('GET /api/Application/GetAll/DayAhead').length).toBeGreaterThanOrEqual(2);
  });

  it("shows the menu's Contingency as a tab per contingency type", async () => {
    const api = mockFetch({
      'GET /api/Application/GetAll/ContingencyDayAhead': () =>
        ok({
          applicationList: [buildApplicationRow({ applicationType: 'ContingencyDayAhead', applicationNo: 'STOA/CD/2026/000001' })],
          dataCount: 1,
        }),
      'GET /api/Application/GetAll/ContingencySameDay': () => ok({ applicationList: [], dataCount: 0 }),
    });
    const ui = userEvent.setup();
    renderList('/applications/sldc/Contingency');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contingency Applications' })).toBeInTheDocument();
    expect(await screen.findByText('STOA/CD/2026/000001')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View application STOA/CD/2026/000001' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/applications\/sldc\/Contingency\/[0-9a-f-]+$/),
    );
    expect(screen.getByRole('link', { name: 'Processing' })).toHaveAttribute(
      'href',
      '/applications/sldc/Contingency/processing?type=ContingencyDayAhead',
    );
    const tabs = within(screen.getByRole('tablist', { name: 'Contingency application types' }));
    expect(tabs.getByRole('tab', { name: 'Day Ahead' })).toHaveAttribute('aria-selected', 'true');
    await ui.click(tabs.getByRole('tab', { name: 'Same Day' }));
    // The tabs stay under the menu's Contingency entry (?type=), so the menu keeps it highlighted.
    await waitFor(() => expect(api.calls('GET /api/Application/GetAll/ContingencySameDay')).toHaveLength(1));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/applications\/sldc\/Contingency$/);
    expect(await screen.findByText('No applications found.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Same Day' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('link', { name: 'Processing' })).toHaveAttribute(
      'href',
      '/applications/sldc/Contingency/processing?type=ContingencySameDay',
    );
  });

  it('says so for an unknown type', async () => {
    mockFetch({});
    renderList('/applications/sldc/Weekly');
    expect(await screen.findByRole('heading', { level: 1, name: 'There is no such application type.' })).toBeInTheDocument();
  });
});
