import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';

import { enApplications } from '@stoa/shared/messages';
import type { Role } from '@stoa/shared/account';

import { authStore } from '../../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../../lib/query-client';
import { buildAuthUser } from '../../../../testing/fixtures';
import { fail, mockFetch, ok } from '../../../../testing/mock-fetch';
import { renderWithProviders } from '../../../../testing/test-utils';
import { ApplicationPage } from './application-page';
import { APP_ID, buildApplicationDetail, buildOpenAccess, BUYER_ID, FEE, PARTIES, SELLER_ID } from './test-fixtures';

const DETAIL = `GET /api/Application/Get/${APP_ID}`;
const view = `/applications/oa/DayAhead/${APP_ID}`;

function renderPage(path: string, role: Role = 'OABusinessUser') {
  authStore.loginSucceeded(buildAuthUser({ role, entityType: role === 'Trader' ? 'Trader' : 'BothEntity' }));
  return renderWithProviders(
    <QueryProvider client={createQueryClient()}>
      <Routes>
        <Route path="/applications/oa/:applicationType/:id?" element={<ApplicationPage />} />
      </Routes>
    </QueryProvider>,
    path,
  );
}

type Handlers = Parameters<typeof mockFetch>[0];

function api(extra: Handlers = {}) {
  return mockFetch({
    'GET /api/Application/GetSellers': () => ok(PARTIES.sellers),
    'GET /api/Application/GetBuyers': () => ok(PARTIES.buyers),
    'GET /api/Application/GetSellersForTrader': () => ok(PARTIES.sellers.map((p) => ({ ...p, isOwn: true }))),
    'GET /api/Application/GetBuyersForTrader': () => ok(PARTIES.buyers),
    'GET /api/Application/GetUserBasedTraders': () =>
      ok([{ id: '00000000-0000-4000-8000-00000000c001', description: 'Volt Power Traders Pvt Ltd' }]),
    'GET /api/Application/GetApplicationFee': () => ok(FEE),
    'GET /api/Application/IsDefaulter': () => ok(false),
    [`GET /api/Application/GetInjectingEntityDetails/${SELLER_ID}`]: () =>
      ok({
        id: SELLER_ID,
        registrationNo: 'REG/BE/2026/00001',
        entityName: 'Sunrise Textiles Ltd',
        entityType: 'BothEntity',
        stoaInjectionQuantum: '40.00',
        installedCapacity: '50.00',
        injectionSubstation: 'Anand 132 kV',
        injectionVoltage: '132',
        generatorType: 'IPP',
        isRe: 'RE',
        transcoName: 'GETCO',
      }),
    [`GET /api/Application/GetDraweeEntityDetails/${BUYER_ID}`]: () =>
      ok({
        id: BUYER_ID,
        registrationNo: 'REG/DE/2026/00002',
        entityName: 'Narmada Drawee Ltd',
        entityType: 'DraweeEntity',
        stoaDrawlQuantum: '5.00',
        contractDemand: '8.00',
        consumerNumber: 'CN-1',
        drawalSubstation: 'Vadodara 66 kV',
        drawalVoltage: '66',
        discomName: 'MGVCL',
      }),
    'GET /api/Application/GetRemainingQuatumDetails': () => ok({ remainingQuatumBuyer: '5.00', remainingQuatumSeller: '40.00' }),
    // Without the window settings the form leaves the date range to the server.
    'GET /api/Configuration/Settings/GetAll': () => fail(500, 'INTERNAL', 'down'),
    [`GET /api/Application/GetOpenAccessDetails/${APP_ID}`]: () => ok(buildOpenAccess()),
    ...extra,
  });
}

const returned = (rows = buildApplicationDetail().scheduleList) =>
  buildApplicationDetail({
    status: 'Returned',
    statusDescription: 'More clarification required',
    allowedActions: ['Submit'],
    formMode: 'Write',
    canUpdateTrader: true,
    scheduleList: rows,
  });

