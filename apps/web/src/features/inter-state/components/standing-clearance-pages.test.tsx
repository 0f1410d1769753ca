import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Role } from '@stoa/shared/account';
import type { StandingClearanceDetail, StandingClearanceRow } from '@stoa/shared/inter-state';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { typeDate } from '../../../testing/date-input';
import { buildAuthUser } from '../../../testing/fixtures';
import { fail, mockFetch, ok } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { StandingClearanceVerificationResult } from './clearance-verification';
import { StandingClearanceApplyPage } from './standing-clearance-apply-page';
import { StandingClearanceDetailPage } from './standing-clearance-detail-page';
import { AllStandingClearancesPage, PowerExchangeClearancesPage } from './standing-clearance-list-page';

const ID = '00000000-0000-4000-8000-0000000000c1';
const REG = '00000000-0000-4000-8000-0000000000a1';
const row = (overrides: Partial<StandingClearanceRow> = {}): StandingClearanceRow => ({
  id: ID,
  applicationNo: 'SCA/2026/000001',
  certificateNo: null,
  transactionType: 'PowerExchange',
  registrationId: REG,
  entityName: 'Surya Textiles Ltd',
  registrationNo: 'REG/BO/2026/00012',
  maxBuyMw: '10.00',
  maxSellMw: null,
  validFrom: '2026-11-22',
  validTo: '2027-02-20',
  status: 'Submitted',
  statusDescription: 'Pending SLDC scrutiny',
  appliedOn: '2026-11-21T05:00:00.000Z',
  issuedOn: null,
  feeUnpaid: true,
  version: 1,
  ...overrides,
});
const detail = (overrides: Partial<StandingClearanceDetail> = {}): StandingClearanceDetail => ({
  ...row(),
  blockCaps: [],
  remarks: 'Quarterly PX purchases',
  declaration: true,
  appliedByName: 'Surya Textiles Ltd',
  entityType: 'BothEntity',
  injectionPoint: 'Anand 132 kV',
  drawalPoint: 'Vadodara 66 kV',
  feeDueId: '00000000-0000-4000-8000-0000000000f1',
  feeAmount: 590_000,
  feeStatus: 'DUE',
  decisionReason: null,
  decidedOn: null,
  verificationCode: null,
  deemed: false,
  consentUtility: null,
  consentedOn: null,
  actions: [],
  history: [
    {
      action: 'Submit',
      fromStatus: null,
      toStatus: 'Submitted',
      actorName: 'Ravi Shah',
      actorRole: 'OABusinessUser',
      remarks: null,
      createdOn: '2026-11-21T05:00:00.000Z',
    },
  ],
  viewerRole: 'OABusinessUser',
  ...overrides,
});

function renderAt(path: string, role: Role) {
  authStore.loginSucceeded(
    buildAuthUser({ role, entityType: role === 'OABusinessUser' ? 'BothEntity' : role === 'Trader' ? 'Trader' : null }),
  );
  return renderWithProviders(
    <QueryProvider client={createQueryClient()}>
      <Routes>
        <Route path="/standing-clearance-power" element={<AllStandingClearancesPage />} />
        <Route path="/standing-clearance-power/power-exchange" element={<PowerExchangeClearancesPage />} />
        <Route path="/standing-clearance-power/apply" element={<StandingClearanceApplyPage />} />
        <Route path="/standing-clearance-power/:id" element={<StandingClearanceDetailPage />} />
      </Routes>
    </QueryProvider>,
    path,
  );
}

const queryOf = (r: { url: URL }) => Object.fromEntries(r.url.searchParams.entries());

