import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Role } from '@stoa/shared/account';
import type { InterStateConsentDetail, InterStateConsentRow } from '@stoa/shared/inter-state';

import { authStore } from '../../../lib/auth-store';
import { saveFile } from '../../../lib/save-file';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { buildAuthUser } from '../../../testing/fixtures';
import { fail, mockFetch, ok } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { typeDate } from '../../../testing/date-input';
import { ConsentApplyPage } from './consent-apply-page';
import { ConsentListPage } from './consent-list-page';

vi.mock('../../../lib/save-file', () => ({ saveFile: vi.fn() }));

const ID = '00000000-0000-4000-8000-0000000000d1';
const REG = '00000000-0000-4000-8000-0000000000a1';
const DAY = '2026-11-22';
const span = (from: string, to: string, mw: string) => ({
  oaFromDate: DAY,
  oaToDate: DAY,
  fromTimeBlock: from,
  toTimeBlock: to,
  oaRequirement: mw,
});
const row = (overrides: Partial<InterStateConsentRow> = {}): InterStateConsentRow => ({
  id: ID,
  applicationNo: 'ISC/2026/000001',
  certificateNo: null,
  registrationId: REG,
  entityName: 'Surya Textiles Ltd',
  direction: 'Sale',
  counterpartyState: 'Maharashtra',
  counterpartyEntity: 'MSEDCL',
  fromDate: DAY,
  toDate: DAY,
  maxRequestedMw: '10.00',
  maxGrantedMw: null,
  status: 'Verified',
  statusDescription: 'Verified, pending consent',
  deemed: false,
  submittedOn: '2026-11-21T05:00:00.000Z',
  version: 2,
  ...overrides,
});
const detail = (overrides: Partial<InterStateConsentDetail> = {}): InterStateConsentDetail => ({
  ...row(),
  traderName: null,
  remarks: null,
  registrationNo: 'REG/BO/2026/00012',
  point: 'Anand 220 kV',
  appliedByName: 'Surya Textiles Ltd',
  scheduleList: [span('10:00', '12:00', '10')],
  grantedList: [],
  proposedReductions: [],
  checks: [{ date: DAY, maxRequestedMw: '10.00', minRemainingMw: '6.00', shortBlocks: [41, 42], maxGrantedMw: null }],
  defaulter: false,
  unpaidDuesPaise: 0,
  decisionReason: null,
  decidedOn: null,
  revokedOn: null,
  revocationReason: null,
  expired: false,
  actions: ['Consent', 'Refuse'],
  editable: false,
  history: [],
  viewerRole: 'SLDCApproverI',
  ...overrides,
});
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

function renderAt(path: string, role: Role) {
  authStore.loginSucceeded(buildAuthUser({ role, entityType: role === 'OABusinessUser' ? 'BothEntity' : null }));
  return renderWithProviders(
    <QueryProvider client={createQueryClient()}>
      <Routes>
        <Route path="/consent-for-inter-state-stoa-transactions" element={<ConsentListPage />} />
        <Route path="/consent-for-inter-state-stoa-transactions/apply/:id?" element={<ConsentApplyPage />} />
      </Routes>
    </QueryProvider>,
    path,
  );
}

beforeEach(() => {
  authStore.signOut();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-21T04:30:00.000Z')); // 10:00 IST
});
afterEach(() => vi.useRealTimers());