async function toLastStep(ui: ReturnType<typeof userEvent.setup>) {
  await ui.click(await screen.findByRole('button', { name: 'Next' }));
  await ui.click(await screen.findByRole('button', { name: 'Next' }));
  return screen.findByRole('button', { name: 'Submit' });
}

describe('application page', () => {
  beforeEach(() => authStore.signOut());

  it('refuses a defaulter with the message of the API, without a form', async () => {
    api({ 'GET /api/Application/IsDefaulter': () => ok(true) });
    renderPage('/applications/oa/DayAhead');
    expect(await screen.findByText(enApplications.errors.defaulter)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'New Day Ahead application' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Seller' })).not.toBeInTheDocument();
  });

  it('offers a new form with the sellers, buyers and traders, and requires the parties and a complete row', async () => {
    api();
    const ui = userEvent.setup();
    renderPage('/applications/oa/FCFS');
    expect(await screen.findByRole('heading', { level: 1, name: 'New First Come First Serve application' })).toBeInTheDocument();
    await ui.click(await screen.findByRole('combobox', { name: 'Seller' }));
    expect(
      within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Sunrise Textiles Ltd (REG/BE/2026/00001) · 40.00 MW · yours']);
    await ui.click(screen.getByRole('option', { name: /Sunrise Textiles/ }));
    // The seller's details show read-only.
    const seller = await screen.findByRole('region', { name: 'Seller details' });
    expect(await within(seller).findByText('Anand 132 kV')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Trader (optional)' })).toBeInTheDocument();
    await ui.click(await toLastStep(ui));
    expect(await screen.findByText('Buyer is required')).toBeInTheDocument();
  });

  it('a trader chooses on whose behalf instead of a trader', async () => {
    api();
    renderPage('/applications/oa/DayAhead', 'Trader');
    expect(await screen.findByRole('radiogroup', { name: 'On behalf of' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Trader (optional)' })).not.toBeInTheDocument();
  });

  it('shows a Returned application read-only with its actions, then edits it: an overlap is refused, a valid schedule resubmitted with id and version', async () => {
    const rows = [
      {
        rowNo: 1,
        oaFromDate: '2026-11-23',
        oaToDate: '2026-11-23',
        fromTimeBlock: '00:00',
        toTimeBlock: '06:00',
        oaRequirement: '2.00',
        mwh: '12.00',
      },
      {
        rowNo: 2,
        oaFromDate: '2026-11-23',
        oaToDate: '2026-11-23',
        fromTimeBlock: '05:00',
        toTimeBlock: '07:00',
        oaRequirement: '2.50',
        mwh: '5.00',
      },
    ];
    const calls = api({
      [DETAIL]: () => ok(returned(rows)),
      'POST /api/Application/Submit/DayAhead': () => ok(buildApplicationDetail({ version: 4 })),
    });
    const ui = userEvent.setup();
    renderPage(view);
    expect(await screen.findByRole('heading', { level: 1, name: 'Application STOA/DA/2026/000001' })).toBeInTheDocument();
    expect(screen.getByText('More clarification required')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Schedule' })).toHaveTextContent('05:00');
    expect(await screen.findByRole('region', { name: 'Open access per block' })).toHaveTextContent('00:00–00:15');
    expect(screen.getByRole('button', { name: 'Change trader' })).toBeInTheDocument();

    await ui.click(screen.getByRole('button', { name: 'Edit and resubmit' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Resubmit STOA/DA/2026/000001' })).toBeInTheDocument();
    await ui.click(await toLastStep(ui));
    // The overlap (schedule rules of schedule.ts): on the later row, the step shown again.
    expect(await screen.findByText(enApplications.schedule.overlap)).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Schedule 2' })).getByText(enApplications.schedule.overlap)).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Schedule 1' })).getByLabelText('MWh')).toHaveValue('12.00');
    expect(calls.calls('POST /api/Application/Submit/DayAhead')).toHaveLength(0);

    // Remove the overlapping row and resubmit.
    await ui.click(screen.getByRole('button', { name: 'Remove row 2' }));
    await waitFor(() => expect(screen.queryByText(enApplications.schedule.overlap)).not.toBeInTheDocument());
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    await ui.click(await screen.findByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.calls('POST /api/Application/Submit/DayAhead')).toHaveLength(1));
    expect(calls.calls('POST /api/Application/Submit/DayAhead')[0]!.body).toEqual({
      id: APP_ID,
      version: 3,
      sellerId: SELLER_ID,
      buyerId: BUYER_ID,
      scheduleList: [
        { oaFromDate: '2026-11-23', oaToDate: '2026-11-23', fromTimeBlock: '00:00', toTimeBlock: '06:00', oaRequirement: '2' },
      ],
    });
  }, 30_000);

  it("shows the server's refusal next to Submit and on the field it names (422 with field errors)", async () => {
    const message = enApplications.errors.notOwnParty;
    const rows = [
      {
        rowNo: 1,
        oaFromDate: '2026-11-23',
        oaToDate: '2026-11-23',
        fromTimeBlock: '00:00',
        toTimeBlock: '06:00',
        oaRequirement: '2.00',
        mwh: '12.00',
      },
    ];
    api({
      [DETAIL]: () => ok(returned(rows)),
      'POST /api/Application/Submit/DayAhead': () =>
        fail(422, 'BUSINESS_RULE', message, [{ fieldName: 'sellerId', errorMessages: [message] }]),
    });
    const ui = userEvent.setup();
    renderPage(view);
    await ui.click(await screen.findByRole('button', { name: 'Edit and resubmit' }));
    await ui.click(await toLastStep(ui));
    // On the Seller field, its step shown; the reason also above the buttons.
    const seller = await screen.findByRole('combobox', { name: 'Seller' });
    expect(seller).toHaveAttribute('aria-invalid', 'true');
    const form = screen.getByRole('form');
    expect(within(form).getByRole('alert')).toHaveTextContent(message);
    expect(within(form).getAllByText(message)).toHaveLength(2);
    // Back on the last step, the reason shows next to Submit.
    await ui.click(screen.getByRole('button', { name: /^Remarks and Submit/ }));
    expect(await screen.findByRole('button', { name: 'Submit' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('form'))
        .getAllByRole('alert')
        .filter((a) => a.textContent === message),
    ).toHaveLength(1);
  }, 30_000);

  it("quotes the SLDC's question in the clarification banner", async () => {
    const detail = returned();
    detail.history = [
      ...detail.history,
      {
        action: 'Return',
        fromStatus: 'Submitted',
        toStatus: 'Returned',
        actorName: 'Vikram Patel',
        role: 'SLDCBusinessUser',
        remarks: 'Confirm the buyer substation',
        at: '2026-11-21T10:00:00Z',
        description: 'Clarification sought by SLDC Business User; clarification required from the applicant',
      },
    ];
    api({ [DETAIL]: () => ok(detail) });
    renderPage(view);
    const panel = await screen.findByRole('region', { name: 'Actions' });
    expect(within(panel).getByText('The SLDC asked for clarification. Edit the application and resubmit it.')).toBeInTheDocument();
    const quote = within(panel).getByRole('figure', { name: 'SLDC Business User asked:' });
    expect(quote).toHaveTextContent('Confirm the buyer substation');
    expect(screen.queryByText(/names your registration as seller or buyer/)).not.toBeInTheDocument();
  });

  it('shows the counterparty (seller or buyer, not the applicant) the application read only', async () => {
    api({
      [DETAIL]: () =>
        ok(
          buildApplicationDetail({
            applicant: { id: '00000000-0000-4000-8000-0000000000ff', name: 'Kutch Wind Power Ltd' },
            allowedActions: [],
            formMode: 'ReadOnly',
            canUpdateTrader: false,
          }),
        ),
    });
    renderPage(view);
    expect(
      await screen.findByText('This application names your registration as seller or buyer. Only its applicant can act on it.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it("shows 'Error fetching remaining quatum details.' when the remaining quantum cannot be read", async () => {
    api({ [DETAIL]: () => ok(returned()), 'GET /api/Application/GetRemainingQuatumDetails': () => fail(500, 'INTERNAL', 'down') });
    const ui = userEvent.setup();
    renderPage(view);
    await ui.click(await screen.findByRole('button', { name: 'Edit and resubmit' }));
    await ui.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Error fetching remaining quatum details.')).toBeInTheDocument();
  });

  it("lets the applicant approve a trader's request with remarks and the version", async () => {
    const pending = buildApplicationDetail({
      status: 'PendingApplicantApproval',
      statusDescription: 'Pending Applicant approval',
      allowedActions: ['Approve', 'Reject'],
      createdBy: { id: 't1', name: 'Volt Power Traders Pvt Ltd', role: 'Trader' },
      trader: { id: 'c1', name: 'Volt Power Traders Pvt Ltd', registrationNo: 'REG/TR/2026/00001' },
    });
    const calls = api({
      // Read again after the decision: then Submitted.
      [DETAIL]: (_r, index) => ok(index === 0 ? pending : buildApplicationDetail({ version: 4 })),
      [`POST /api/Application/ApproveTraderRequest/DayAhead/${APP_ID}`]: () => ok(buildApplicationDetail({ version: 4 })),
    });
    const ui = userEvent.setup();
    renderPage(view);
    const actions = await screen.findByRole('region', { name: 'Actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Approve request', 'Reject request']);
    await ui.click(within(actions).getByRole('button', { name: 'Approve request' }));
    const dialog = await screen.findByRole('dialog');
    await ui.type(within(dialog).getByLabelText('Remarks (optional)'), 'Agreed');
    await ui.click(within(dialog).getByRole('button', { name: 'Approve request' }));
    await waitFor(() => expect(calls.calls(`POST /api/Application/ApproveTraderRequest/DayAhead/${APP_ID}`)).toHaveLength(1));
    expect(calls.calls(`POST /api/Application/ApproveTraderRequest/DayAhead/${APP_ID}`)[0]!.body).toEqual({
      version: 3,
      remarks: 'Agreed',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Actions' })).not.toBeInTheDocument());
    // The status chip (and the history) now say Pending SLDC verification.
    expect(screen.getAllByText('Pending SLDC verification').length).toBeGreaterThan(0);
    expect(screen.queryByText('Pending Applicant approval')).not.toBeInTheDocument();
  });

  it('lets the applicant name a trader (UpdateTrader) and requires one', async () => {
    const calls = api({
      [DETAIL]: () => ok(buildApplicationDetail({ canUpdateTrader: true })),
      [`POST /api/Application/UpdateTrader/${APP_ID}/00000000-0000-4000-8000-00000000c001`]: () =>
        ok(
          buildApplicationDetail({
            version: 4,
            trader: { id: '00000000-0000-4000-8000-00000000c001', name: 'Volt Power Traders Pvt Ltd', registrationNo: 'REG/TR/2026/00001' },
          }),
        ),
    });
    const ui = userEvent.setup();
    renderPage(view);
    await ui.click(await screen.findByRole('button', { name: 'Change trader' }));
    const dialog = await screen.findByRole('dialog', { name: 'Name or change the trader' });
    await ui.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByText('Trader Name is required')).toBeInTheDocument();
    await ui.click(within(dialog).getByRole('combobox', { name: /Trader/ }));
    await ui.click(await screen.findByRole('option', { name: 'Volt Power Traders Pvt Ltd' }));
    await ui.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(calls.calls(`POST /api/Application/UpdateTrader/${APP_ID}/00000000-0000-4000-8000-00000000c001`)).toHaveLength(1),
    );
    expect(calls.calls(`POST /api/Application/UpdateTrader/${APP_ID}/00000000-0000-4000-8000-00000000c001`)[0]!.body).toEqual({
      version: 3,
      remarks: '',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says when the application is not found', async () => {
    api({ [DETAIL]: () => fail(404, 'NOT_FOUND', 'The requested application was not found.') });
    renderPage(view);
    expect(await screen.findByText('This application was not found, or you may not see it.')).toBeInTheDocument();
  });
});