describe('standing clearance list', () => {
  beforeEach(() => authStore.signOut());

  it('shows an applicant its clearances of the tab’s type with MW, validity, status and the unpaid fee; Apply keeps the type', async () => {
    const api = mockFetch({ 'GET /api/StandingClearance/GetAll': () => ok({ standingClearanceList: [row()], dataCount: 1 }) });
    renderAt('/standing-clearance-power/power-exchange', 'OABusinessUser');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Standing Clearance of Inter-State Power Exchange Transaction' }),
    ).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'Standing clearances' });
    expect(await within(grid).findByText('SCA/2026/000001')).toBeInTheDocument();
    expect(within(grid).getByText('Buy 10.00 MW')).toBeInTheDocument();
    expect(within(grid).getByText('Pending SLDC scrutiny')).toBeInTheDocument();
    expect(within(grid).getByText('Fee unpaid')).toBeInTheDocument();
    expect(queryOf(api.calls('GET /api/StandingClearance/GetAll')[0]!)).toEqual({
      transactionType: 'PowerExchange',
      pageNumber: '1',
      pageSize: '10',
    });
    expect(screen.getByRole('link', { name: 'Apply for Standing Clearance' })).toHaveAttribute(
      'href',
      '/standing-clearance-power/apply?type=PowerExchange',
    );
    expect(screen.getByRole('tab', { name: 'Bilateral inter-state' })).toHaveAttribute('href', '/standing-clearance-power/bilateral');
  });

  it('lets the SLDC filter by status and text, offers no Apply, and says so when nothing matches', async () => {
    const api = mockFetch({ 'GET /api/StandingClearance/GetAll': () => ok({ standingClearanceList: [], dataCount: 0 }) });
    const ui = userEvent.setup();
    renderAt('/standing-clearance-power', 'SLDCBusinessUser');
    expect(await screen.findByText('No standing clearances found.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Apply for Standing Clearance' })).not.toBeInTheDocument();
    // The SLDC reaches the consents for inter-state STOA from here (decision 0068).
    expect(screen.getByRole('link', { name: 'Consents for Inter-State STOA' })).toHaveAttribute(
      'href',
      '/consent-for-inter-state-stoa-transactions',
    );
    await ui.click(screen.getByRole('combobox', { name: 'Status' }));
    await ui.click(await screen.findByRole('option', { name: 'Expired' }));
    await ui.type(screen.getByRole('textbox', { name: 'Application / Certificate No. or Entity' }), ' Surya ');
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(queryOf(api.calls('GET /api/StandingClearance/GetAll').at(-1)!)).toEqual({
        status: 'Expired',
        search: 'Surya',
        pageNumber: '1',
        pageSize: '10',
      }),
    );
  });

  it('offers a retry when the list fails', async () => {
    mockFetch({
      'GET /api/StandingClearance/GetAll': (_r, index) =>
        index === 0 ? fail(422, 'BUSINESS_RULE', 'Not now.') : ok({ standingClearanceList: [row()], dataCount: 1 }),
    });
    const ui = userEvent.setup();
    renderAt('/standing-clearance-power', 'SLDCApproverI');
    expect(await screen.findByText('Sorry! We are unable to fetch the data.')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('SCA/2026/000001')).toBeInTheDocument();
  });
});

