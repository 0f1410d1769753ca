import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Role } from '@stoa/shared/account';
import type { InterStateRegistrationDetail, InterStateRegistrationRow } from '@stoa/shared/inter-state';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { saveFile } from '../../../lib/save-file';
import { buildAuthUser } from '../../../testing/fixtures';
import { FakeXhr } from '../../../testing/fake-xhr';
import { fail, mockFetch, ok } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { IsrListPage } from './isr-list-page';
import { IsrDiscomPage, IsrTranscoPage } from './isr-page';

vi.mock('../../../lib/save-file', () => ({ saveFile: vi.fn() }));

const ID = '00000000-0000-4000-8000-0000000000e1';
const REG = '00000000-0000-4000-8000-0000000000a1';
const FILE = '00000000-0000-4000-8000-0000000000f1';

const row = (overrides: Partial<InterStateRegistrationRow> = {}): InterStateRegistrationRow => ({
  id: ID,
  utilityType: 'DISCOM',
  interStateRegistrationNo: null,
  registrationNo: 'REG/BE/2026/00012',
  entityName: 'Surya Textiles Ltd',
  entityType: 'BothEntity',
  noarRegistrationNo: 'NOAR/WR/2026/0142',
  utilityName: 'Central Gujarat Vij Company Ltd',
  region: 'WR',
  updatedOn: '2026-11-21T05:00:00.000Z',
  status: { status: 'PendingDISCOMApproval', statusDescription: 'Pending DISCOM consent' },
  ...overrides,
});
const detail = (overrides: Partial<InterStateRegistrationDetail> = {}): InterStateRegistrationDetail => ({
  id: ID,
  version: 3,
  status: { status: 'PendingDISCOMApproval', statusDescription: 'Pending DISCOM consent' },
  utilityType: 'DISCOM',
  utilityId: '00000000-0000-4000-8000-0000000000c1',
  utilityName: 'Central Gujarat Vij Company Ltd',
  registrationId: REG,
  registrationNo: 'REG/BE/2026/00012',
  entityName: 'Surya Textiles Ltd',
  entityType: 'BothEntity',
  interStateRegistrationNo: null,
  values: {
    region: 'WR',
    noarRegistrationNo: 'NOAR/WR/2026/0142',
    transactionTypes: ['Bilateral'],
    interStateQuantumMw: 20,
    mainMeterNo: 'GJ-MM-1',
    meteringConfirmed: true,
    energyAccountingConfirmed: true,
    noarCertificateFileId: FILE,
  },
  documents: [{ fieldName: 'noarCertificateFileId', label: 'NOAR Registration Certificate', fileId: FILE, fileName: 'noar.pdf' }],
  history: [
    {
      action: 'Submit',
      fromStatus: 'Draft',
      toStatus: 'Submitted',
      actorName: 'Surya Admin',
      actorRole: 'OABusinessUser',
      remarks: null,
      createdOn: '2026-11-21T05:00:00.000Z',
    },
    {
      action: 'Forward',
      fromStatus: 'Submitted',
      toStatus: 'PendingDISCOMApproval',
      actorName: 'Sldc User',
      actorRole: 'SLDCBusinessUser',
      remarks: null,
      createdOn: '2026-11-21T06:00:00.000Z',
    },
  ],
  allowedActions: ['Approve', 'Return', 'Reject'],
  formMode: 'ReadOnly',
  isOwner: false,
  submissions: 1,
  submittedOn: '2026-11-21T05:00:00.000Z',
  approvedOn: null,
  updatedOn: '2026-11-21T06:00:00.000Z',
  ...overrides,
});
const eligible = [
  {
    registrationId: REG,
    registrationNo: 'REG/BE/2026/00012',
    entityName: 'Surya Textiles Ltd',
    entityType: 'BothEntity',
    utilities: [
      { utilityType: 'DISCOM', utilityId: '00000000-0000-4000-8000-0000000000c1', name: 'Central Gujarat Vij Company Ltd' },
      { utilityType: 'TRANSCO', utilityId: '00000000-0000-4000-8000-0000000000c2', name: 'State Transmission Corporation Ltd' },
    ],
    maxQuantumMw: 40,
    openInterStateRegistrationId: null,
  },
];

function renderAt(path: string, role: Role) {
  authStore.loginSucceeded(buildAuthUser({ role, entityType: role === 'OABusinessUser' ? 'BothEntity' : null }));
  return renderWithProviders(
    <QueryProvider client={createQueryClient()}>
      <Routes>
        <Route path="/inter-state-registration" element={<IsrListPage />} />
        <Route path="/DISCOM/:id" element={<IsrDiscomPage />} />
        <Route path="/TRANSCO/:id" element={<IsrTranscoPage />} />
      </Routes>
    </QueryProvider>,
    path,
  );
}

