import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { CurtailmentDetail, CurtailmentItem, CurtailmentPreview, CurtailmentRow } from '@stoa/shared/curtailment';
import type { Role } from '@stoa/shared/account';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { buildAuthUser } from '../../../testing/fixtures';
import { fail, mockFetch, ok } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { CurtailmentDetailPage } from './curtailment-detail-page';
import { CurtailmentListPage } from './curtailment-list-page';

const ID = '00000000-0000-4000-8000-0000000000d1';
const row = (overrides: Partial<CurtailmentRow> = {}): CurtailmentRow => ({
  id: ID,
  curtailmentNo: 'CUR/2026/000001',
  element: 'Anand 132 kV',
  curtailmentDate: '2026-11-22',
  fromTimeBlock: '10:00',
  toTimeBlock: '11:00',
  basis: 'Reduction',
  quantum: '5.00',
  cause: 'TransmissionConstraint',
  applicationCount: 2,
  curtailedMwh: '5.00',
  refundAmount: 40_000,
  createdOn: '2026-11-21T05:00:00.000Z',
  ...overrides,
});
const item = (no: string, overrides: Partial<CurtailmentItem> = {}): CurtailmentItem => ({
  applicationId: `00000000-0000-4000-8000-00000000000${no}`,
  applicationNo: `STOA/DA/2026/00000${no}`,
  applicationType: 'DayAhead',
  applicantName: 'Alpha Power',
  sellerName: 'Alpha Solar',
  buyerName: 'Beta Mills',
  blockList: [
    { block: 41, fromTime: '10:00', toTime: '10:15', beforeMw: '6.00', afterMw: '3.00', cutMw: '3.00' },
    { block: 42, fromTime: '10:15', toTime: '10:30', beforeMw: '6.00', afterMw: '3.00', cutMw: '3.00' },
  ],
  curtailedMwh: '3.00',
  refundAmount: 24_000,
  ...overrides,
});
const preview: CurtailmentPreview = {
  element: 'Anand 132 kV',
  curtailmentDate: '2026-11-21',
  fromTimeBlock: '10:00',
  toTimeBlock: '11:00',
  basis: 'Reduction',
  quantum: '5.00',
  cause: 'TransmissionConstraint',
  order: 'ProRata',
  curtailedMwh: '5.00',
  refundAmount: 40_000,
  refundNote: 'Transmission charges of the curtailed energy are refunded (cause: transmission constraint).',
  marginVersion: 3,
  itemList: [item('1'), item('2', { curtailedMwh: '2.00', refundAmount: 16_000 })],
};
const { marginVersion: _, ...shown } = preview;
const detail: CurtailmentDetail = {
  ...shown,
  id: ID,
  curtailmentNo: 'CUR/2026/000001',
  remarks: 'Line outage',
  createdByName: 'Sima Desai',
  createdOn: '2026-11-21T05:00:00.000Z',
};

function renderAt(path: string, role: Role) {
  authStore.loginSucceeded(
    buildAuthUser({ role, entityType: role === 'OABusinessUser' ? 'BothEntity' : role === 'Trader' ? 'Trader' : null }),
  );
  return renderWithProviders(
    <QueryProvider client={createQueryClient()}>
      <Routes>
        <Route path="/curtailment" element={<CurtailmentListPage />} />
        <Route path="/curtailment/:curtailmentId" element={<CurtailmentDetailPage />} />
      </Routes>
    </QueryProvider>,
    path,
  );
}

const queryOf = (r: { url: URL }) => Object.fromEntries(r.url.searchParams.entries());

