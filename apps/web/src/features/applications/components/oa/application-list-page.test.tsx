import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import type { Role } from '@stoa/shared/account';

import { authStore } from '../../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../../lib/query-client';
import { buildAuthUser } from '../../../../testing/fixtures';
import { fail, mockFetch, ok, type RecordedRequest } from '../../../../testing/mock-fetch';
import { renderWithProviders } from '../../../../testing/test-utils';
import { ApplicationListPage } from './application-list-page';
import { APP_ID, buildApplicationRow } from './test-fixtures';

const LIST = 'GET /api/Application/GetAppliedApplications';
const query = (request: RecordedRequest) => Object.fromEntries(request.url.searchParams);
const isPendingQuery = (r: RecordedRequest) =>
  r.url.searchParams.get('status') === 'PendingApplicantApproval' && r.url.searchParams.get('pageSize') === '50';

function renderList(role: Role) {
  authStore.loginSucceeded(buildAuthUser({ role, entityType: role === 'Trader' ? 'Trader' : 'BothEntity' }));
  return renderWithProviders(
    <QueryProvider client={createQueryClient()}>
      <ApplicationListPage />
    </QueryProvider>,
    '/applications/oa',
  );
}

describe('applications list (applicant and trader)', () => {
  beforeEach(() => authStore.signOut());

  it("shows the applicant's applications with the spec's status labels, Apply per type, and the trader requests pending its approval", async () => {
    const own = buildApplicationRow({ traderName: 'Volt Power Traders Pvt Ltd' });
    const request = buildApplicationRow({
      id: '00000000-0000-4000-8000-00000000a002',
      applicationNo: 'STOA/DA/2026/000002',
      status: { status: 'PendingApplicantApproval', statusDescription: 'Pending Applicant approval' },
    });
    const api = mockFetch({
      [LIST]: (r) =>
        ok(isPendingQuery(r) ? { applicationList: [request], dataCount: 1 } : { applicationList: [own, request], dataCount: 2 }),
    });
    renderList('OABusinessUser');
    expect(await screen.findByRole('heading', { level: 1, name: 'Applications' })).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'Applications' });
    expect(await within(grid).findByText('STOA/DA/2026/000001')).toBeInTheDocument();
    expect(within(grid).getByText('Pending SLDC verification')).toBeInTheDocument();
    expect(within(grid).getByText('Volt Power Traders Pvt Ltd')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent?.trim())).toContain('Trader');
    expect(within(grid).getByRole('link', { name: 'View STOA/DA/2026/000001' })).toHaveAttribute(
      'href',
      `/applications/oa/DayAhead/${APP_ID}`,
    );
    // Apply per type.
    expect(screen.getByRole('link', { name: 'Apply: Day Ahead' })).toHaveAttribute('href', '/applications/oa/DayAhead');
    expect(screen.getByRole('link', { name: 'Apply: Contingency (Same Day)' })).toHaveAttribute(
      'href',
      '/applications/oa/ContingencySameDay',
    );
    expect(screen.getByRole('link', { name: 'Apply: First Come First Serve' })).toHaveAttribute('href', '/applications/oa/FCFS');
    // The trader's request waiting for the applicant.
    const pending = await screen.findByRole('region', { name: /Trader requests pending your approval/ });
    expect(within(pending).getByRole('link', { name: 'STOA/DA/2026/000002' })).toHaveAttribute(
      'href',
      '/applications/oa/DayAhead/00000000-0000-4000-8000-00000000a002',
    );
    expect(query(api.calls(LIST).find((r) => !isPendingQuery(r))!)).toEqual({ pageNumber: '1', pageSize: '10' });
  });

  it('filters by status (the specification labels) and type, back on the first page', async () => {
    const api = mockFetch({ [LIST]: () => ok({ applicationList: [], dataCount: 0 }) });
    const ui = userEvent.setup();
    renderList('Trader');
    expect(await screen.findByText('No applications found.')).toBeInTheDocument();
    await ui.click(screen.getByRole('combobox', { name: 'Status' }));
    const options = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual([
      'All',
      'Pending Applicant approval',
      'Pending SLDC verification',
      'More clarification required',
      'Pending STOA check',
      'Pending SLDC approval',
      'Approved',
      'Partially Approved (As per Margin Availability)',
      'Rejected (No Margin)',
      'Rejected',
    ]);
    await ui.click(screen.getByRole('option', { name: 'More clarification required' }));
    await ui.click(screen.getByRole('combobox', { name: 'Type' }));
    await ui.click(await screen.findByRole('option', { name: 'Advance' }));
    await ui.type(screen.getByRole('textbox', { name: 'Application No.' }), ' STOA/AD ');
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(query(api.calls(LIST).at(-1)!)).toEqual({
        pageNumber: '1',
        pageSize: '10',
        status: 'Returned',
        applicationType: 'Advance',
        applicationNo: 'STOA/AD',
      }),
    );
  });

  it("'Pending SLDC approval' asks for both statuses of that label (before Approver I and before Approver II)", async () => {
    const api = mockFetch({ [LIST]: () => ok({ applicationList: [], dataCount: 0 }) });
    const ui = userEvent.setup();
    renderList('OABusinessUser');
    expect(await screen.findByText('No applications found.')).toBeInTheDocument();
    await ui.click(screen.getByRole('combobox', { name: 'Status' }));
    await ui.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Pending SLDC approval' }));
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(
        query(
          api
            .calls(LIST)
            .filter((r) => !isPendingQuery(r))
            .at(-1)!,
        ),
      ).toEqual({ pageNumber: '1', pageSize: '10', statuses: 'STOAApproved,SLDCApproverIApproved' }),
    );
  });

  it('a trader sees the applicant column and no pending requests box', async () => {
    const api = mockFetch({ [LIST]: () => ok({ applicationList: [buildApplicationRow({ applicantName: 'Ravi Kumar' })], dataCount: 1 }) });
    renderList('Trader');
    const grid = await screen.findByRole('grid', { name: 'Applications' });
    expect(await within(grid).findByText('Ravi Kumar')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent?.trim())).toContain('Applicant');
    expect(screen.queryByRole('region', { name: /Trader requests pending/ })).not.toBeInTheDocument();
    expect(api.calls(LIST).some(isPendingQuery)).toBe(false);
  });

  it('offers a retry when the list cannot be read', async () => {
    let down = true;
    mockFetch({
      [LIST]: () => (down ? fail(400, 'VALIDATION_FAILED', 'boom') : ok({ applicationList: [buildApplicationRow()], dataCount: 1 })),
    });
    const ui = userEvent.setup();
    renderList('Trader');
    expect(await screen.findByText('Sorry! We are unable to fetch the data.')).toBeInTheDocument();
    down = false;
    await ui.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('STOA/DA/2026/000001')).toBeInTheDocument();
  });
});