describe('apply for a standing clearance', () => {
  beforeEach(() => {
    authStore.signOut();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T04:30:00.000Z')); // 10:00 IST
  });
  afterEach(() => vi.useRealTimers());

  const registrations = [
    {
      id: REG,
      registrationNo: 'REG/BO/2026/00012',
      entityName: 'Surya Textiles Ltd',
      entityType: 'BothEntity',
      canSell: true,
      canBuy: true,
      stoaInjectionQuantum: '40.00',
      stoaDrawlQuantum: '25.00',
      expiredOn: '2099-12-31',
    },
  ];
  const fee = { baseAmount: 500_000, gstRatePercent: '18', gstAmount: 90_000, totalAmount: 590_000, effectiveFrom: '2000-01-01' };

  it('checks every field before sending, shows the server’s field errors, then submits and opens the clearance', async () => {
    const api = mockFetch({
      'GET /api/Application/GetAvailableRegistrations': () => ok(registrations),
      'GET /api/StandingClearance/GetFee': () => ok(fee),
      'POST /api/StandingClearance/Apply': (_r, index) =>
        index === 0
          ? fail(400, 'VALIDATION_FAILED', 'Validation failed', [
              { fieldName: 'maxBuyMw', errorMessages: ['Maximum Buy (MW) is more than the registered STOA quantum of 25.00 MW.'] },
            ])
          : ok(detail()),
      [`GET /api/StandingClearance/Get/${ID}`]: () => ok(detail()),
    });
    const ui = userEvent.setup();
    renderAt('/standing-clearance-power/apply?type=PowerExchange', 'OABusinessUser');
    expect(await screen.findByRole('heading', { level: 1, name: 'Apply for Standing Clearance' })).toBeInTheDocument();
    expect(await screen.findByText(/A standing clearance fee of ₹5,900.00/)).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Entity (registration) is required')).toBeInTheDocument();
    expect(screen.getByText('Accept the declaration to apply.')).toBeInTheDocument();
    expect(screen.getByText('Enter the maximum MW to buy or to sell (or both).')).toBeInTheDocument();
    expect(api.calls('POST /api/StandingClearance/Apply')).toHaveLength(0);

    await ui.click(screen.getByRole('combobox', { name: /Entity \(registration\)/ }));
    await ui.click(await screen.findByRole('option', { name: 'Surya Textiles Ltd (REG/BO/2026/00012)' }));
    expect(screen.getByText('Registered STOA quantum: drawal 25.00 MW, injection 40.00 MW.')).toBeInTheDocument();
    await ui.type(screen.getByRole('textbox', { name: 'Maximum Buy (MW)' }), '30');
    await typeDate(ui, /Valid To/, '20/02/2027');
    await ui.click(screen.getByRole('checkbox', { name: /no other contract for the sale or purchase/ }));
    await ui.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Maximum Buy (MW) is more than the registered STOA quantum of 25.00 MW.')).toBeInTheDocument();
    expect(api.calls('POST /api/StandingClearance/Apply')[0]!.body).toEqual({
      registrationId: REG,
      transactionType: 'PowerExchange',
      maxBuyMw: '30',
      maxSellMw: '',
      validFrom: '2026-11-21',
      validTo: '2027-02-20',
      declaration: true,
      remarks: '',
      blockCaps: [],
    });

    await ui.clear(screen.getByRole('textbox', { name: 'Maximum Buy (MW)' }));
    await ui.type(screen.getByRole('textbox', { name: 'Maximum Buy (MW)' }), '10');
    await ui.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Standing Clearance SCA/2026/000001' })).toBeInTheDocument();
  });

  it('checks the caps per block range before sending, sends them and shows the server’s error on the row’s field (decision 0077)', async () => {
    const api = mockFetch({
      'GET /api/Application/GetAvailableRegistrations': () => ok(registrations),
      'GET /api/StandingClearance/GetFee': () => ok(fee),
      'POST /api/StandingClearance/Apply': () =>
        fail(400, 'VALIDATION_FAILED', 'Validation failed', [
          { fieldName: 'blockCaps.0.toBlock', errorMessages: ['To Block is refused by the server.'] },
        ]),
    });
    const ui = userEvent.setup();
    renderAt('/standing-clearance-power/apply?type=Bilateral', 'OABusinessUser');
    await ui.click(await screen.findByRole('combobox', { name: /Entity \(registration\)/ }));
    await ui.click(await screen.findByRole('option', { name: 'Surya Textiles Ltd (REG/BO/2026/00012)' }));
    await ui.type(screen.getByRole('textbox', { name: 'Maximum Buy (MW)' }), '10');
    await typeDate(ui, /Valid To/, '20/02/2027');
    await ui.click(screen.getByRole('checkbox', { name: /no other contract for the sale or purchase/ }));
    await ui.click(screen.getByRole('button', { name: 'Add Block Range' }));
    const range = screen.getByRole('group', { name: 'Block range 1' });
    await ui.type(within(range).getByRole('textbox', { name: 'From Block' }), '33');
    expect(within(range).getByText('starts 08:00')).toBeInTheDocument();
    await ui.type(within(range).getByRole('textbox', { name: 'To Block' }), '36');
    await ui.type(within(range).getByRole('textbox', { name: 'Buy (MW)' }), '12');
    await ui.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await within(range).findByText('A block range cap must not be more than the Maximum Buy (MW) of 10.00 MW.')).toBeInTheDocument();
    expect(api.calls('POST /api/StandingClearance/Apply')).toHaveLength(0);
    await ui.clear(within(range).getByRole('textbox', { name: 'Buy (MW)' }));
    await ui.type(within(range).getByRole('textbox', { name: 'Buy (MW)' }), '6');
    await ui.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await within(range).findByText('To Block is refused by the server.')).toBeInTheDocument();
    expect(api.calls('POST /api/StandingClearance/Apply')[0]!.body).toMatchObject({
      transactionType: 'Bilateral',
      blockCaps: [{ fromBlock: '33', toBlock: '36', maxBuyMw: '6', maxSellMw: '' }],
    });
    await ui.click(within(range).getByRole('button', { name: 'Remove block range 1' }));
    expect(screen.queryByRole('group', { name: 'Block range 1' })).not.toBeInTheDocument();
  });

  it('says what to do when the caller has no approved registration', async () => {
    mockFetch({
      'GET /api/Application/GetAvailableRegistrations': () => ok([]),
      'GET /api/StandingClearance/GetFee': () => ok(fee),
    });
    renderAt('/standing-clearance-power/apply', 'Trader');
    expect(await screen.findByText(/You have no approved registration to apply with/)).toBeInTheDocument();
  });
});

