import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { BidProposal, EBiddingDetails, InvitationProposals } from '@stoa/shared/e-bidding';
import type { Role } from '@stoa/shared/account';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { buildAuthUser } from '../../../testing/fixtures';
import { mockFetch, ok } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { EBiddingDetailsPage } from './details-page';
import { ProcessPage } from './process-page';

const INV = '00000000-0000-4000-8000-0000000000a1';
const APP = '00000000-0000-4000-8000-0000000000b1';

const proposal = (n: number, overrides: Partial<BidProposal> = {}): BidProposal => ({
  proposalId: `00000000-0000-4000-8000-0000000000d${n}`,
  bidInvitationId: INV,
  bidInvitationNo: 'EB/2026/000001',
  eBiddingApplicationId: `00000000-0000-4000-8000-0000000000c${n}`,
  applicationId: `00000000-0000-4000-8000-0000000000b${n}`,
  applicationNo: `STOA/AD/2026/00000${n}`,
  applicantName: `Bidder ${n}`,
  availableQuantum: '100.00',
  appliedQuantum: '60.00',
  quotedPrice: '0.25',
  floorPrice: '0.10',
  allocatedQuantum: '60.00',
  applicablePrice: '0.25',
  submittedAt: '2026-11-21T05:00:00.000Z',
  status: { status: 'Submitted', statusDescription: 'Submitted' },
  ...overrides,
});

const view = (overrides: Partial<InvitationProposals> = {}): InvitationProposals => ({
  bidInvitationId: INV,
  bidInvitationNo: 'EB/2026/000001',
  status: { status: 'Submitted', statusDescription: 'Submitted' },
  congestionFromDate: '2026-12-10',
  congestionFromTime: '10:00',
  congestionToDate: '2026-12-10',
  congestionToTime: '12:00',
  lastDateOfSubmission: '2026-11-20',
  deadLine: '18:00',
  deadlinePassed: true,
  bidOpeningDate: '2026-11-21',
  bidOpeningTime: '09:00',
  allApplicationsAppliedQuantum: '90.00',
  availableMargin: '70.00',
  floorPrice: '0.10',
  sealed: false,
  canProcess: true,
  proposalList: [
    proposal(1),
    proposal(2, { appliedQuantum: '30.00', quotedPrice: '0.20', allocatedQuantum: '10.00', applicablePrice: '0.20' }),
  ],
  dataCount: 2,
  ...overrides,
});

function renderAt(path: string, role: Role) {
  authStore.loginSucceeded(buildAuthUser({ role, entityType: role === 'OABusinessUser' ? 'BothEntity' : null }));
  return renderWithProviders(
    <QueryProvider client={createQueryClient()}>
      <Routes>
        <Route path="/e-bidding" element={<h1>E-Bidding Applications</h1>} />
        <Route path="/e-bidding/process/:id" element={<ProcessPage />} />
        <Route path="/e-bidding/details/:id" element={<EBiddingDetailsPage />} />
      </Routes>
    </QueryProvider>,
    path,
  );
}

beforeEach(() => {
  authStore.signOut();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-21T04:30:00.000Z'));
});
afterEach(() => vi.useRealTimers());

