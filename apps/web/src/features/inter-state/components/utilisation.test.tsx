import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { Role } from '@stoa/shared/account';
import type { StandingClearanceDetail, Utilisation } from '@stoa/shared/inter-state';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { FakeXhr } from '../../../testing/fake-xhr';
import { buildAuthUser } from '../../../testing/fixtures';
import { fail, mockFetch, ok } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { StandingClearanceDetailPage } from './standing-clearance-detail-page';
import { AllStandingClearancesPage } from './standing-clearance-list-page';

/** Utilisation of standing clearances (decision 0063): the detail page's section and the SLDC's upload dialog. */

const ID = '00000000-0000-4000-8000-0000000000c1';
const FILE_ID = '00000000-0000-4000-8000-0000000000f9';
const detail: StandingClearanceDetail = {
  id: ID,
  applicationNo: 'SCA/2026/000001',
  certificateNo: 'NOC/PX/2026/000001',
  transactionType: 'PowerExchange',
  registrationId: '00000000-0000-4000-8000-0000000000a1',
  entityName: 'Surya Textiles Ltd',
  registrationNo: 'REG/BO/2026/00012',
  maxBuyMw: '10.00',
  maxSellMw: null,
  validFrom: '2026-11-22',
  validTo: '2027-02-20',
  status: 'Issued',
  statusDescription: 'Issued',
  appliedOn: '2026-11-21T05:00:00.000Z',
  issuedOn: '2026-11-21T06:00:00.000Z',
  feeUnpaid: false,
  version: 3,
  blockCaps: [],
  remarks: null,
  declaration: true,
  appliedByName: 'Surya Textiles Ltd',
  entityType: 'BothEntity',
  injectionPoint: null,
  drawalPoint: 'Vadodara 66 kV',
  feeDueId: null,
  feeAmount: null,
  feeStatus: 'PAID',
  decisionReason: null,
  decidedOn: null,
  verificationCode: 'ABCDEFGH2345',
  deemed: false,
  consentUtility: null,
  consentedOn: null,
  actions: [],
  history: [],
  viewerRole: 'OABusinessUser',
};
const utilisation: Utilisation = {
  standingClearanceId: ID,
  certificateNo: 'NOC/PX/2026/000001',
  maxBuyMw: '10.00',
  maxSellMw: null,
  warningCount: 1,
  days: [
    { date: '2026-11-24', direction: 'Buy', source: 'PowerExchange', maxMw: '9.50', capMw: '10.00', blocksOverCap: [], warning: false },
    { date: '2026-11-23', direction: 'Buy', source: 'Noar', maxMw: '12.50', capMw: '10.00', blocksOverCap: [33, 34], warning: true },
  ],
};

function renderAt(path: string, role: Role) {
  authStore.loginSucceeded(buildAuthUser({ role, entityType: role === 'OABusinessUser' ? 'BothEntity' : null }));
  return renderWithProviders(
    <QueryProvider client={createQueryClient()}>
      <Routes>
        <Route path="/standing-clearance-power" element={<AllStandingClearancesPage />} />
        <Route path="/standing-clearance-power/:id" element={<StandingClearanceDetailPage />} />
      </Routes>
    </QueryProvider>,
    path,
  );
}
const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

describe('utilisation on the detail page', () => {
  beforeEach(() => authStore.signOut());

  it('lists per day the max MW against the cap, the blocks over it and a warning chip', async () => {
    mockFetch({
      [`GET /api/StandingClearance/Get/${ID}`]: () => ok(detail),
      [`GET /api/StandingClearance/GetUtilisation/${ID}`]: () => ok(utilisation),
    });
    renderAt(`/standing-clearance-power/${ID}`, 'OABusinessUser');
    const section = await screen.findByRole('region', { name: 'Utilisation' });
    const table = await within(section).findByRole('table', { name: 'Utilisation' });
    expect(cellsOf(table)).toEqual([
      ['Nov 24, 2026', 'Buy', 'Power exchange', '9.50', '10.00', '—', 'Within cap'],
      ['Nov 23, 2026', 'Buy', 'NOAR schedule', '12.50', '10.00', '33, 34', 'Over cap'],
    ]);
    expect(within(section).getByText('1 day with blocks above the cap.')).toBeInTheDocument();
  });

  it('says when nothing has been uploaded, and offers a retry when the utilisation cannot be loaded', async () => {
    let calls = 0;
    mockFetch({
      [`GET /api/StandingClearance/Get/${ID}`]: () => ok(detail),
      [`GET /api/StandingClearance/GetUtilisation/${ID}`]: () =>
        ++calls === 1 ? fail(403, 'FORBIDDEN', 'Not allowed') : ok({ ...utilisation, days: [], warningCount: 0 }),
    });
    const ui = userEvent.setup();
    renderAt(`/standing-clearance-power/${ID}`, 'OABusinessUser');
    const section = await screen.findByRole('region', { name: 'Utilisation' });
    await ui.click(await within(section).findByRole('button', { name: 'Try again' }));
    expect(await within(section).findByText('No cleared volumes have been uploaded for this clearance yet.')).toBeInTheDocument();
  });

  it('has no utilisation section before the certificate is issued', async () => {
    mockFetch({ [`GET /api/StandingClearance/Get/${ID}`]: () => ok({ ...detail, certificateNo: null, status: 'Submitted' }) });
    renderAt(`/standing-clearance-power/${ID}`, 'OABusinessUser');
    await screen.findByRole('heading', { level: 1, name: /SCA\/2026\/000001/ });
    expect(screen.queryByRole('region', { name: 'Utilisation' })).not.toBeInTheDocument();
  });
});

