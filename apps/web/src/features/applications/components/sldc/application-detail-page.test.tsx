import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';

import type { ApplicationDetail } from '@stoa/shared/applications';
import type { Role } from '@stoa/shared/account';

import { authStore } from '../../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../../lib/query-client';
import { buildAuthUser } from '../../../../testing/fixtures';
import { fail, mockFetch, ok } from '../../../../testing/mock-fetch';
import { renderWithProviders } from '../../../../testing/test-utils';
import { SldcApplicationDetailPage } from './application-detail-page';
import { buildApplicationDetail, buildStoaCheck } from './test-fixtures';

const ID = '00000000-0000-4000-8000-0000000000a1';
const zeros = Array.from({ length: 96 }, () => '0.00');
const openAccess = (detail: ApplicationDetail) => ({
  applicationId: detail.id,
  applicationNo: detail.applicationNo,
  applicationType: detail.applicationType,
  status: detail.status,
  statusDescription: detail.statusDescription,
  sellerName: detail.seller.entityName,
  buyerName: detail.buyer.entityName,
  days: [{ date: '2026-11-23', requested: ['10.00', ...zeros.slice(1)], granted: null, requestedMwh: '2.50', grantedMwh: null }],
  requestedMwh: '2.50',
  grantedMwh: null,
});

function setup(role: Role, details: (ApplicationDetail | 'missing')[], extra: Parameters<typeof mockFetch>[0] = {}) {
  authStore.loginSucceeded(buildAuthUser({ role, entityType: null }));
  const api = mockFetch({
    [`GET /api/Application/Get/${ID}`]: (_r, i) => {
      const d = details[Math.min(i, details.length - 1)]!;
      return d === 'missing' ? fail(404, 'NOT_FOUND', 'The requested application was not found.') : ok(d);
    },
    [`GET /api/Application/StoaCheck/${ID}`]: () => ok(buildStoaCheck()),
    [`GET /api/Application/GetOpenAccessDetails/${ID}`]: () => ok(openAccess(buildApplicationDetail())),
    'GET /api/Application/GetApplicationFee': () =>
      ok({
        head: 'APPLICATION_FEE',
        baseAmount: 500000,
        gstRatePercent: '18',
        gstAmount: 90000,
        totalAmount: 590000,
        effectiveFrom: '2026-04-01',
      }),
    ...extra,
  });
  renderWithProviders(
    <QueryProvider client={createQueryClient()}>
      <Routes>
        <Route path="/applications/sldc/:applicationType/:id" element={<SldcApplicationDetailPage />} />
      </Routes>
    </QueryProvider>,
    `/applications/sldc/DayAhead/${ID}`,
  );
  return { api, ui: userEvent.setup() };
}