describe('Process E-Bidded Applications (spec 000 §2, §4)', () => {
  it('shows the congestion details and the allocation, approves, and returns to the list', async () => {
    const api = mockFetch({
      [`GET /api/EBidding/GetProposals/${INV}`]: () => ok(view()),
      'POST /api/EBidding/ProcessEBiddingRequest': () =>
        ok(view({ status: { status: 'Completed', statusDescription: 'Completed' }, canProcess: false })),
    });
    const ui = userEvent.setup();
    renderAt(`/e-bidding/process/${INV}`, 'SLDCBusinessUser');
    expect(await screen.findByRole('heading', { level: 1, name: 'Process E-Bidded Applications' })).toBeInTheDocument();
    expect(await screen.findByText('90.00')).toBeInTheDocument();
    expect(screen.getByText('70.00')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Bid Proposals' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[2]!).getByText('STOA/AD/2026/000002')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('10.00')).toBeInTheDocument();
    expect(within(rows[2]!).getAllByText('0.20')).toHaveLength(2);

    await ui.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the e-bidding result?' });
    await ui.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.calls('POST /api/EBidding/ProcessEBiddingRequest')).toHaveLength(1));
    expect(api.calls('POST /api/EBidding/ProcessEBiddingRequest')[0]!.body).toMatchObject({
      bidInvitationId: INV,
      applicationDetails: [
        {
          proposalId: '00000000-0000-4000-8000-0000000000d1',
          applicationId: '00000000-0000-4000-8000-0000000000b1',
          allocatedQuantum: '60.00',
        },
        {
          proposalId: '00000000-0000-4000-8000-0000000000d2',
          applicationId: '00000000-0000-4000-8000-0000000000b2',
          allocatedQuantum: '10.00',
        },
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'E-Bidding Applications' })).toBeInTheDocument();
    // Refetched after processing.
    expect(api.calls(`GET /api/EBidding/GetProposals/${INV}`).length).toBeGreaterThanOrEqual(2);
  });

  it('keeps prices sealed and Approve disabled before the deadline; approvers get no Approve', async () => {
    mockFetch({
      [`GET /api/EBidding/GetProposals/${INV}`]: () =>
        ok(
          view({
            sealed: true,
            canProcess: false,
            deadlinePassed: false,
            proposalList: [proposal(1, { quotedPrice: null, allocatedQuantum: null, applicablePrice: null })],
          }),
        ),
    });
    renderAt(`/e-bidding/process/${INV}`, 'SLDCBusinessUser');
    expect(await screen.findByText('The quoted prices are sealed until the deadline has passed.')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Bid Proposals' })).getByText('Sealed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
  });

  it('shows an approver the result without Approve', async () => {
    mockFetch({
      [`GET /api/EBidding/GetProposals/${INV}`]: () =>
        ok(view({ status: { status: 'Completed', statusDescription: 'Completed' }, canProcess: false })),
    });
    renderAt(`/e-bidding/process/${INV}`, 'SLDCApproverII');
    expect(await screen.findByText('This invitation has been processed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ebidding details of STOA/AD/2026/000001' })).toHaveAttribute(
      'href',
      '/e-bidding/details/00000000-0000-4000-8000-0000000000b1',
    );
  });
});

describe('Ebidding Details (spec 000 §2, §9)', () => {
  const details: EBiddingDetails = {
    applicationId: APP,
    applicationNo: 'STOA/AD/2026/000001',
    bidInvitationNo: 'EB/2026/000001',
    ebiddingDetails: Array.from({ length: 12 }, (_, i) => ({
      fromDate: `2026-12-${String(i + 1).padStart(2, '0')}`,
      toDate: `2026-12-${String(i + 1).padStart(2, '0')}`,
      fromTime: '10:00',
      toTime: '12:00',
      appliedQuantum: '60.00',
      appliedQuantumMwh: '120.00',
      approvedQuantum: '50.00',
      approvedQuantumMwh: '100.00',
      quotedPrice: '0.25',
      applicableSTUPrice: '0.25',
      totalApplicableSTUPrice: '25000.00',
    })),
    totalPrice: '300000.00',
    totalAppliedQuantum: '1440.00',
    totalApprovedQuantum: '1200.00',
  };

  it('pages 10 rows in the browser and keeps the Total row of all rows', async () => {
    const api = mockFetch({ [`GET /api/EBidding/GetEbiddingDetails/${APP}`]: () => ok(details) });
    const ui = userEvent.setup();
    renderAt(`/e-bidding/details/${APP}`, 'OABusinessUser');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ebidding Details' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'E-bidding details' });
    // Header + 10 rows + Total.
    expect(within(table).getAllByRole('row')).toHaveLength(12);
    // Times 'HH:mm:ss' (spec 000 §9).
    expect(within(table).getAllByText('10:00:00')).toHaveLength(10);
    expect(within(table).getAllByText('12:00:00')).toHaveLength(10);
    const total = within(table).getByRole('rowheader', { name: 'Total' }).closest('tr')!;
    expect(within(total).getByText('1440.00')).toBeInTheDocument();
    expect(within(total).getByText('1200.00')).toBeInTheDocument();
    expect(within(total).getByText('300000.00')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: /next page/i }));
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getAllByText('Dec 12, 2026')).toHaveLength(2); // from and to date of the 12th row
    expect(api.calls(`GET /api/EBidding/GetEbiddingDetails/${APP}`)).toHaveLength(1);
  });

  it('says so before the application is processed', async () => {
    mockFetch({
      [`GET /api/EBidding/GetEbiddingDetails/${APP}`]: () => ({
        status: 404,
        body: { isSuccessful: false, code: 'NOT_FOUND', message: 'Not found', requestId: 'r', errorResponse: [] },
      }),
    });
    renderAt(`/e-bidding/details/${APP}`, 'Trader');
    expect(
      await screen.findByText('No e-bidding details were found for this application (it may not be processed yet).'),
    ).toBeInTheDocument();
  });
});