describe('the SLDC business user uploads cleared volumes from the list', () => {
  beforeEach(() => {
    authStore.signOut();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  const list = () => ok({ standingClearanceList: [], dataCount: 0 });

  it('uploads the file with formName StandingClearanceUtilisation and closes the dialog', async () => {
    const api = mockFetch({
      'GET /api/StandingClearance/GetAll': list,
      'POST /api/File/Upload': () => ok({ id: FILE_ID, fileName: 'cleared.csv', kind: 'csv', size: 10 }),
      'POST /api/StandingClearance/UploadUtilisation': () =>
        ok({
          fileName: 'cleared.csv',
          rowCount: 2,
          insertedCount: 1,
          replacedCount: 1,
          clearanceCount: 1,
          dateFrom: '2026-11-23',
          dateTo: '2026-11-24',
          overCapDays: 0,
        }),
    });
    const ui = userEvent.setup();
    renderAt('/standing-clearance-power', 'SLDCBusinessUser');
    await ui.click(await screen.findByRole('button', { name: 'Upload utilisation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload utilisation' });
    await ui.upload(within(dialog).getByLabelText('Choose file'), new File(['Date\n'], 'cleared.csv', { type: 'text/csv' }));
    await ui.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST /api/File/Upload')[0]!.url.searchParams.get('formName')).toBe('StandingClearanceUtilisation');
    expect(api.calls('POST /api/StandingClearance/UploadUtilisation')[0]!.body).toEqual({ fileId: FILE_ID });
    expect(await screen.findByText('Utilisation saved: 2 rows (1 new, 1 replaced).')).toBeInTheDocument();
  });

  it('uploads a NOAR schedule with formName StandingClearanceNoarSchedule and says which days went over the cap (decision 0077)', async () => {
    const api = mockFetch({
      'GET /api/StandingClearance/GetAll': list,
      'POST /api/File/Upload': () => ok({ id: FILE_ID, fileName: 'noar.csv', kind: 'csv', size: 10 }),
      'POST /api/StandingClearance/UploadNoarSchedule': () =>
        ok({
          fileName: 'noar.csv',
          rowCount: 3,
          insertedCount: 2,
          replacedCount: 0,
          clearanceCount: 1,
          dateFrom: '2026-11-23',
          dateTo: '2026-11-24',
          overCapDays: 1,
        }),
    });
    const ui = userEvent.setup();
    renderAt('/standing-clearance-power', 'SLDCBusinessUser');
    await ui.click(await screen.findByRole('button', { name: 'Upload utilisation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload utilisation' });
    await ui.click(within(dialog).getByRole('radio', { name: 'NOAR schedule' }));
    expect(within(dialog).getByText(/optionally NOAR Application No/)).toBeInTheDocument();
    await ui.upload(within(dialog).getByLabelText('Choose file'), new File(['Date\n'], 'noar.csv', { type: 'text/csv' }));
    await ui.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST /api/File/Upload')[0]!.url.searchParams.get('formName')).toBe('StandingClearanceNoarSchedule');
    expect(api.calls('POST /api/StandingClearance/UploadNoarSchedule')[0]!.body).toEqual({ fileId: FILE_ID });
    expect(api.calls('POST /api/StandingClearance/UploadUtilisation')).toHaveLength(0);
    expect(await screen.findByText('1 clearance day is above the cap: the entity and the SLDC have been notified.')).toBeInTheDocument();
  });

  it('lists every row error with its row and column and keeps the dialog open', async () => {
    mockFetch({
      'GET /api/StandingClearance/GetAll': list,
      'POST /api/File/Upload': () => ok({ id: FILE_ID, fileName: 'cleared.csv', kind: 'csv', size: 10 }),
      'POST /api/StandingClearance/UploadUtilisation': () =>
        fail(400, 'VALIDATION_FAILED', 'The file has 2 errors. Nothing was saved.', [
          { fieldName: 'rows.3.Certificate No', errorMessages: ["No standing clearance has the certificate or registration number 'X'."] },
          { fieldName: 'rows.4.01:00', errorMessages: ['MW cannot be negative.'] },
        ]),
    });
    const ui = userEvent.setup();
    renderAt('/standing-clearance-power', 'SLDCBusinessUser');
    await ui.click(await screen.findByRole('button', { name: 'Upload utilisation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload utilisation' });
    await ui.upload(within(dialog).getByLabelText('Choose file'), new File(['x'], 'cleared.csv', { type: 'text/csv' }));
    await ui.click(within(dialog).getByRole('button', { name: 'Upload' }));
    const table = await within(dialog).findByRole('table', { name: 'Errors in the file' });
    expect(cellsOf(table)).toEqual([
      ['3', 'Certificate No', "No standing clearance has the certificate or registration number 'X'."],
      ['4', '01:00', 'MW cannot be negative.'],
    ]);
  });

  it('is not offered to the approvers', async () => {
    mockFetch({ 'GET /api/StandingClearance/GetAll': list });
    renderAt('/standing-clearance-power', 'SLDCApproverI');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Upload utilisation' })).not.toBeInTheDocument();
  });
});