describe('standing clearance detail', () => {
  beforeEach(() => authStore.signOut());

  it('lets the SLDC business user verify and forward, and asks a reason to refuse', async () => {
    const api = mockFetch({
      [`GET /api/StandingClearance/Get/${ID}`]: () =>
        ok(detail({ viewerRole: 'SLDCBusinessUser', actions: ['Forward', 'Refuse'], feeUnpaid: false, feeStatus: 'PAID' })),
      [`POST /api/StandingClearance/Refuse/${ID}`]: () =>
        ok(detail({ viewerRole: 'SLDCBusinessUser', status: 'Refused', decisionReason: 'Metering not confirmed' })),
    });
    const ui = userEvent.setup();
    renderAt(`/standing-clearance-power/${ID}`, 'SLDCBusinessUser');
    expect(await screen.findByRole('heading', { level: 1, name: 'Standing Clearance SCA/2026/000001' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify and Forward' })).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Refuse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuse?' });
    await ui.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    expect(await within(dialog).findByText('A reason is required.')).toBeInTheDocument();
    expect(api.calls(`POST /api/StandingClearance/Refuse/${ID}`)).toHaveLength(0);
    await ui.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Metering not confirmed');
    await ui.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    await waitFor(() =>
      expect(api.calls(`POST /api/StandingClearance/Refuse/${ID}`)[0]!.body).toEqual({ version: 1, remarks: 'Metering not confirmed' }),
    );
  });

  it('shows an issued clearance with its certificate, verification link and download, and no actions to the applicant', async () => {
    mockFetch({
      [`GET /api/StandingClearance/Get/${ID}`]: () =>
        ok(
          detail({
            status: 'Issued',
            statusDescription: 'Issued',
            certificateNo: 'NOC/PX/2026/000003',
            verificationCode: 'ABCD2345WXYZ',
            issuedOn: '2026-11-22T06:00:00.000Z',
            feeUnpaid: false,
            feeStatus: 'PAID',
            blockCaps: [{ fromBlock: 33, toBlock: 36, fromTime: '08:00', toTime: '09:00', maxBuyMw: '6.00', maxSellMw: null }],
          }),
        ),
    });
    renderAt(`/standing-clearance-power/${ID}`, 'OABusinessUser');
    expect(await screen.findByText('NOC/PX/2026/000003')).toBeInTheDocument();
    // Caps per block range (decision 0077).
    const caps = screen.getByRole('table', { name: 'Caps per Block Range' });
    expect(within(caps).getByText('33–36')).toBeInTheDocument();
    expect(within(caps).getByText('08:00–09:00')).toBeInTheDocument();
    expect(within(caps).getByText('6.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the public verification page' })).toHaveAttribute('href', '/verify/ABCD2345WXYZ');
    expect(screen.getByRole('button', { name: 'Download Certificate' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('lets the DISCOM user give its consent, and asks a reason to refuse it (decision 0062)', async () => {
    const pending = detail({
      viewerRole: 'DISCOMBusinessUser',
      status: 'ConsentPending',
      statusDescription: 'Pending DISCOM/TRANSCO consent',
      actions: ['Consent', 'RefuseConsent'],
      feeUnpaid: false,
      feeStatus: 'PAID',
      consentUtility: 'Central DISCOM',
    });
    const api = mockFetch({
      [`GET /api/StandingClearance/Get/${ID}`]: () => ok(pending),
      [`POST /api/StandingClearance/Consent/${ID}`]: () =>
        ok({ ...pending, status: 'Verified', actions: [], consentedOn: '2026-11-23T06:00:00.000Z' }),
    });
    const ui = userEvent.setup();
    renderAt(`/standing-clearance-power/${ID}`, 'DISCOMBusinessUser');
    expect(await screen.findByText('Central DISCOM: awaiting consent')).toBeInTheDocument();
    expect(screen.getAllByText('Pending DISCOM/TRANSCO consent').length).toBeGreaterThan(0);
    await ui.click(screen.getByRole('button', { name: 'Refuse Consent' }));
    const refuse = await screen.findByRole('dialog', { name: 'Refuse Consent?' });
    await ui.click(within(refuse).getByRole('button', { name: 'Refuse Consent' }));
    expect(await within(refuse).findByText('A reason is required.')).toBeInTheDocument();
    await ui.click(within(refuse).getByRole('button', { name: /Cancel/ }));
    await ui.click(screen.getByRole('button', { name: 'Give Consent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give Consent?' });
    await ui.click(within(dialog).getByRole('button', { name: 'Give Consent' }));
    await waitFor(() => expect(api.calls(`POST /api/StandingClearance/Consent/${ID}`)[0]!.body).toEqual({ version: 1, remarks: '' }));
  });

  it('marks a deemed-issued clearance and names the system in its history', async () => {
    mockFetch({
      [`GET /api/StandingClearance/Get/${ID}`]: () =>
        ok(
          detail({
            status: 'Issued',
            statusDescription: 'Issued',
            certificateNo: 'NOC/PX/2026/000004',
            verificationCode: 'ABCD2345WXYZ',
            issuedOn: '2026-11-26T06:00:00.000Z',
            feeUnpaid: false,
            feeStatus: 'PAID',
            deemed: true,
            history: [
              {
                action: 'DeemedIssue',
                fromStatus: 'Submitted',
                toStatus: 'Issued',
                actorName: null,
                actorRole: null,
                remarks: 'Deemed issued: not decided within 3 working days',
                createdOn: '2026-11-26T06:00:00.000Z',
              },
            ],
          }),
        ),
    });
    renderAt(`/standing-clearance-power/${ID}`, 'OABusinessUser');
    expect(await screen.findByText(/the portal issued this clearance as deemed/)).toBeInTheDocument();
    expect(screen.getByText('Deemed issue')).toBeInTheDocument();
    expect(screen.getByText(/System ·/)).toBeInTheDocument();
  });

  it('says so when the clearance is not the caller’s', async () => {
    mockFetch({
      [`GET /api/StandingClearance/Get/${ID}`]: () => fail(404, 'NOT_FOUND', 'The requested standing clearance was not found.'),
    });
    renderAt(`/standing-clearance-power/${ID}`, 'OABusinessUser');
    expect(await screen.findByText('This standing clearance was not found, or it is not yours to see.')).toBeInTheDocument();
  });
});

describe('the public certificate check', () => {
  it('says when a certificate was deemed issued (decision 0062)', async () => {
    mockFetch({
      'GET /api/StandingClearance/Verify/ABCD2345WXYZ': () =>
        ok({
          certificateNo: 'NOC/PX/2026/000004',
          entityName: 'Surya Textiles Ltd',
          registrationNo: 'REG/BO/2026/00012',
          transactionType: 'PowerExchange',
          maxBuyMw: '10.00',
          maxSellMw: null,
          validFrom: '2026-11-22',
          validTo: '2027-02-20',
          status: 'Valid',
          issuedOn: '2026-11-26T06:00:00.000Z',
          revokedOn: null,
          deemed: true,
          blockCaps: [],
        }),
    });
    renderWithProviders(
      <QueryProvider client={createQueryClient()}>
        <StandingClearanceVerificationResult code="ABCD2345WXYZ" renderMissing={(message) => message} />
      </QueryProvider>,
    );
    expect(await screen.findByText('Deemed issued (the SLDC did not decide within the time limit)')).toBeInTheDocument();
    expect(screen.getByText('Issued As')).toBeInTheDocument();
  });

  it('states the caps per block range beside the overall caps (decision 0088)', async () => {
    mockFetch({
      'GET /api/StandingClearance/Verify/ABCD2345WXYZ': () =>
        ok({
          certificateNo: 'NOC/BL/2026/000005',
          entityName: 'Surya Textiles Ltd',
          registrationNo: 'REG/BO/2026/00012',
          transactionType: 'Bilateral',
          maxBuyMw: '10.00',
          maxSellMw: '8.00',
          validFrom: '2026-11-22',
          validTo: '2027-02-20',
          status: 'Valid',
          issuedOn: '2026-11-26T06:00:00.000Z',
          revokedOn: null,
          deemed: false,
          blockCaps: [
            { fromBlock: 1, toBlock: 24, fromTime: '00:00', toTime: '06:00', maxBuyMw: '4.50', maxSellMw: '8.00' },
            { fromBlock: 73, toBlock: 96, fromTime: '18:00', toTime: '24:00', maxBuyMw: null, maxSellMw: '0.00' },
          ],
        }),
    });
    renderWithProviders(
      <QueryProvider client={createQueryClient()}>
        <StandingClearanceVerificationResult code="ABCD2345WXYZ" renderMissing={(message) => message} />
      </QueryProvider>,
    );
    const card = await screen.findByRole('status', { name: 'Standing clearance valid' });
    const facts = Object.fromEntries(
      within(card)
        .getAllByRole('term')
        .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(facts).toMatchObject({
      'Maximum Buy': '10.00 MW in every time block unless capped below',
      'Maximum Sell': '8.00 MW in every time block unless capped below',
      'Blocks 1–24 (00:00–06:00)': 'Buy up to 4.50 MW, sell up to 8.00 MW',
      'Blocks 73–96 (18:00–24:00)': 'Sell up to 0.00 MW',
    });
  });

  it('keeps the overall caps plain when no block range caps them', async () => {
    mockFetch({
      'GET /api/StandingClearance/Verify/ABCD2345WXYZ': () =>
        ok({
          certificateNo: 'NOC/PX/2026/000006',
          entityName: 'Surya Textiles Ltd',
          registrationNo: null,
          transactionType: 'PowerExchange',
          maxBuyMw: '10.00',
          maxSellMw: null,
          validFrom: '2026-11-22',
          validTo: '2027-02-20',
          status: 'Revoked',
          issuedOn: '2026-11-26T06:00:00.000Z',
          revokedOn: '2026-11-27T06:00:00.000Z',
          deemed: false,
          blockCaps: [],
        }),
    });
    renderWithProviders(
      <QueryProvider client={createQueryClient()}>
        <StandingClearanceVerificationResult code="ABCD2345WXYZ" renderMissing={(message) => message} />
      </QueryProvider>,
    );
    const card = await screen.findByRole('status', { name: 'Standing clearance revoked' });
    expect(within(card).getByText('10.00 MW')).toBeInTheDocument();
    expect(within(card).getByText('Not cleared')).toBeInTheDocument();
    expect(within(card).queryByText(/^Blocks /)).not.toBeInTheDocument();
  });
});
