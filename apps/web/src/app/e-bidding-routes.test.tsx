import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import type { InvitationDetail } from '@stoa/shared/e-bidding';
import type { Role } from '@stoa/shared/account';

import { authStore } from '../lib/auth-store';
import { buildAuthUser, buildProfile } from '../testing/fixtures';
import { fail, mockFetch, ok } from '../testing/mock-fetch';
import { renderApp } from '../testing/test-utils';

/**
 * The e-bidding routes of spec 000 §2 through the app's route table (issue 11 item 10): the
 * /requests and /apply/:id fragments, and the not-found page for an invitation or proposal that
 * does not load (spec 000 §8); Form ST2 shows the margin the ATC uploads allow (item 14).
 */
const INV = '00000000-0000-4000-8000-0000000000a1';
const APP = '00000000-0000-4000-8000-0000000000b1';
const EBA = '00000000-0000-4000-8000-0000000000c1';
const NOT_FOUND = () => fail(404, 'NOT_FOUND', 'The e-bidding invitation was not found.');

const detail = (overrides: Partial<InvitationDetail> = {}): InvitationDetail => ({
  id: INV,
  bidInvitationNo: 'EB/2026/000001',
  dateOfInvitation: '2026-11-20',
  applicationId: APP,
  version: 2,
  subStationDetails: 'Anand 132/66 kV',
  transmissionSystemDetails: 'Anand–Vadodara',
  nameOfTransmissionSystem: 'Anand 132 kV',
  availableMarginSubstation: null,
  availableMargin: '37.50',
  allApplicationsAppliedQuantum: '50.00',
  congestionFromDate: '2026-12-10',
  congestionToDate: '2026-12-10',
  congestionFromTime: '10:00',
  congestionToTime: '12:00',
  fromTimeSpan: '10:00',
  toTimeSpan: '12:00',
  lastDateOfSubmission: '2026-12-01',
  deadLine: '18:00',
  deadlineAt: '2026-12-01T12:30:00.000Z',
  deadlinePassed: false,
  bidOpeningDate: '2026-12-02',
  bidOpeningTime: '10:00',
  floorPrice: '0.10',
  place: 'Vadodara',
  date: '2026-11-20',
  authorizedPersonName: 'A. Engineer',
  authorizedPersonDesignation: 'Chief Engineer',
  isDraft: false,
  status: { status: 'Initiated', statusDescription: 'Initiated' },
  formPermission: 'ReadOnly',
  eBiddedApplications: [
    {
      id: EBA,
      applicationId: APP,
      applicationNo: 'STOA/ADV/2026/000001',
      applicationDate: '2026-10-01',
      registrationNo: 'REG-1',
      registrationValidity: '2027-10-01',
      applicantName: 'Anand Mills',
      fromDate: '2026-12-10',
      toDate: '2026-12-10',
      appliedQuantum: '50.00',
      status: 'Invited',
      allocatedQuantum: null,
      applicablePrice: null,
    },
  ],
  atcMargin: null,
  ...overrides,
});

function signIn(role: Role, routes: Record<string, Parameters<typeof mockFetch>[0][string]>) {
  authStore.loginSucceeded(
    buildAuthUser({ role, entityType: role === 'OABusinessUser' ? 'BothEntity' : role === 'Trader' ? 'Trader' : null }),
  );
  return mockFetch({
    'GET /api/Account/GetProfile': () => ok(buildProfile(role)),
    'GET /api/Notification/NotificationCount': () => ok({ count: 0 }),
    'GET /api/Notification/NotificationResult': () => ok([]),
    ...routes,
  });
}

const notFoundPage = async () =>
  expect(await screen.findByRole('heading', { level: 1, name: '404 - Page not found.' }, { timeout: 8000 })).toBeInTheDocument();

