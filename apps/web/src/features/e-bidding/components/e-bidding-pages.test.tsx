import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { BidProposal, InvitationList, ProposalDetail } from '@stoa/shared/e-bidding';
import type { Role } from '@stoa/shared/account';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { buildAuthUser } from '../../../testing/fixtures';
import { fail, mockFetch, ok } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { EBiddingListPage } from './e-bidding-list-page';
import { ProposalPage } from './proposal-page';

type Row = InvitationList['invitationList'][number];
const INV = '00000000-0000-4000-8000-0000000000a1';
const APP = '00000000-0000-4000-8000-0000000000b1';
const EBA = '00000000-0000-4000-8000-0000000000c1';
const PROP = '00000000-0000-4000-8000-0000000000d1';

const row = (overrides: Partial<Row> = {}): Row => ({
  id: INV,
  bidInvitationNo: 'EB/2026/000001',
  dateOfInvitation: '2026-11-20',
  applicationId: APP,
  applicationNo: 'STOA/ADV/2026/000001',
  eBiddingApplicationId: null,
  availableMargin: '100.00',
  appliedQuantum: '60.00',
  allApplicationsAppliedQuantum: '150.00',
  congestionFromDate: '2026-12-10',
  congestionToDate: '2026-12-10',
  fromTimeSpan: '10:00',
  toTimeSpan: '12:00',
  lastDateOfSubmission: '2026-11-25',
  deadLine: '18:00',
  floorPrice: '0.10',
  status: { status: 'Draft', statusDescription: 'Draft' },
  isExpired: false,
  proposalId: null,
  proposalStatus: null,
  action: 'Invite',
  ...overrides,
});

const proposal: BidProposal = {
  proposalId: PROP,
  bidInvitationId: INV,
  bidInvitationNo: 'EB/2026/000001',
  eBiddingApplicationId: EBA,
  applicationId: APP,
  applicationNo: 'STOA/ADV/2026/000001',
  applicantName: 'Alpha Power',
  availableQuantum: '100.00',
  appliedQuantum: '60.00',
  quotedPrice: '0.25',
  floorPrice: '0.10',
  allocatedQuantum: null,
  applicablePrice: null,
  submittedAt: '2026-11-21T05:00:00.000Z',
  status: { status: 'Submitted', statusDescription: 'Submitted' },
};

const proposalDetail = (overrides: Partial<ProposalDetail> = {}): ProposalDetail => ({
  proposalId: null,
  applicationId: APP,
  eBiddingInvitationId: INV,
  bidInvitationId: INV,
  bidInvitationNo: 'EB/2026/000001',
  eBiddingApplicationId: EBA,
  eBiddingApplication: { id: EBA },
  applicationNo: 'STOA/ADV/2026/000001',
  applicationDate: '2026-11-01',
  registrationNo: 'REG/2026/0001',
  registrationValidity: '2027-03-31',
  applicantName: 'Alpha Power',
  applicantType: 'BothEntity',
  applicantCategory: 'Generator',
  fromDate: '2026-12-01',
  toDate: '2026-12-31',
  congestionFromDate: '2026-12-10',
  congestionToDate: '2026-12-10',
  congestionFromTime: '10:00',
  congestionToTime: '12:00',
  availableMargin: '100.00',
  appliedQuantum: '60.00',
  lastDateOfSubmission: '2026-11-25',
  deadLine: '18:00',
  deadlinePassed: false,
  floorPrice: '0.10',
  quotedBidPrice: null,
  place: null,
  authorizedPersonName: null,
  authorizedPersonDesignation: null,
  isDraft: true,
  status: { status: 'Draft', statusDescription: 'Draft' },
  submittedAt: null,
  allocatedQuantum: null,
  applicablePrice: null,
  formPermission: 'Write',
  ...overrides,
});

function renderAt(path: string, role: Role) {
  authStore.loginSucceeded(
    buildAuthUser({ role, entityType: role === 'OABusinessUser' ? 'BothEntity' : role === 'Trader' ? 'Trader' : null }),
  );
  return renderWithProviders(
    <QueryProvider client={createQueryClient()}>
      <Routes>
        <Route path="/e-bidding" element={<EBiddingListPage />} />
        <Route path="/e-bidding/apply/:invitationId/:applicationId/:id" element={<ProposalPage />} />
      </Routes>
    </QueryProvider>,
    path,
  );
}