describe('consent list', () => {
  it('shows an applicant its applications with the requested and consented MW, and Apply', async () => {
    mockFetch({
      'GET /api/InterStateConsent/GetAll': () =>
        ok({ consentList: [row({ status: 'PartiallyConsented', maxGrantedMw: '6.00' })], dataCount: 1 }),
    });
    renderAt('/consent-for-inter-state-stoa-transactions', 'OABusinessUser');
    expect(await screen.findByRole('heading', { level: 1, name: 'Consent for Inter-State STOA Transactions' })).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'Consent applications' });
    expect(await within(grid).findByText('ISC/2026/000001')).toBeInTheDocument();
    expect(within(grid).getByText('10.00 / 6.00')).toBeInTheDocument();
    expect(within(grid).getByText('Consented for less')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Apply for Consent' })).toHaveAttribute(
      'href',
      '/consent-for-inter-state-stoa-transactions/apply',
    );
  });

  it('shows a consent whose period has ended as Expired, and filters by Expired (decision 0088)', async () => {
    const api = mockFetch({
      'GET /api/InterStateConsent/GetAll': () =>
        ok({ consentList: [row({ status: 'Expired', statusDescription: 'Expired', certificateNo: 'CON/2026/000001' })], dataCount: 1 }),
    });
    const ui = userEvent.setup();
    renderAt('/consent-for-inter-state-stoa-transactions', 'SLDCApproverI');
    const grid = await screen.findByRole('grid', { name: 'Consent applications' });
    expect(await within(grid).findByText('Expired')).toBeInTheDocument();
    expect(within(grid).queryByText('Consented')).not.toBeInTheDocument();
    await ui.click(screen.getByRole('combobox', { name: 'Status' }));
    const options = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual([
      'All',
      'Draft',
      'Pending SLDC scrutiny',
      'Verified, pending consent',
      'Consented',
      'Consented for less',
      'Refused',
      'Revoked',
      'Expired',
    ]);
    await ui.click(screen.getByRole('option', { name: 'Expired' }));
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.calls('GET /api/InterStateConsent/GetAll').at(-1)!.url.searchParams.get('status')).toBe('Expired'));
  });

  it('offers the SLDC no Apply', async () => {
    mockFetch({ 'GET /api/InterStateConsent/GetAll': () => ok({ consentList: [], dataCount: 0 }) });
    renderAt('/consent-for-inter-state-stoa-transactions', 'SLDCBusinessUser');
    expect(await screen.findByRole('heading', { level: 1, name: 'Consent for Inter-State STOA Transactions' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Apply for Consent' })).not.toBeInTheDocument();
  });
});

describe('apply for consent', () => {
  it('takes the schedule dates in the one DD/MM/YYYY date input, not the browser’s native one (issue 11 item 17)', async () => {
    const api = mockFetch({
      'GET /api/Application/GetAvailableRegistrations': () => ok(registrations),
      'POST /api/InterStateConsent/Apply': () => ok(detail({ status: 'Submitted', viewerRole: 'OABusinessUser', actions: [] })),
      'GET /api/InterStateConsent/GetAll': () => ok({ consentList: [], dataCount: 0 }),
    });
    const ui = userEvent.setup();
    const { container } = renderAt('/consent-for-inter-state-stoa-transactions/apply', 'OABusinessUser');
    const first = await screen.findByRole('group', { name: 'Row 1' });
    const shown = async (label: string) =>
      within(await within(first).findByRole('group', { name: label }))
        .getAllByRole('spinbutton')
        .map((section) => section.textContent)
        .join('/');
    expect(await shown('From Date')).toBe('22/11/2026');
    expect(await shown('To Date')).toBe('22/11/2026');
    expect(container.querySelector('input[type="date"]')).toBeNull();
    await typeDate(ui, 'To Date', '23/11/2026', first);
    await ui.click(screen.getByRole('combobox', { name: /Entity \(registration\)/ }));
    await ui.click(await screen.findByRole('option', { name: 'Surya Textiles Ltd (REG/BO/2026/00012)' }));
    await ui.type(screen.getByRole('textbox', { name: /Counterparty State/ }), 'Maharashtra');
    await ui.type(screen.getByRole('textbox', { name: /Counterparty Entity/ }), 'MSEDCL');
    await ui.type(within(first).getByRole('textbox', { name: 'Requirement (MW)' }), '5');
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.calls('POST /api/InterStateConsent/Apply')).toHaveLength(1));
    expect(api.calls('POST /api/InterStateConsent/Apply')[0]!.body).toMatchObject({
      scheduleList: [{ oaFromDate: DAY, oaToDate: '2026-11-23', fromTimeBlock: '00:00', toTimeBlock: '24:00', oaRequirement: '5' }],
    });
  });

  it('checks the fields and the schedule rules before sending, shows the server’s field errors, then submits', async () => {
    const api = mockFetch({
      'GET /api/Application/GetAvailableRegistrations': () => ok(registrations),
      'POST /api/InterStateConsent/Apply': (_r, index) =>
        index === 0
          ? fail(400, 'VALIDATION_FAILED', 'Validation failed', [
              { fieldName: 'scheduleList.0.oaRequirement', errorMessages: ['Applied requirement : 41 is more than approved : 40'] },
            ])
          : ok(detail({ status: 'Submitted', viewerRole: 'OABusinessUser', actions: [] })),
      'GET /api/InterStateConsent/GetAll': () => ok({ consentList: [row({ status: 'Submitted' })], dataCount: 1 }),
    });
    const ui = userEvent.setup();
    renderAt('/consent-for-inter-state-stoa-transactions/apply', 'OABusinessUser');
    expect(await screen.findByRole('heading', { level: 1, name: 'Apply for Consent (Inter-State STOA)' })).toBeInTheDocument();
    await ui.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Entity (registration) is required')).toBeInTheDocument();
    expect(screen.getByText('Counterparty State is required')).toBeInTheDocument();
    expect(screen.getByText('Counterparty Entity is required')).toBeInTheDocument();
    expect(screen.getByText('Requirement is required.')).toBeInTheDocument();
    expect(api.calls('POST /api/InterStateConsent/Apply')).toHaveLength(0);

    await ui.click(screen.getByRole('combobox', { name: /Entity \(registration\)/ }));
    await ui.click(await screen.findByRole('option', { name: 'Surya Textiles Ltd (REG/BO/2026/00012)' }));
    await ui.type(screen.getByRole('textbox', { name: /Counterparty State/ }), 'Maharashtra');
    await ui.type(screen.getByRole('textbox', { name: /Counterparty Entity/ }), 'MSEDCL');
    const first = screen.getByRole('group', { name: 'Row 1' });
    await ui.type(within(first).getByRole('textbox', { name: 'Requirement (MW)' }), '41');
    expect(within(first).getByRole('textbox', { name: 'MWh' })).toHaveValue('984.00');
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Applied requirement : 41 is more than approved : 40')).toBeInTheDocument();
    expect(api.calls('POST /api/InterStateConsent/Apply')[0]!.body).toEqual({
      registrationId: REG,
      direction: 'Sale',
      counterpartyState: 'Maharashtra',
      counterpartyEntity: 'MSEDCL',
      traderName: '',
      remarks: '',
      scheduleList: [{ oaFromDate: DAY, oaToDate: DAY, fromTimeBlock: '00:00', toTimeBlock: '24:00', oaRequirement: '41' }],
      submit: true,
    });
    await ui.clear(within(first).getByRole('textbox', { name: 'Requirement (MW)' }));
    await ui.type(within(first).getByRole('textbox', { name: 'Requirement (MW)' }), '10');
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Consent for Inter-State STOA Transactions' })).toBeInTheDocument();
  });
});

