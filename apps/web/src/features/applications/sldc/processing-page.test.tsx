import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';

import type { Role } from '@stoa/shared';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { buildAuthUser } from '../../../testing/fixtures';
import { fail, mockFetch, ok } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { defaultProcessingDate, grantedShare, SldcProcessingPage } from './processing-page';
import { buildProcessingResult } from './test-fixtures';

const RUN = { id: 'run-1', type: 'DayAhead', processingDate: '2026-11-23', status: 'Completed', finishedAt: '2026-11-22T05:00:02.000Z', applicationCount: 2 };

function setup(role: Role, handlers: Parameters<typeof mockFetch>[0], path = '/applications/sldc/DayAhead/processing') {
  authStore.loginSucceeded(buildAuthUser({ role, entityType: null }));
  const api = mockFetch(handlers);
  renderWithProviders(
    <QueryProvider client={createQueryClient()}>
      <Routes>
        <Route path="/applications/sldc/:applicationType/processing" element={<SldcProcessingPage />} />
      </Routes>
    </QueryProvider>,
    path,
  );
  return { api, ui: userEvent.setup() };
}

describe('SLDC processing screen', () => {
  beforeEach(() => authStore.signOut());

  it('processes the batch of a date after a confirmation and shows the run and each outcome', async () => {
    const { api, ui } = setup('SLDCBusinessUser', {
      'GET /api/Application/GetApplicationProcessingDates': (_r, i) => ok(i === 0 ? [] : [RUN]),
      'POST /api/Application/ProcessApplications/DayAhead/2026-11-23': () => ok(buildProcessingResult()),
      'GET /api/Application/GetApplicationProcessingResult/DayAhead/2026-11-23': () => ok(buildProcessingResult()),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Day Ahead Processing' })).toBeInTheDocument();
    expect(await screen.findByText('No processing runs yet.')).toBeInTheDocument();
    const date = screen.getByLabelText(/Processing Date/);
    await ui.clear(date);
    await ui.type(date, '2026-11-23');
    await ui.click(screen.getByRole('button', { name: 'Process' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Process applications' }));
    expect(dialog.getByText('Process the Day Ahead applications of Nov 23, 2026 against the available margin?')).toBeInTheDocument();
    expect(api.calls('POST /api/Application/ProcessApplications/DayAhead/2026-11-23')).toHaveLength(0);
    await ui.click(dialog.getByRole('button', { name: 'Process' }));
    await waitFor(() => expect(api.calls('POST /api/Application/ProcessApplications/DayAhead/2026-11-23')).toHaveLength(1));

    const result = within(await screen.findByRole('region', { name: 'Result of Nov 23, 2026' }));
    expect(await result.findByText('Processed by SLDC User on Nov 22, 2026 10:30 AM')).toBeInTheDocument();
    expect(result.getByText('Run Status: Completed')).toBeInTheDocument();
    const counts = Object.fromEntries(result.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(counts).toEqual({ Applications: '2', Approved: '0', 'Partially Approved': '2', 'Rejected (No Margin)': '0' });
    const rows = within(result.getByRole('table', { name: 'Applications of the run' })).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['Sunrise Solar Ltd', 'Kaveri Textiles Ltd', 'Nov 21, 2026 10:00 AM', 'Partially Approved (As per Margin Availability)', 'Pending SLDC approval', '40.00', '25.00', '62.5 %'],
      ['Deccan Wind Ltd', 'Kaveri Textiles Ltd', 'Nov 21, 2026 11:00 AM', 'Partially Approved (As per Margin Availability)', 'Pending SLDC approval', '24.00', '15.00', '62.5 %'],
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'STOA/DA/2026/000101' })).toHaveAttribute('href', '/applications/sldc/DayAhead/00000000-0000-4000-8000-0000000000b1');
    // The runs list is fetched again and marks the run shown; the business user has no Approve All.
    expect(await screen.findByRole('button', { name: 'Show the result of Nov 23, 2026' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Approve All/ })).not.toBeInTheDocument();
  });

  it('shows the server message when the date was processed already (409) or has nothing to process (422)', async () => {
    const { ui } = setup('SLDCBusinessUser', {
      'GET /api/Application/GetApplicationProcessingDates': () => ok([RUN]),
      'POST /api/Application/ProcessApplications/DayAhead/2026-11-23': () => fail(409, 'CONFLICT', 'Day Ahead applications of Nov 23, 2026 have already been processed.'),
      'POST /api/Application/ProcessApplications/DayAhead/2026-11-24': () => fail(422, 'UNPROCESSABLE', 'There are no Day Ahead applications pending STOA check for Nov 24, 2026.'),
    });
    const date = await screen.findByLabelText(/Processing Date/);
    for (const [day, message] of [
      ['2026-11-23', 'Day Ahead applications of Nov 23, 2026 have already been processed.'],
      ['2026-11-24', 'There are no Day Ahead applications pending STOA check for Nov 24, 2026.'],
    ] as const) {
      await ui.clear(date);
      await ui.type(date, day);
      await ui.click(screen.getByRole('button', { name: 'Process' }));
      await ui.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Process' }));
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
  });

  it('shows progress while the run is under way', async () => {
    let finish: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (finish = resolve));
    const { api, ui } = setup('SLDCBusinessUser', {
      'GET /api/Application/GetApplicationProcessingDates': () => ok([]),
      'POST /api/Application/ProcessApplications/DayAhead/2026-11-23': async () => {
        await done;
        return ok(buildProcessingResult());
      },
      'GET /api/Application/GetApplicationProcessingResult/DayAhead/2026-11-23': () => ok(buildProcessingResult()),
    });
    const date = await screen.findByLabelText(/Processing Date/);
    await ui.clear(date);
    await ui.type(date, '2026-11-23');
    await ui.click(screen.getByRole('button', { name: 'Process' }));
    await ui.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Process' }));
    expect(await screen.findByRole('progressbar', { name: 'Processing…' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Processing…' })).toBeDisabled();
    expect(screen.getByLabelText(/Processing Date/)).toBeDisabled();
    finish();
    expect(await screen.findByRole('region', { name: 'Result of Nov 23, 2026' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Processing…' })).not.toBeInTheDocument();
    expect(api.calls('POST /api/Application/ProcessApplications/DayAhead/2026-11-23')).toHaveLength(1);
  });

  it('lets an approver open a run and approve its applications of a month (ApproveAll)', async () => {
    const approved = buildProcessingResult({}, buildProcessingResult().applicationList.map((a) => ({ ...a, status: { status: 'SLDCApproverIApproved', statusDescription: 'Pending SLDC approval' } })));
    const { api, ui } = setup(
      'SLDCApproverI',
      {
        'GET /api/Application/GetApplicationProcessingDates': () => ok([RUN]),
        'GET /api/Application/GetApplicationProcessingResult/DayAhead/2026-11-23': (_r, i) => ok(i === 0 ? buildProcessingResult() : approved),
        'POST /api/Application/ApproveAll/DayAhead/2026-11-23/2026-11': () =>
          ok({ approvedCount: 2, skippedCount: 0, applicationList: approved.applicationList.map((a) => ({ applicationId: a.applicationId, applicationNo: a.applicationNo, status: a.status })) }),
      },
      '/applications/sldc/DayAhead/processing',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Day Ahead Processing' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Process' })).not.toBeInTheDocument();
    expect(screen.getByText('Choose a run to see its result.')).toBeInTheDocument();
    await ui.click(await screen.findByRole('button', { name: 'Show the result of Nov 23, 2026' }));
    await ui.click(await screen.findByRole('button', { name: 'Approve All (Nov 2026) · 2' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Approve all' }));
    await ui.click(dialog.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.calls('POST /api/Application/ApproveAll/DayAhead/2026-11-23/2026-11')).toHaveLength(1));
    // Refetched: nothing is left at Approver I's level.
    expect(await screen.findByRole('button', { name: 'Approve All (Nov 2026) · 0' })).toBeDisabled();
  });

  it("shows a congested Advance run with its elements", async () => {
    const congested = buildProcessingResult(
      { type: 'Advance', processingDate: '2026-12-01', status: 'Congested', congestedBlockCount: 12, congestedElements: ['RAMPUR 220KV', ''], partiallyApprovedCount: 0 },
      buildProcessingResult().applicationList.map((a) => ({ ...a, month: '2026-12', outcome: 'Congested', grantedMwh: '0.00', status: { status: 'PendingSTOAApproval', statusDescription: 'Pending STOA check' } })),
    );
    setup('SLDCApproverII', { 'GET /api/Application/GetApplicationProcessingDates': () => ok([]), 'GET /api/Application/GetApplicationProcessingResult/Advance/2026-12-01': () => ok(congested) }, '/applications/sldc/Advance/processing?date=2026-12-01');
    const result = within(await screen.findByRole('region', { name: 'Result of Dec 01, 2026' }));
    expect(await result.findByText('The requests exceed the margin: the applications stay pending STOA check for e-bidding.')).toBeInTheDocument();
    expect(result.getByText('RAMPUR 220KV')).toBeInTheDocument();
    expect(result.getByText('Applications without an ATC element on their path')).toBeInTheDocument();
    expect(result.getAllByText('Congested').length).toBeGreaterThan(0);
    expect(result.getByRole('button', { name: 'Approve All (Dec 2026) · 0' })).toBeDisabled();
  });

  it('computes the default date and the granted share', () => {
    const now = new Date('2026-11-21T20:00:00.000Z'); // Nov 22, 01:30 IST
    expect(defaultProcessingDate('DayAhead', now)).toBe('2026-11-23');
    expect(defaultProcessingDate('FCFS', now)).toBe('2026-11-22');
    expect(grantedShare('40.00', '25.00')).toBe('62.5 %');
    expect(grantedShare('40.00', '40.00')).toBe('100 %');
    expect(grantedShare('0.00', '0.00')).toBe('–');
  });
});