describe('SLDC application detail', () => {
  beforeEach(() => authStore.signOut());

  it('shows the application, the STOA check with the short blocks highlighted, and Accept sends the version and refetches', async () => {
    const accepted = buildApplicationDetail({
      status: 'PendingSTOAApproval',
      statusDescription: 'Pending STOA check',
      version: 4,
      allowedActions: [],
    });
    const { api, ui } = setup('SLDCBusinessUser', [buildApplicationDetail(), accepted], {
      'POST /api/Application/Approve/DayAhead/00000000-0000-4000-8000-0000000000a1': () => ok(accepted),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'STOA/DA/2026/000101' })).toBeInTheDocument();
    const actions = within(screen.getByRole('region', { name: 'Workflow Actions' }));
    expect(actions.getAllByRole('button').map((b) => b.textContent)).toEqual(['Accept', 'Seek Clarification', 'Reject']);

    const check = within(screen.getByRole('region', { name: 'STOA Check' }));
    expect(await check.findByText('2 blocks short of margin')).toBeInTheDocument();
    expect(check.getByText('Rampur 220kV')).toBeInTheDocument();
    expect(check.getByText('ATC element RAMPUR 220KV')).toBeInTheDocument();
    expect(check.getByText('No ATC element uploaded for it')).toBeInTheDocument();
    const table = check.getByRole('table', { name: 'Blocks of Nov 23, 2026' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    expect(rows.map((r) => r.getAttribute('data-short'))).toEqual([null, null, 'true', 'true']);
    expect(within(rows[2]!).getByText('3.50 (Short)')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('00:45–01:00')).toBeInTheDocument();
    await ui.click(check.getByLabelText('Show all 96 blocks'));
    expect(within(table).getAllByRole('row')).toHaveLength(97);

    await ui.click(actions.getByRole('button', { name: 'Accept' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Accept application' }));
    await ui.click(dialog.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(api.calls(`POST /api/Application/Approve/DayAhead/${ID}`)).toHaveLength(1));
    expect(api.calls(`POST /api/Application/Approve/DayAhead/${ID}`)[0]!.body).toEqual({ version: 3, remarks: '' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('No action is pending from you on this application.')).toBeInTheDocument();
    expect(api.calls(`GET /api/Application/Get/${ID}`).length).toBeGreaterThanOrEqual(2);
  });

  it('requires remarks to Seek Clarification and sends them', async () => {
    const returned = buildApplicationDetail({
      status: 'Returned',
      statusDescription: 'More clarification required',
      version: 4,
      allowedActions: [],
    });
    const { api, ui } = setup('SLDCBusinessUser', [buildApplicationDetail(), returned], {
      [`POST /api/Application/SeekClarification/DayAhead/${ID}`]: () => ok(returned),
    });
    await ui.click(await screen.findByRole('button', { name: 'Seek Clarification' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Seek Clarification application' }));
    await ui.click(dialog.getByRole('button', { name: 'Seek Clarification' }));
    expect(await dialog.findByText('Remarks are required.')).toBeInTheDocument();
    expect(api.calls(`POST /api/Application/SeekClarification/DayAhead/${ID}`)).toHaveLength(0);
    await ui.type(dialog.getByRole('textbox', { name: 'Remarks' }), 'Attach the consent letter.');
    await ui.click(dialog.getByRole('button', { name: 'Seek Clarification' }));
    await waitFor(() => expect(api.calls(`POST /api/Application/SeekClarification/DayAhead/${ID}`)).toHaveLength(1));
    expect(api.calls(`POST /api/Application/SeekClarification/DayAhead/${ID}`)[0]!.body).toEqual({
      version: 3,
      remarks: 'Attach the consent letter.',
    });
  });

  it('says clearly when someone acted first (409) and shows the application as it is now', async () => {
    const moved = buildApplicationDetail({ status: 'Rejected', statusDescription: 'Rejected', version: 4, allowedActions: [] });
    const { api, ui } = setup('SLDCBusinessUser', [buildApplicationDetail(), moved], {
      [`POST /api/Application/Reject/DayAhead/${ID}`]: () =>
        fail(409, 'CONFLICT', 'This application has changed since you opened it. Reload to see its current status.'),
    });
    await ui.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reject application' }));
    await ui.type(dialog.getByRole('textbox', { name: 'Remarks' }), 'Wrong buyer.');
    await ui.click(dialog.getByRole('button', { name: 'Reject' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The application has changed. This application has changed since you opened it. Reload to see its current status.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('No action is pending from you on this application.')).toBeInTheDocument();
    expect(api.calls(`GET /api/Application/Get/${ID}`).length).toBeGreaterThanOrEqual(2);
  });

  it('keeps the dialog open with the message of another failure', async () => {
    const { ui } = setup(
      'SLDCApproverI',
      [buildApplicationDetail({ status: 'STOAApproved', allowedActions: ['Approve', 'Return', 'Reject'] })],
      {
        [`POST /api/Application/Approve/DayAhead/${ID}`]: () =>
          fail(422, 'UNPROCESSABLE', 'The application has not been processed: there is no granted quantum to approve.'),
      },
    );
    const actions = within(await screen.findByRole('region', { name: 'Workflow Actions' }));
    expect(actions.getAllByRole('button').map((b) => b.textContent)).toEqual(['Approve', 'Seek Clarification', 'Reject']);
    await ui.click(actions.getByRole('button', { name: 'Approve' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Approve application' }));
    await ui.click(dialog.getByRole('button', { name: 'Approve' }));
    expect(await dialog.findByText('The application has not been processed: there is no granted quantum to approve.')).toBeInTheDocument();
  });

  it('flags an unpaid fee and shows the 422 of Accept while the fee-before-scrutiny rule is on', async () => {
    const { ui } = setup('SLDCBusinessUser', [buildApplicationDetail({ feeUnpaid: true })], {
      [`POST /api/Application/Approve/DayAhead/${ID}`]: () => fail(422, 'BUSINESS_RULE', 'The application fee has not been paid.'),
    });
    expect(await screen.findByText('Fee unpaid')).toBeInTheDocument();
    expect(screen.getByText(/accepted only once the fee is paid/)).toBeInTheDocument();
    const actions = within(await screen.findByRole('region', { name: 'Workflow Actions' }));
    await ui.click(actions.getByRole('button', { name: 'Accept' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Accept application' }));
    await ui.click(dialog.getByRole('button', { name: 'Accept' }));
    expect(await dialog.findByText('The application fee has not been paid.')).toBeInTheDocument();
  });

  it('shows no flag when the fee is paid', async () => {
    setup('SLDCBusinessUser', [buildApplicationDetail()]);
    expect(await screen.findByRole('region', { name: 'Workflow Actions' })).toBeInTheDocument();
    expect(screen.queryByText('Fee unpaid')).not.toBeInTheDocument();
  });

  it('says so when the application is not found', async () => {
    setup('SLDCBusinessUser', ['missing']);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This application was not found, or you may not see it.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to list' })).toHaveAttribute('href', '/applications/sldc/DayAhead');
  });
});