describe('the SLDC decides', () => {
  it('shows the margin check and consents for less with a reduced span', async () => {
    const api = mockFetch({
      [`GET /api/InterStateConsent/Get/${ID}`]: () => ok(detail()),
      [`POST /api/InterStateConsent/Consent/${ID}`]: () => ok(detail({ status: 'PartiallyConsented', actions: [] })),
    });
    const ui = userEvent.setup();
    renderAt(`/consent-for-inter-state-stoa-transactions/apply/${ID}`, 'SLDCApproverI');
    const checks = await screen.findByRole('table', { name: 'SLDC Check: Inter-State Margin and Dues' });
    expect(within(checks).getByText('6.00')).toBeInTheDocument();
    expect(within(checks).getByText('41, 42')).toBeInTheDocument();
    // Refuse needs a reason.
    await ui.click(screen.getByRole('button', { name: 'Refuse' }));
    expect(await screen.findByText('A reason is required to refuse.')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Add Row' }));
    const span1 = screen.getByRole('group', { name: 'Row 1' });
    await ui.type(within(span1).getByRole('textbox', { name: 'Consented (MW)' }), '6');
    await ui.click(screen.getByRole('button', { name: 'Consent' }));
    await waitFor(() => expect(api.calls(`POST /api/InterStateConsent/Consent/${ID}`)).toHaveLength(1));
    expect(api.calls(`POST /api/InterStateConsent/Consent/${ID}`)[0]!.body).toEqual({
      version: 2,
      remarks: '',
      reductions: [{ oaFromDate: DAY, oaToDate: DAY, fromTimeBlock: '00:00', toTimeBlock: '24:00', oaRequirement: '6' }],
    });
  });
});

describe('the consent certificate', () => {
  it('offers the applicant a download once consented, and none before', async () => {
    const consented = detail({
      status: 'Consented',
      certificateNo: 'CON/2026/000001',
      grantedList: [span('10:00', '12:00', '10.00')],
      decidedOn: '2026-11-21T05:00:00.000Z',
      actions: [],
      viewerRole: 'OABusinessUser',
    });
    const api = mockFetch({
      [`GET /api/InterStateConsent/Get/${ID}`]: () => ok(consented),
      [`GET /api/InterStateConsent/Certificate/${ID}`]: () => ({
        status: 200,
        body: '%PDF-1.3',
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="consent-CON-2026-000001.pdf"' },
      }),
    });
    vi.mocked(saveFile).mockClear();
    const ui = userEvent.setup();
    renderAt(`/consent-for-inter-state-stoa-transactions/apply/${ID}`, 'OABusinessUser');
    await ui.click(await screen.findByRole('button', { name: 'Download Consent Certificate' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveFile).mock.calls[0]![1]).toBe('consent-CON-2026-000001.pdf');
    expect(api.calls(`GET /api/InterStateConsent/Certificate/${ID}`)).toHaveLength(1);
  });

  it('has no download while the application is pending', async () => {
    mockFetch({ [`GET /api/InterStateConsent/Get/${ID}`]: () => ok(detail({ viewerRole: 'OABusinessUser', actions: [] })) });
    renderAt(`/consent-for-inter-state-stoa-transactions/apply/${ID}`, 'OABusinessUser');
    expect(await screen.findByText('Verified, pending consent')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download Consent Certificate' })).not.toBeInTheDocument();
  });
});

describe('revoking a consent (decision 0077)', () => {
  const consented = detail({
    status: 'Consented',
    certificateNo: 'CON/2026/000001',
    grantedList: [span('10:00', '12:00', '10.00')],
    decidedOn: '2026-11-21T05:00:00.000Z',
    actions: ['Revoke'],
    version: 3,
  });

  it('asks an approver for the reason in a dialog, then revokes with it and shows why', async () => {
    const api = mockFetch({
      [`GET /api/InterStateConsent/Get/${ID}`]: () => ok(consented),
      [`POST /api/InterStateConsent/Revoke/${ID}`]: () =>
        ok({
          ...consented,
          status: 'Revoked',
          actions: [],
          version: 4,
          revokedOn: '2026-11-21T06:00:00.000Z',
          revocationReason: 'Schedule not honoured',
        }),
    });
    const ui = userEvent.setup();
    renderAt(`/consent-for-inter-state-stoa-transactions/apply/${ID}`, 'SLDCApproverI');
    // No decision panel for a consent in force: the page's Revoke is the only action.
    expect(await screen.findByRole('button', { name: 'Revoke' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Consent' })).not.toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke Consent CON/2026/000001' });
    await ui.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await within(dialog).findByText('A reason is required to revoke.')).toBeInTheDocument();
    expect(api.calls(`POST /api/InterStateConsent/Revoke/${ID}`)).toHaveLength(0);
    await ui.type(within(dialog).getByRole('textbox', { name: /Reason for revocation/ }), 'Schedule not honoured');
    await ui.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(api.calls(`POST /api/InterStateConsent/Revoke/${ID}`)).toHaveLength(1));
    expect(api.calls(`POST /api/InterStateConsent/Revoke/${ID}`)[0]!.body).toEqual({ version: 3, remarks: 'Schedule not honoured' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the revocation and its reason, with no Revoke left', async () => {
    mockFetch({
      [`GET /api/InterStateConsent/Get/${ID}`]: () =>
        ok({
          ...consented,
          status: 'Revoked',
          statusDescription: 'Revoked',
          actions: [],
          revokedOn: '2026-11-21T06:00:00.000Z',
          revocationReason: 'Schedule not honoured',
          viewerRole: 'OABusinessUser',
        }),
    });
    renderAt(`/consent-for-inter-state-stoa-transactions/apply/${ID}`, 'OABusinessUser');
    expect(await screen.findByText(/Revoked on .*Reason: Schedule not honoured/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Consent Certificate' })).toBeInTheDocument();
  });

  it('shows an expired consent as Expired, with its certificate and no Revoke', async () => {
    mockFetch({
      [`GET /api/InterStateConsent/Get/${ID}`]: () =>
        ok({ ...consented, status: 'Expired', statusDescription: 'Expired', expired: true, actions: [] }),
    });
    renderAt(`/consent-for-inter-state-stoa-transactions/apply/${ID}`, 'SLDCApproverI');
    expect(await screen.findByText(/The period of this consent ended on Nov 22, 2026/)).toBeInTheDocument();
    expect(screen.getByText('Expired')).toBeInTheDocument();
    expect(screen.queryByText('Consented')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Consent Certificate' })).toBeInTheDocument();
  });

  it('shows a failure of the revocation in the dialog (the period ended meanwhile)', async () => {
    mockFetch({
      [`GET /api/InterStateConsent/Get/${ID}`]: () => ok(consented),
      [`POST /api/InterStateConsent/Revoke/${ID}`]: () =>
        fail(409, 'CONFLICT', 'The period of this consent has ended: it can no longer be revoked.'),
    });
    const ui = userEvent.setup();
    renderAt(`/consent-for-inter-state-stoa-transactions/apply/${ID}`, 'SLDCApproverII');
    await ui.click(await screen.findByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog');
    await ui.type(within(dialog).getByRole('textbox', { name: /Reason for revocation/ }), 'Late');
    await ui.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await within(dialog).findByText('The period of this consent has ended: it can no longer be revoked.')).toBeInTheDocument();
  });
});