beforeEach(() => {
  authStore.signOut();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe('inter-state registration list', () => {
  it('shows the owner its records with Register for Inter-State, linking each under its utility type', async () => {
    mockFetch({ 'GET /api/InterState/GetRegistrations': () => ok({ registrationList: [row()], dataCount: 1 }) });
    renderAt('/inter-state-registration', 'OABusinessUser');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inter-State Registration' })).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'Inter-state registrations' });
    expect(await within(grid).findByText('Surya Textiles Ltd')).toBeInTheDocument();
    expect(within(grid).getByText('Pending DISCOM consent')).toBeInTheDocument();
    expect(within(grid).getByText('NOAR/WR/2026/0142')).toBeInTheDocument();
    expect(within(grid).getByRole('link', { name: 'View inter-state registration of Surya Textiles Ltd' })).toHaveAttribute(
      'href',
      `/DISCOM/${ID}`,
    );
    expect(screen.getByRole('link', { name: 'Register for Inter-State' })).toHaveAttribute('href', '/DISCOM/new');
  });

  it('shows the SLDC an empty state without the owner’s button', async () => {
    mockFetch({ 'GET /api/InterState/GetRegistrations': () => ok({ registrationList: [], dataCount: 0 }) });
    renderAt('/inter-state-registration', 'SLDCBusinessUser');
    expect(await screen.findByText('No inter-state registrations yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Register for Inter-State' })).not.toBeInTheDocument();
  });

  it('offers Retry when the list cannot be loaded', async () => {
    mockFetch({ 'GET /api/InterState/GetRegistrations': () => fail(403, 'FORBIDDEN', 'Not allowed') });
    renderAt('/inter-state-registration', 'DISCOMBusinessUser');
    expect(await screen.findByRole('button', { name: /try again/i })).toBeInTheDocument();
  });
});

describe('inter-state registration form and detail', () => {
  it('checks every required value before sending, marks the steps, then submits the whole form', async () => {
    const api = mockFetch({
      'GET /api/InterState/GetEligibleRegistrations': () => ok(eligible),
      'POST /api/File/Upload': () => ok({ id: FILE, fileName: 'noar.pdf', kind: 'pdf', size: 8 }),
      'POST /api/InterState/SubmitRegistration': () =>
        ok(detail({ status: { status: 'Submitted', statusDescription: 'Pending SLDC verification' }, isOwner: true, allowedActions: [] })),
      [`GET /api/InterState/GetRegistration/${ID}`]: () => ok(detail({ isOwner: true, allowedActions: [] })),
    });
    const ui = userEvent.setup();
    renderAt('/DISCOM/new', 'OABusinessUser');
    expect(await screen.findByRole('heading', { level: 1, name: 'New Inter-State Registration' })).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Next' });
    for (let i = 0; i < 3; i++) await ui.click(screen.getByRole('button', { name: 'Next' }));
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/Correct the marked fields/)).toBeInTheDocument();
    expect(api.calls('POST /api/InterState/SubmitRegistration')).toHaveLength(0);
    expect(screen.getAllByText('(has errors)').length).toBeGreaterThanOrEqual(3);
    expect(screen.getByText('NOAR Registration Certificate is required')).toBeInTheDocument();

    await ui.click(screen.getByRole('button', { name: /Entity and Utility/ }));
    await ui.click(screen.getByRole('combobox', { name: /Registered Entity/ }));
    await ui.click(await screen.findByRole('option', { name: 'Surya Textiles Ltd (REG/BE/2026/00012)' }));
    expect(screen.getByText(/Registered STOA quantum: 40.00 MW/)).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    await ui.click(screen.getByRole('combobox', { name: /Region/ }));
    await ui.click(await screen.findByRole('option', { name: 'Western (WRLDC)' }));
    await ui.type(screen.getByRole('textbox', { name: /NOAR Registration No/ }), 'NOAR/WR/2026/0142');
    await ui.type(screen.getByRole('spinbutton', { name: /Inter-State Quantum/ }), '20');
    await ui.click(screen.getByRole('checkbox', { name: 'Bilateral (inter-state)' }));
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    await ui.type(screen.getByRole('textbox', { name: /Main Interface Meter No/ }), 'GJ-MM-1');
    await ui.click(screen.getByRole('checkbox', { name: /ABT-compliant interface meters/ }));
    await ui.click(screen.getByRole('checkbox', { name: /state energy accounting/ }));
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    const pdf = new File(['%PDF-1.4'], 'noar.pdf', { type: 'application/pdf' });
    await ui.upload(screen.getByLabelText('NOAR Registration Certificate'), pdf);
    await ui.upload(
      screen.getByLabelText('Meter Test / ABT Compliance Certificate'),
      new File(['%PDF-1.4'], 'meter.pdf', { type: 'application/pdf' }),
    );
    await waitFor(() => expect(screen.getAllByText(/Uploaded:/)).toHaveLength(2));
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.calls('POST /api/InterState/SubmitRegistration')).toHaveLength(1));
    expect(api.calls('POST /api/InterState/SubmitRegistration')[0]!.body).toMatchObject({
      registrationId: REG,
      utilityType: 'DISCOM',
      draft: false,
      region: 'WR',
      noarRegistrationNo: 'NOAR/WR/2026/0142',
      interStateQuantumMw: 20,
      transactionTypes: ['Bilateral'],
      meteringConfirmed: true,
      energyAccountingConfirmed: true,
      noarCertificateFileId: FILE,
      meterCertificateFileId: FILE,
    });
  });

  it('shows the DISCOM user the record with its actions; Seek Clarification needs remarks; Approve sends the version seen', async () => {
    const api = mockFetch({
      [`GET /api/InterState/GetRegistration/${ID}`]: () => ok(detail()),
      [`POST /api/InterState/Approve/${ID}`]: () =>
        ok(detail({ status: { status: 'PendingSLDCApproval', statusDescription: 'Pending SLDC approval' }, allowedActions: [] })),
      [`GET /api/InterState/DownloadRegistrationDetail/${ID}`]: () => ({
        status: 200,
        body: '%PDF',
        headers: { 'Content-Type': 'application/pdf' },
      }),
    });
    const ui = userEvent.setup();
    renderAt(`/DISCOM/${ID}`, 'DISCOMBusinessUser');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inter-State Registration: Surya Textiles Ltd' })).toBeInTheDocument();
    expect(screen.getByText('NOAR/WR/2026/0142')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Seek Clarification' }));
    const dialog = await screen.findByRole('dialog');
    await ui.click(within(dialog).getByRole('button', { name: 'Seek Clarification' }));
    expect(await within(dialog).findByText('Remarks are required to seek clarification or reject.')).toBeInTheDocument();
    await ui.click(within(dialog).getByRole('button', { name: /cancel/i }));
    await ui.click(screen.getByRole('button', { name: 'Approve' }));
    await ui.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.calls(`POST /api/InterState/Approve/${ID}`)).toHaveLength(1));
    expect(api.calls(`POST /api/InterState/Approve/${ID}`)[0]!.body).toEqual({ version: 3, remarks: '' });
    await ui.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalled());
  });

  it('opens a returned record to its owner as the form, prefilled with the remarks shown, and resubmits it at the version seen', async () => {
    const returned = detail({
      status: { status: 'SLDCReturned', statusDescription: 'Returned by SLDC' },
      isOwner: true,
      formMode: 'Write',
      allowedActions: ['Submit'],
      values: { ...detail().values, meterCertificateFileId: FILE },
      history: [
        ...detail().history.slice(0, 1),
        {
          action: 'Return',
          fromStatus: 'Submitted',
          toStatus: 'SLDCReturned',
          actorName: 'Sldc User',
          actorRole: 'SLDCBusinessUser',
          remarks: 'Upload the signed NOAR certificate',
          createdOn: '2026-11-21T06:00:00.000Z',
        },
      ],
    });
    const api = mockFetch({
      [`GET /api/InterState/GetRegistration/${ID}`]: () => ok(returned),
      'GET /api/InterState/GetEligibleRegistrations': () => ok([{ ...eligible[0]!, openInterStateRegistrationId: ID }]),
      'POST /api/InterState/SubmitRegistration': () =>
        ok(detail({ status: { status: 'Submitted', statusDescription: 'Pending SLDC verification' }, isOwner: true, allowedActions: [] })),
    });
    const ui = userEvent.setup();
    renderAt(`/DISCOM/${ID}`, 'OABusinessUser');
    expect(await screen.findByText('Returned by SLDC: Upload the signed NOAR certificate')).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: /Registered Entity/ })).toHaveAttribute('aria-disabled', 'true');
    for (let i = 0; i < 3; i++) await ui.click(screen.getByRole('button', { name: 'Next' }));
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.calls('POST /api/InterState/SubmitRegistration')).toHaveLength(1));
    expect(api.calls('POST /api/InterState/SubmitRegistration')[0]!.body).toMatchObject({
      id: ID,
      version: 3,
      registrationId: REG,
      noarRegistrationNo: 'NOAR/WR/2026/0142',
      draft: false,
    });
  });

  it('says so when the record is not the caller’s to see', async () => {
    mockFetch({
      [`GET /api/InterState/GetRegistration/${ID}`]: () => fail(404, 'NOT_FOUND', 'The requested inter-state registration was not found.'),
    });
    renderAt(`/TRANSCO/${ID}`, 'TRANSCOBusinessUser');
    expect(await screen.findByText('This inter-state registration does not exist or is not yours to see.')).toBeInTheDocument();
  });
});