describe('e-bidding routes (spec 000 §2 fragments /requests, /apply/:id?)', () => {
  beforeEach(() => authStore.signOut());

  it('/e-bidding/requests opens the list on its proposals tab', async () => {
    const api = signIn('OABusinessUser', {
      'GET /api/EBidding/GetProposals': () => ok({ proposalList: [], dataCount: 0 }),
      'GET /api/EBidding/GetInvitations': () => ok({ invitationList: [], dataCount: 0 }),
    });
    renderApp('/e-bidding/requests');
    expect(await screen.findByRole('heading', { level: 1, name: 'E-Bidding Applications' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'E-Bidding Proposals', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('No bid proposals found.')).toBeInTheDocument();
    expect(api.calls('GET /api/EBidding/GetProposals')).toHaveLength(1);
    expect(api.calls('GET /api/EBidding/GetInvitations')).toHaveLength(0);
  });

  it('/e-bidding/apply/{invitationId} lists the bidder its invited applications, each opening Form ST3', async () => {
    const base = detail().eBiddedApplications[0]!;
    const submitted = {
      ...base,
      id: '00000000-0000-4000-8000-0000000000c2',
      applicationId: '00000000-0000-4000-8000-0000000000b2',
      applicationNo: 'STOA/ADV/2026/000002',
      proposalId: '00000000-0000-4000-8000-0000000000d2',
      proposalStatus: 'Submitted' as const,
    };
    signIn('Trader', {
      [`GET /api/EBidding/GetById`]: () =>
        ok(
          detail({
            status: { status: 'Submitted', statusDescription: 'Submitted' },
            eBiddedApplications: [{ ...base, proposalId: null, proposalStatus: 'None' }, submitted],
          }),
        ),
    });
    renderApp(`/e-bidding/apply/${INV}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Invited Applications' }, { timeout: 8000 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Invited applications' });
    expect(within(table).getByRole('link', { name: 'Apply: STOA/ADV/2026/000001' })).toHaveAttribute(
      'href',
      `/e-bidding/apply/${INV}/${APP}/${EBA}`,
    );
    // A submitted proposal is viewed, not applied to again.
    expect(within(table).getByRole('link', { name: 'View: STOA/ADV/2026/000002' })).toHaveAttribute(
      'href',
      `/e-bidding/apply/${INV}/${submitted.applicationId}/${submitted.proposalId}`,
    );
    expect(within(table).getByText('Submitted')).toBeInTheDocument();
  });

  it('shows the not-found page when the invitation of /e-bidding/apply/{invitationId} does not load', async () => {
    signIn('OABusinessUser', { [`GET /api/EBidding/GetById`]: NOT_FOUND });
    renderApp(`/e-bidding/apply/${INV}`);
    await notFoundPage();
    expect(screen.getByRole('link', { name: 'Go to Home Page' })).toHaveAttribute('href', '/');
  });

  it('shows the not-found page for an invitation (Form ST2), a proposal (Form ST3) and a process page that do not load', async () => {
    signIn('SLDCBusinessUser', {
      [`GET /api/EBidding/GetById`]: NOT_FOUND,
      [`GET /api/EBidding/GetProposals/${INV}`]: NOT_FOUND,
      [`GET /api/EBidding/GetProposalById/${INV}/${APP}/${EBA}`]: () => fail(404, 'NOT_FOUND', 'The bid proposal was not found.'),
    });
    for (const path of [`/e-bidding/invitation/${INV}`, `/e-bidding/process/${INV}`, `/e-bidding/apply/${INV}/${APP}/${EBA}`]) {
      const view = renderApp(path);
      await notFoundPage();
      expect(screen.queryByText('The e-bidding invitation was not found.')).toBeNull();
      view.unmount();
    }
  });

  it('keeps the page with a retry when the server fails (not a not-found)', async () => {
    signIn('OABusinessUser', {
      [`GET /api/EBidding/GetProposalById/${INV}/${APP}/${EBA}`]: () =>
        fail(500, 'INTERNAL', 'Sorry! Something went wrong. Please try again later.'),
    });
    renderApp(`/e-bidding/apply/${INV}/${APP}/${EBA}`);
    expect(await screen.findByRole('button', { name: 'Try again' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '404 - Page not found.' })).toBeNull();
  });
});

describe('Form ST2: the margin the ATC uploads allow (issue 11 item 14)', () => {
  beforeEach(() => authStore.signOut());

  it('shows the SLDC the least uploaded margin of each congested element next to the available margin', async () => {
    signIn('SLDCApproverI', {
      [`GET /api/EBidding/GetById`]: () =>
        ok(
          detail({
            atcMargin: { availableMargin: '37.50', elements: [{ element: 'Anand 132 kV', availableMargin: '37.50', missingDates: [] }] },
          }),
        ),
    });
    const ui = userEvent.setup();
    renderApp(`/e-bidding/invitation/${INV}`);
    expect(await screen.findByRole('heading', { name: 'General Information' }, { timeout: 8000 })).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    await ui.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Anticipated Congestion (Intra-state Transmission System)' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Available Margin \(MW\)/ })).toHaveValue('37.5');
    const note = screen.getByRole('alert', { name: 'ATC margin over the congestion period' });
    expect(note).toHaveTextContent('The uploaded ATC margins allow at most 37.50 MW');
    expect(note).toHaveTextContent('Anand 132 kV: 37.50 MW');
  });
});