const queryOf = (r: { url: URL }) => Object.fromEntries(r.url.searchParams.entries());

beforeEach(() => {
  authStore.signOut();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-21T04:30:00.000Z'));
});
afterEach(() => vi.useRealTimers());

describe('E-Bidding Applications list (spec 000 §2, §4)', () => {
  it('shows the SLDC business user every invitation, without tabs, with the action of each status', async () => {
    const rows = [
      row(),
      row({
        id: '00000000-0000-4000-8000-0000000000a2',
        bidInvitationNo: 'EB/2026/000002',
        status: { status: 'Initiated', statusDescription: 'Initiated' },
        action: 'Initiated',
      }),
      row({
        id: '00000000-0000-4000-8000-0000000000a3',
        bidInvitationNo: 'EB/2026/000003',
        status: { status: 'Submitted', statusDescription: 'Submitted' },
        action: 'Process',
      }),
      row({
        id: '00000000-0000-4000-8000-0000000000a4',
        bidInvitationNo: 'EB/2026/000004',
        status: { status: 'Completed', statusDescription: 'Completed' },
        action: 'Result',
      }),
    ];
    const api = mockFetch({ 'GET /api/EBidding/GetAllInvitations': () => ok({ invitationList: rows, dataCount: 4 }) });
    const ui = userEvent.setup();
    renderAt('/e-bidding', 'SLDCBusinessUser');
    expect(await screen.findByRole('heading', { level: 1, name: 'E-Bidding Applications' })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'E-bidding invitations' });
    expect(await within(grid).findByRole('link', { name: 'Invite: EB/2026/000001' })).toHaveAttribute(
      'href',
      `/e-bidding/invitation/${INV}`,
    );
    expect(within(grid).getByRole('link', { name: 'Initiated: EB/2026/000002' })).toHaveAttribute(
      'href',
      '/e-bidding/invitation/00000000-0000-4000-8000-0000000000a2',
    );
    expect(within(grid).getByRole('link', { name: 'Process: EB/2026/000003' })).toHaveAttribute(
      'href',
      '/e-bidding/process/00000000-0000-4000-8000-0000000000a3',
    );
    expect(within(grid).getByRole('link', { name: 'Result: EB/2026/000004' })).toHaveAttribute(
      'href',
      '/e-bidding/process/00000000-0000-4000-8000-0000000000a4',
    );
    // The staff grid shows the applied quantum of all applicants.
    expect(within(grid).getAllByText('150.00').length).toBeGreaterThan(0);
    // Times as spec 000 §9 shows them: 'HH:mm:ss'.
    expect(within(grid).getAllByText('10:00:00')).toHaveLength(4);
    expect(within(grid).getAllByText('18:00:00')).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'New Invitation' })).toHaveAttribute('href', '/e-bidding/invitation');
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();

    await ui.type(screen.getByRole('textbox', { name: 'Invitation No.' }), ' EB/2026 ');
    await ui.click(screen.getByRole('combobox', { name: 'Status' }));
    await ui.click(await screen.findByRole('option', { name: 'Completed' }));
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(queryOf(api.calls('GET /api/EBidding/GetAllInvitations').at(-1)!)).toEqual({
        invitationNo: 'EB/2026',
        status: 'Completed',
        pageNumber: '1',
        pageSize: '10',
      }),
    );
  });

  it('gives an approver results only and no New Invitation', async () => {
    mockFetch({
      'GET /api/EBidding/GetAllInvitations': () =>
        ok({ invitationList: [row({ status: { status: 'Expired', statusDescription: 'Expired' }, action: 'Result' })], dataCount: 1 }),
    });
    renderAt('/e-bidding', 'SLDCApproverI');
    const grid = await screen.findByRole('grid', { name: 'E-bidding invitations' });
    expect(await within(grid).findByRole('link', { name: 'Result: EB/2026/000001' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New Invitation' })).not.toBeInTheDocument();
  });

  it('shows a bidder two tabs: Apply, View and Invitation Expired on its invitations, and its proposals', async () => {
    const mine = (n: number, overrides: Partial<Row>) =>
      row({
        id: INV,
        eBiddingApplicationId: EBA,
        applicationNo: `STOA/ADV/2026/00000${n}`,
        status: { status: 'Initiated', statusDescription: 'Initiated' },
        ...overrides,
      });
    const api = mockFetch({
      'GET /api/EBidding/GetInvitations': () =>
        ok({
          invitationList: [
            mine(1, { action: 'Apply' }),
            mine(2, {
              action: 'View',
              eBiddingApplicationId: '00000000-0000-4000-8000-0000000000c2',
              proposalId: PROP,
              proposalStatus: 'Submitted',
              status: { status: 'Submitted', statusDescription: 'Submitted' },
              applicationId: '00000000-0000-4000-8000-0000000000b2',
            }),
            mine(3, {
              action: 'Invitation Expired',
              isExpired: true,
              applicationId: '00000000-0000-4000-8000-0000000000b3',
              eBiddingApplicationId: '00000000-0000-4000-8000-0000000000c3',
            }),
          ],
          dataCount: 3,
        }),
      'GET /api/EBidding/GetProposals': () => ok({ proposalList: [proposal], dataCount: 1 }),
    });
    const ui = userEvent.setup();
    renderAt('/e-bidding', 'OABusinessUser');
    expect(await screen.findByRole('tab', { name: 'E-Bidding Invitations', selected: true })).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'E-bidding invitations' });
    expect(await within(grid).findByRole('link', { name: 'Apply: EB/2026/000001 STOA/ADV/2026/000001' })).toHaveAttribute(
      'href',
      `/e-bidding/apply/${INV}/${APP}/${EBA}`,
    );
    expect(within(grid).getByRole('link', { name: 'View: EB/2026/000001 STOA/ADV/2026/000002' })).toHaveAttribute(
      'href',
      `/e-bidding/apply/${INV}/00000000-0000-4000-8000-0000000000b2/${PROP}`,
    );
    expect(within(grid).getByText('Invitation Expired')).toBeInTheDocument();
    expect(within(grid).queryByRole('link', { name: /STOA\/ADV\/2026\/000003/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New Invitation' })).not.toBeInTheDocument();

    await ui.click(screen.getByRole('tab', { name: 'E-Bidding Proposals' }));
    const proposals = await screen.findByRole('grid', { name: 'E-bidding proposals' });
    expect(await within(proposals).findByText('0.25')).toBeInTheDocument();
    expect(within(proposals).getByRole('link', { name: 'View: STOA/ADV/2026/000001' })).toHaveAttribute(
      'href',
      `/e-bidding/apply/${INV}/${APP}/${PROP}`,
    );
    expect(api.calls('GET /api/EBidding/GetProposals')).toHaveLength(1);
  });

  it('says so when a bidder has no invitations, and offers a retry when the list fails', async () => {
    mockFetch({
      'GET /api/EBidding/GetInvitations': (_r, i) =>
        i === 0 ? fail(422, 'BUSINESS_RULE', 'Not now.') : ok({ invitationList: [], dataCount: 0 }),
    });
    const ui = userEvent.setup();
    renderAt('/e-bidding', 'Trader');
    expect(await screen.findByText('Sorry! We are unable to fetch the data.')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No e-bidding invitations found.')).toBeInTheDocument();
  });
});

describe('Form ST3 (spec 000 §2, §5)', () => {
  const path = `/e-bidding/apply/${INV}/${APP}/${EBA}`;

  async function toPriceStep(ui: ReturnType<typeof userEvent.setup>) {
    expect(await screen.findByRole('heading', { name: 'General Information' })).toBeInTheDocument();
    // Everything of the first step is read-only.
    expect(screen.getByRole('textbox', { name: /Application No\./ })).toHaveAttribute('readonly');
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Bid invited for Intra-state Transmission System' })).toBeInTheDocument();
  }

  it('refuses a quoted price below the floor price with the message of the specification, and submits one at the floor', async () => {
    const api = mockFetch({
      [`GET /api/EBidding/GetProposalById/${INV}/${APP}/${EBA}`]: () => ok(proposalDetail()),
      'POST /api/EBidding/SubmitProposal': () =>
        ok(
          proposalDetail({ proposalId: PROP, status: { status: 'Submitted', statusDescription: 'Submitted' }, formPermission: 'ReadOnly' }),
        ),
      'GET /api/EBidding/GetInvitations': () => ok({ invitationList: [], dataCount: 0 }),
    });
    const ui = userEvent.setup();
    renderAt(path, 'OABusinessUser');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Form ST3 – Bid Proposal for E-Bidding by STOA Applicant' }),
    ).toBeInTheDocument();
    await toPriceStep(ui);
    const price = screen.getByRole('textbox', { name: /Quoted Bid Price \(Rs\/kWh\)/ });
    await ui.type(price, '0.09');
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    await ui.type(screen.getByRole('textbox', { name: /Place/ }), 'Anand');
    await ui.type(screen.getByRole('textbox', { name: /Name of Authorised Person/ }), 'B. Bidder');
    await ui.type(screen.getByRole('textbox', { name: /Designation of Authorised Person/ }), 'Director');
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText('Quoted Bid Price (Rs/kWh) must be equal to or greater than the Floor Price (Rs/kWh)'),
    ).toBeInTheDocument();
    expect(api.calls('POST /api/EBidding/SubmitProposal')).toHaveLength(0);

    const field = screen.getByRole('textbox', { name: /Quoted Bid Price \(Rs\/kWh\)/ });
    await ui.clear(field);
    await ui.type(field, '0.1');
    await waitFor(() =>
      expect(screen.queryByText('Quoted Bid Price (Rs/kWh) must be equal to or greater than the Floor Price (Rs/kWh)')).toBeNull(),
    );
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.calls('POST /api/EBidding/SubmitProposal')).toHaveLength(1));
    expect(api.calls('POST /api/EBidding/SubmitProposal')[0]!.body).toEqual({
      applicationId: APP,
      eBiddingInvitationId: INV,
      eBiddingApplicationId: EBA,
      quotedBidPrice: '0.1',
      place: 'Anand',
      authorizedPersonName: 'B. Bidder',
      authorizedPersonDesignation: 'Director',
      isDraft: false,
    });
    // Back to the list.
    expect(await screen.findByRole('heading', { level: 1, name: 'E-Bidding Applications' })).toBeInTheDocument();
  });

  it('saves a draft without the Submit checks', async () => {
    const api = mockFetch({
      [`GET /api/EBidding/GetProposalById/${INV}/${APP}/${EBA}`]: () => ok(proposalDetail()),
      'POST /api/EBidding/SubmitProposal': () => ok(proposalDetail({ proposalId: PROP, quotedBidPrice: '0.2' })),
    });
    const ui = userEvent.setup();
    renderAt(path, 'Trader');
    await toPriceStep(ui);
    await ui.type(screen.getByRole('textbox', { name: /Quoted Bid Price \(Rs\/kWh\)/ }), '0.2');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('POST /api/EBidding/SubmitProposal')).toHaveLength(1));
    expect(api.calls('POST /api/EBidding/SubmitProposal')[0]!.body).toMatchObject({ quotedBidPrice: '0.2', isDraft: true, place: null });
  });

  it('puts a refused Save on its field', async () => {
    mockFetch({
      [`GET /api/EBidding/GetProposalById/${INV}/${APP}/${EBA}`]: () => ok(proposalDetail()),
      'POST /api/EBidding/SubmitProposal': () =>
        fail(409, 'CONFLICT', 'The deadline for bid proposals has passed.', [
          {
            fieldName: 'quotedBidPrice',
            errorMessages: ['Quoted Bid Price (Rs/kWh) must be a non-negative number with at most 2 decimals'],
          },
        ]),
    });
    const ui = userEvent.setup();
    renderAt(path, 'OABusinessUser');
    await toPriceStep(ui);
    await ui.type(screen.getByRole('textbox', { name: /Quoted Bid Price \(Rs\/kWh\)/ }), '0.2');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    // On the field (and in the toast).
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Quoted Bid Price \(Rs\/kWh\)/ })).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getByRole('textbox', { name: /Quoted Bid Price \(Rs\/kWh\)/ })).toHaveAccessibleDescription(
      /must be a non-negative number with at most 2 decimals/,
    );
  });

  it('shows a submitted proposal read-only: no price input, no Save or Submit', async () => {
    mockFetch({
      [`GET /api/EBidding/GetProposalById/${INV}/${APP}/${PROP}`]: () =>
        ok(
          proposalDetail({
            proposalId: PROP,
            quotedBidPrice: '0.25',
            place: 'Anand',
            status: { status: 'Submitted', statusDescription: 'Submitted' },
            isDraft: false,
            formPermission: 'ReadOnly',
          }),
        ),
    });
    const ui = userEvent.setup();
    renderAt(`/e-bidding/apply/${INV}/${APP}/${PROP}`, 'OABusinessUser');
    expect(await screen.findByText('This bid proposal is shown read-only.')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('textbox', { name: /Quoted Bid Price/ })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: /Quoted Bid Price/ })).toHaveValue('0.25');
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