describe('Applied Curtailments list', () => {
  beforeEach(() => {
    authStore.signOut();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T04:30:00.000Z')); // 10:00 IST
  });
  afterEach(() => vi.useRealTimers());

  it('shows an applicant its curtailments with energy and refund, filters by cause, and offers no New Curtailment', async () => {
    const api = mockFetch({
      'GET /api/Curtailment/GetAll': () =>
        ok({ curtailmentList: [row({ applicationCount: 1, curtailedMwh: '3.00', refundAmount: 24_000 })], dataCount: 1 }),
    });
    const ui = userEvent.setup();
    renderAt('/curtailment', 'OABusinessUser');
    expect(await screen.findByRole('heading', { level: 1, name: 'Applied Curtailments' })).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'Curtailments' });
    expect(await within(grid).findByText('CUR/2026/000001')).toBeInTheDocument();
    expect(within(grid).getByText('₹240.00')).toBeInTheDocument();
    expect(within(grid).getByText('3.00')).toBeInTheDocument();
    expect(within(grid).getByRole('link', { name: 'View curtailment CUR/2026/000001' })).toHaveAttribute('href', `/curtailment/${ID}`);
    expect(screen.queryByRole('button', { name: 'New Curtailment' })).not.toBeInTheDocument();

    await ui.click(screen.getByRole('combobox', { name: 'Cause' }));
    await ui.click(await screen.findByRole('option', { name: 'Transmission constraint' }));
    await ui.type(screen.getByRole('textbox', { name: 'Application No.' }), ' STOA/DA ');
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(queryOf(api.calls('GET /api/Curtailment/GetAll').at(-1)!)).toEqual({
        cause: 'TransmissionConstraint',
        applicationNo: 'STOA/DA',
        pageNumber: '1',
        pageSize: '10',
      }),
    );
  });

  it('says so when there are none', async () => {
    mockFetch({ 'GET /api/Curtailment/GetAll': () => ok({ curtailmentList: [], dataCount: 0 }) });
    renderAt('/curtailment', 'Trader');
    expect(await screen.findByText('No curtailments found.')).toBeInTheDocument();
    expect(screen.getByText('None of your applications has been curtailed.')).toBeInTheDocument();
  });

  it('offers a retry when the list fails, and shows the rows once it loads', async () => {
    // A client error (4xx) is not retried by the query client, so the error state shows at once.
    const api = mockFetch({
      'GET /api/Curtailment/GetAll': (_r, index) =>
        index === 0 ? fail(422, 'BUSINESS_RULE', 'Not now.') : ok({ curtailmentList: [row()], dataCount: 1 }),
    });
    const ui = userEvent.setup();
    renderAt('/curtailment', 'SLDCApproverII');
    expect(await screen.findByText('Sorry! We are unable to fetch the data.')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('CUR/2026/000001')).toBeInTheDocument();
    expect(api.calls('GET /api/Curtailment/GetAll')).toHaveLength(2);
    // An approver sees the list but cannot curtail.
    expect(screen.queryByRole('button', { name: 'New Curtailment' })).not.toBeInTheDocument();
  });

  it('lets the SLDC business user preview a curtailment and apply it, then opens it', async () => {
    const api = mockFetch({
      'GET /api/Curtailment/GetAll': () => ok({ curtailmentList: [], dataCount: 0 }),
      'GET /api/Curtailment/GetElements': () =>
        ok({ elementList: [{ element: 'Anand 132 kV' }, { element: 'Vadodara 66 kV' }], order: 'ProRata' }),
      'POST /api/Curtailment/Preview': () => ok(preview),
      'POST /api/Curtailment/Create': () => ok(detail),
      [`GET /api/Curtailment/Get/${ID}`]: () => ok(detail),
    });
    const ui = userEvent.setup();
    renderAt('/curtailment', 'SLDCBusinessUser');
    await ui.click(await screen.findByRole('button', { name: 'New Curtailment' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Curtailment' });
    expect(await within(dialog).findByText(/Order in force: Pro-rata/)).toBeInTheDocument();
    // Preview with nothing chosen: every field's message at once, nothing sent.
    await ui.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText('Transmission Element is required')).toBeInTheDocument();
    expect(within(dialog).getByText('MW is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Remarks is required')).toBeInTheDocument();
    expect(api.calls('POST /api/Curtailment/Preview')).toHaveLength(0);

    expect(queryOf(api.calls('GET /api/Curtailment/GetElements')[0]!)).toEqual({ date: '2026-11-21' });
    await ui.click(within(dialog).getByRole('combobox', { name: /Transmission Element/ }));
    await ui.click(await screen.findByRole('option', { name: 'Anand 132 kV' }));
    await ui.click(within(dialog).getByRole('combobox', { name: /From Time/ }));
    await ui.click(await screen.findByRole('option', { name: '10:00' }));
    await ui.click(within(dialog).getByRole('combobox', { name: /To Time/ }));
    await ui.click(await screen.findByRole('option', { name: '11:00' }));
    await ui.type(within(dialog).getByRole('textbox', { name: /^MW/ }), '5');
    await ui.type(within(dialog).getByRole('textbox', { name: /Remarks/ }), 'Line outage');
    await ui.click(within(dialog).getByRole('button', { name: 'Preview' }));

    expect(await within(dialog).findByRole('heading', { name: 'Schedules to be curtailed' })).toBeInTheDocument();
    expect(api.calls('POST /api/Curtailment/Preview')[0]!.body).toEqual({
      curtailmentDate: '2026-11-21',
      element: 'Anand 132 kV',
      fromTimeBlock: '10:00',
      toTimeBlock: '11:00',
      basis: 'Reduction',
      quantum: '5',
      cause: 'TransmissionConstraint',
      remarks: 'Line outage',
    });
    expect(within(dialog).getByText(/Total curtailed: 5.00 MWh/)).toBeInTheDocument();
    expect(within(dialog).getByText('STOA/DA/2026/000001')).toBeInTheDocument();
    expect(within(dialog).getByText('STOA/DA/2026/000002')).toBeInTheDocument();

    await ui.click(within(dialog).getByRole('button', { name: 'Curtail' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Curtailment CUR/2026/000001' })).toBeInTheDocument();
    expect(api.calls('POST /api/Curtailment/Create')).toHaveLength(1);
    // The confirmation carries the previewed margin version (a repeated submission gets 409).
    expect(api.calls('POST /api/Curtailment/Create')[0]!.body).toMatchObject({ element: 'Anand 132 kV', marginVersion: 3 });
  });

  it('puts a server field error back on the form', async () => {
    mockFetch({
      'GET /api/Curtailment/GetAll': () => ok({ curtailmentList: [], dataCount: 0 }),
      'GET /api/Curtailment/GetElements': () => ok({ elementList: [{ element: 'Anand 132 kV' }], order: 'ReverseCategory' }),
      'POST /api/Curtailment/Preview': () =>
        fail(400, 'VALIDATION_FAILED', 'Validation failed', [
          {
            fieldName: 'fromTimeBlock',
            errorMessages: ["Blocks that have already begun cannot be curtailed on today's date; start at 10:00 or later."],
          },
        ]),
    });
    const ui = userEvent.setup();
    renderAt('/curtailment', 'SLDCBusinessUser');
    await ui.click(await screen.findByRole('button', { name: 'New Curtailment' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Curtailment' });
    expect(await within(dialog).findByText(/Order in force: Reverse category order/)).toBeInTheDocument();
    await ui.click(within(dialog).getByRole('combobox', { name: /Transmission Element/ }));
    await ui.click(await screen.findByRole('option', { name: 'Anand 132 kV' }));
    await ui.click(within(dialog).getByRole('combobox', { name: /From Time/ }));
    await ui.click(await screen.findByRole('option', { name: '09:00' }));
    await ui.click(within(dialog).getByRole('combobox', { name: /To Time/ }));
    await ui.click(await screen.findByRole('option', { name: '11:00' }));
    await ui.type(within(dialog).getByRole('textbox', { name: /^MW/ }), '5');
    await ui.type(within(dialog).getByRole('textbox', { name: /Remarks/ }), 'Line outage');
    await ui.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText(/start at 10:00 or later/)).toBeInTheDocument();
  });
});

describe('curtailment detail', () => {
  beforeEach(() => authStore.signOut());

  it('shows the curtailment, the refund and each application with its blocks before and after', async () => {
    mockFetch({ [`GET /api/Curtailment/Get/${ID}`]: () => ok(detail) });
    renderAt(`/curtailment/${ID}`, 'SLDCApproverI');
    expect(await screen.findByRole('heading', { level: 1, name: 'Curtailment CUR/2026/000001' })).toBeInTheDocument();
    expect(screen.getByText('Sima Desai')).toBeInTheDocument();
    expect(screen.getByText('₹400.00')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Affected Applications (2)' })).toBeInTheDocument();
    const ui = userEvent.setup();
    await ui.click(screen.getByRole('button', { name: /STOA\/DA\/2026\/000001/ }));
    const table = await screen.findByRole('table', { name: 'Blocks of STOA/DA/2026/000001' });
    const cells = within(table).getAllByRole('row')[1]!;
    expect(
      within(cells)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['41', '10:00–10:15', '6.00', '3.00', '3.00']);
  });

  it('says so when the curtailment is not the caller’s', async () => {
    mockFetch({ [`GET /api/Curtailment/Get/${ID}`]: () => fail(404, 'NOT_FOUND', 'The requested curtailment was not found.') });
    renderAt(`/curtailment/${ID}`, 'OABusinessUser');
    expect(await screen.findByText('This curtailment was not found, or it did not affect your applications.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Applied Curtailments' })).toHaveAttribute('href', '/curtailment');
  });
});
