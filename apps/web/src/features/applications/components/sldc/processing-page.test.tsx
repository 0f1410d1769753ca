import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';

import type { Role } from '@stoa/shared/account';

import { authStore } from '../../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../../lib/query-client';
import { clearDate, typeDate } from '../../../../testing/date-input';
import { buildAuthUser } from '../../../../testing/fixtures';
import { fail, mockFetch, ok } from '../../../../testing/mock-fetch';
import { renderWithProviders } from '../../../../testing/test-utils';
import { defaultProcessingDate, grantedShare, SldcProcessingPage } from './processing-page';
import { buildAllocationItem, buildAllocationPreview, buildProcessingResult } from './test-fixtures';

const RUN = {
  id: 'run-1',
  type: 'DayAhead',
  processingDate: '2026-11-23',
  status: 'Completed',
  finishedAt: '2026-11-22T05:00:02.000Z',
  applicationCount: 2,
};

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
    await typeDate(ui, /Processing Date/, '23/11/2026');
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
    const rows = within(result.getByRole('table', { name: 'Applications of the run' }))
      .getAllByRole('row')
      .slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [
        'Sunrise Solar Ltd',
        'Kaveri Textiles Ltd',
        'Nov 21, 2026 10:00 AM',
        'Partially Approved (As per Margin Availability)',
        'Pending SLDC approval',
        '40.00',
        '25.00',
        '62.5 %',
      ],
      [
        'Deccan Wind Ltd',
        'Kaveri Textiles Ltd',
        'Nov 21, 2026 11:00 AM',
        'Partially Approved (As per Margin Availability)',
        'Pending SLDC approval',
        '24.00',
        '15.00',
        '62.5 %',
      ],
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'STOA/DA/2026/000101' })).toHaveAttribute(
      'href',
      '/applications/sldc/DayAhead/00000000-0000-4000-8000-0000000000b1',
    );
    // The runs list is fetched again and marks the run shown; the business user has no Approve All.
    expect(await screen.findByRole('button', { name: 'Show the result of Nov 23, 2026' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Approve All/ })).not.toBeInTheDocument();
  });

  it('shows the server message when the date was processed already (409) or has nothing to process (422)', async () => {
    const { ui } = setup('SLDCBusinessUser', {
      'GET /api/Application/GetApplicationProcessingDates': () => ok([RUN]),
      'POST /api/Application/ProcessApplications/DayAhead/2026-11-23': () =>
        fail(409, 'CONFLICT', 'Day Ahead applications of Nov 23, 2026 have already been processed.'),
      'POST /api/Application/ProcessApplications/DayAhead/2026-11-24': () =>
        fail(422, 'UNPROCESSABLE', 'There are no Day Ahead applications pending STOA check for Nov 24, 2026.'),
    });
    for (const [day, message] of [
      ['23/11/2026', 'Day Ahead applications of Nov 23, 2026 have already been processed.'],
      ['24/11/2026', 'There are no Day Ahead applications pending STOA check for Nov 24, 2026.'],
    ] as const) {
      await typeDate(ui, /Processing Date/, day);
      await ui.click(screen.getByRole('button', { name: 'Process' }));
      await ui.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Process' }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      // Until the confirmation has finished closing the page behind it is hidden from the
      // accessibility tree, and 'Process' would find the dialog's own button.
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
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
    await typeDate(ui, /Processing Date/, '23/11/2026');
    await ui.click(screen.getByRole('button', { name: 'Process' }));
    await ui.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Process' }));
    expect(await screen.findByRole('progressbar', { name: 'Processing…' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Processing…' })).toBeDisabled();
    expect(within(screen.getByRole('group', { name: /Processing Date/ })).getAllByRole('spinbutton')[0]).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    finish();
    expect(await screen.findByRole('region', { name: 'Result of Nov 23, 2026' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Processing…' })).not.toBeInTheDocument();
    expect(api.calls('POST /api/Application/ProcessApplications/DayAhead/2026-11-23')).toHaveLength(1);
  });

  it('lets an approver open a run and approve its applications of a month (ApproveAll)', async () => {
    const approved = buildProcessingResult(
      {},
      buildProcessingResult().applicationList.map((a) => ({
        ...a,
        status: { status: 'SLDCApproverIApproved', statusDescription: 'Pending SLDC approval' },
      })),
    );
    const { api, ui } = setup(
      'SLDCApproverI',
      {
        'GET /api/Application/GetApplicationProcessingDates': () => ok([RUN]),
        'GET /api/Application/GetApplicationProcessingResult/DayAhead/2026-11-23': (_r, i) =>
          ok(i === 0 ? buildProcessingResult() : approved),
        'POST /api/Application/ApproveAll/DayAhead/2026-11-23/2026-11': () =>
          ok({
            approvedCount: 2,
            skippedCount: 0,
            applicationList: approved.applicationList.map((a) => ({
              applicationId: a.applicationId,
              applicationNo: a.applicationNo,
              status: a.status,
            })),
          }),
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

  it('shows a congested Advance run with its elements', async () => {
    const congested = buildProcessingResult(
      {
        type: 'Advance',
        processingDate: '2026-12-01',
        status: 'Congested',
        congestedBlockCount: 12,
        congestedElements: ['RAMPUR 220KV', ''],
        partiallyApprovedCount: 0,
      },
      buildProcessingResult().applicationList.map((a) => ({
        ...a,
        month: '2026-12',
        outcome: 'Congested',
        grantedMwh: '0.00',
        status: { status: 'PendingSTOAApproval', statusDescription: 'Pending STOA check' },
      })),
    );
    setup(
      'SLDCApproverII',
      {
        'GET /api/Application/GetApplicationProcessingDates': () => ok([]),
        'GET /api/Application/GetApplicationProcessingResult/Advance/2026-12-01': () => ok(congested),
      },
      '/applications/sldc/Advance/processing?date=2026-12-01',
    );
    const result = within(await screen.findByRole('region', { name: 'Result of Dec 01, 2026' }));
    expect(
      await result.findByText('The requests exceed the margin: the applications stay pending STOA check for e-bidding.'),
    ).toBeInTheDocument();
    expect(result.getByText('RAMPUR 220KV')).toBeInTheDocument();
    expect(result.getByText('Applications without an ATC element on their path')).toBeInTheDocument();
    expect(result.getAllByText('Congested').length).toBeGreaterThan(0);
    expect(result.getByRole('button', { name: 'Approve All (Dec 2026) · 0' })).toBeDisabled();
  });

  it('previews the pro-rata shares of a date (AllocateProRata) without processing anything', async () => {
    const { api, ui } = setup('SLDCBusinessUser', {
      'GET /api/Application/GetApplicationProcessingDates': () => ok([]),
      'POST /api/Application/AllocateProRata': () => ok(buildAllocationPreview()),
    });
    await typeDate(ui, /Processing Date/, '23/11/2026');
    await ui.click(screen.getByRole('button', { name: 'Preview pro-rata' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Pro-rata preview: Day Ahead, Nov 23, 2026' }));
    expect(dialog.getByText('This is a preview only: nothing is saved and no application changes.')).toBeInTheDocument();
    const table = await dialog.findByRole('table', { name: 'Pro-rata shares of the batch' });
    expect(api.calls('POST /api/Application/AllocateProRata').map((r) => r.body)).toEqual([{ type: 'DayAhead', date: '2026-11-23' }]);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual([
      'Application No.',
      'Seller',
      'Buyer',
      'Requested (MWh)',
      'Granted before (MWh)',
      'Would be granted (MWh)',
      'Granted Share',
      'Outcome',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) => [
        within(r).getByRole('rowheader').textContent,
        ...within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ]),
    ).toEqual([
      [
        'STOA/DA/2026/000101',
        'Sunrise Solar Ltd',
        'Kaveri Textiles Ltd',
        '40.00',
        'N/A',
        '25.00',
        '62.5 %',
        'Partially Approved (As per Margin Availability)',
      ],
      [
        'STOA/DA/2026/000102',
        'Deccan Wind Ltd',
        'Kaveri Textiles Ltd',
        '24.00',
        'N/A',
        '15.00',
        '62.5 %',
        'Partially Approved (As per Margin Availability)',
      ],
    ]);
    const counts = Object.fromEntries(dialog.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(counts).toEqual({
      Applications: '2',
      Days: '1',
      'Requested (MWh)': '64.00',
      'Would be granted (MWh)': '40.00',
      'Congested blocks': '16',
    });
    await ui.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // A dry run: nothing processed, nothing refetched.
    expect(api.calls('POST /api/Application/ProcessApplications/DayAhead/2026-11-23')).toHaveLength(0);
    expect(api.calls('GET /api/Application/GetApplicationProcessingDates')).toHaveLength(1);
  });

  it("shows the server's message when there is nothing to preview (422), and lets an approver preview but not process", async () => {
    const { api, ui } = setup('SLDCApproverI', {
      'GET /api/Application/GetApplicationProcessingDates': () => ok([]),
      'POST /api/Application/AllocateProRata': () =>
        fail(422, 'UNPROCESSABLE', 'There are no Day Ahead applications pending STOA check for Nov 24, 2026.'),
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Pro-rata preview' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Process' })).not.toBeInTheDocument();
    await clearDate(ui, /Processing Date/);
    await ui.click(screen.getByRole('button', { name: 'Preview pro-rata' }));
    expect(await screen.findByText(/Processing Date is required/)).toBeInTheDocument();
    expect(api.calls('POST /api/Application/AllocateProRata')).toHaveLength(0);
    await typeDate(ui, /Processing Date/, '24/11/2026');
    await ui.click(screen.getByRole('button', { name: 'Preview pro-rata' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByText('There are no Day Ahead applications pending STOA check for Nov 24, 2026.')).toBeInTheDocument();
    expect(dialog.getByText('This is a preview only: nothing is saved and no application changes.')).toBeInTheDocument();
    expect(dialog.queryByRole('table')).not.toBeInTheDocument();
    expect(api.calls('POST /api/Application/AllocateProRata').map((r) => r.body)).toEqual([{ type: 'DayAhead', date: '2026-11-24' }]);
  });

  it("allocates the margin left to a run's short applications after a confirmation, shows before → now and refetches the run", async () => {
    const after = buildProcessingResult(
      { partiallyApprovedCount: 1, approvedCount: 1 },
      buildProcessingResult().applicationList.map((a, i) => (i === 0 ? { ...a, outcome: 'Approved', grantedMwh: '40.00' } : a)),
    );
    const { api, ui } = setup(
      'SLDCBusinessUser',
      {
        'GET /api/Application/GetApplicationProcessingDates': () => ok([RUN]),
        'GET /api/Application/GetApplicationProcessingResult/DayAhead/2026-11-23': (_r, i) => ok(i === 0 ? buildProcessingResult() : after),
        'POST /api/Application/AllocateQuantumProRataBasis/2026-11-23/DayAhead': () =>
          ok({
            allocatedCount: 1,
            allocatedMwh: '15.00',
            applicationList: [
              buildAllocationItem({
                status: { status: 'STOAApproved', statusDescription: 'Pending SLDC approval' },
                previousGrantedMwh: '25.00',
                grantedMwh: '40.00',
                outcome: 'Approved',
              }),
            ],
            result: after,
          }),
      },
      '/applications/sldc/DayAhead/processing?date=2026-11-23',
    );
    const result = within(await screen.findByRole('region', { name: 'Result of Nov 23, 2026' }));
    await ui.click(await result.findByRole('button', { name: 'Allocate remaining margin' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Allocate remaining margin' }));
    expect(
      dialog.getByText(
        'Share the margin left now on each element pro-rata among the Day Ahead applications of the run of Nov 23, 2026 that are still short of their request?',
      ),
    ).toBeInTheDocument();
    expect(api.calls('POST /api/Application/AllocateQuantumProRataBasis/2026-11-23/DayAhead')).toHaveLength(0);
    await ui.click(dialog.getByRole('button', { name: 'Allocate remaining margin' }));
    await waitFor(() => expect(api.calls('POST /api/Application/AllocateQuantumProRataBasis/2026-11-23/DayAhead')).toHaveLength(1));
    expect((await screen.findAllByText('1 application(s) updated; 15.00 MWh allocated.')).length).toBeGreaterThan(0);
    const table = within(await screen.findByRole('table', { name: 'Applications given more margin' }));
    const row = table.getAllByRole('row')[1]!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Sunrise Solar Ltd', 'Kaveri Textiles Ltd', '40.00', '25.00 → 40.00', '100 %', 'Approved']);
    expect(within(row).getByRole('link', { name: 'STOA/DA/2026/000101' })).toHaveAttribute(
      'href',
      '/applications/sldc/DayAhead/00000000-0000-4000-8000-0000000000b1',
    );
    // The run shows the new grants and is fetched again.
    await waitFor(() =>
      expect(api.calls('GET /api/Application/GetApplicationProcessingResult/DayAhead/2026-11-23').length).toBeGreaterThanOrEqual(2),
    );
    const counts = Object.fromEntries(result.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(counts).toMatchObject({ Approved: '1', 'Partially Approved': '1' });
  });

  it("shows the server's message when an allocation is refused (422, 409, 404)", async () => {
    const messages = [
      [422, 'UNPROCESSABLE', 'No application of this run is short of its request: there is nothing to allocate.'],
      [409, 'CONFLICT', 'The record has been modified by someone else. Please reload.'],
      [404, 'NOT_FOUND', 'No processing run was found for this type and date.'],
    ] as const;
    const { ui } = setup(
      'SLDCBusinessUser',
      {
        'GET /api/Application/GetApplicationProcessingDates': () => ok([RUN]),
        'GET /api/Application/GetApplicationProcessingResult/DayAhead/2026-11-23': () => ok(buildProcessingResult()),
        'POST /api/Application/AllocateQuantumProRataBasis/2026-11-23/DayAhead': (_r, i) => {
          const [status, code, message] = messages[i]!;
          return fail(status, code, message);
        },
      },
      '/applications/sldc/DayAhead/processing?date=2026-11-23',
    );
    const result = within(await screen.findByRole('region', { name: 'Result of Nov 23, 2026' }));
    for (const [, , message] of messages) {
      await ui.click(await result.findByRole('button', { name: 'Allocate remaining margin' }));
      await ui.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Allocate remaining margin' }));
      expect(await result.findByText(message)).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
    expect(result.queryByRole('table', { name: 'Applications given more margin' })).not.toBeInTheDocument();
  });

  it('offers Allocate remaining margin to the SLDC business user only', async () => {
    setup(
      'SLDCApproverII',
      {
        'GET /api/Application/GetApplicationProcessingDates': () => ok([RUN]),
        'GET /api/Application/GetApplicationProcessingResult/DayAhead/2026-11-23': () => ok(buildProcessingResult()),
      },
      '/applications/sldc/DayAhead/processing?date=2026-11-23',
    );
    const result = within(await screen.findByRole('region', { name: 'Result of Nov 23, 2026' }));
    expect(await result.findByText('Processed by SLDC User on Nov 22, 2026 10:30 AM')).toBeInTheDocument();
    expect(result.queryByRole('button', { name: 'Allocate remaining margin' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview pro-rata' })).toBeInTheDocument();
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
