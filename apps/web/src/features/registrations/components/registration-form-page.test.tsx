import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';

import type { RegistrationDetail } from '@stoa/shared/registrations';
import type { Role } from '@stoa/shared/account';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { buildAuthUser, buildProfile, UTILITIES } from '../../../testing/fixtures';
import { fail, mockFetch, ok } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { buildDetail } from '../test-fixtures';
import { RegistrationFormPage } from './registration-form-page';

const ID = '00000000-0000-4000-8000-0000000000d1';
const DETAIL = `GET /api/Registration/GetTraderRegistration/${ID}`;
const FEE = {
  head: 'REGISTRATION_FEE',
  baseAmount: 1_000_000,
  gstRatePercent: '18',
  gstAmount: 180_000,
  totalAmount: 1_180_000,
  effectiveFrom: '2026-01-01',
};

function renderPage(path: string, role: Role) {
  authStore.loginSucceeded(buildAuthUser({ role, entityType: role === 'Trader' ? 'Trader' : null }));
  return renderWithProviders(
    <QueryProvider client={createQueryClient()}>
      <Routes>
        <Route path="/registrations/new/:entityType" element={<RegistrationFormPage mode="new" />} />
        <Route path="/registrations/view/:entityType/:id" element={<RegistrationFormPage mode="view" />} />
        <Route path="/registrations/renew/:entityType/:previousId" element={<RegistrationFormPage mode="renew" />} />
      </Routes>
    </QueryProvider>,
    path,
  );
}

function api(detail: (index: number) => RegistrationDetail, extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    [DETAIL]: (_r, index) => ok(detail(index)),
    'GET /api/Registration/GetMandatoryCheckDetails/00000000-0000-4000-8000-0000000000d1': () =>
      ok({
        checkList: [
          { key: 'licence', label: 'Trading licence is valid', passed: true, detail: 'Valid until Dec 31, 2030' },
          { key: 'noDues', label: 'Applicant is not marked as a defaulter', passed: false, detail: 'Marked as a defaulter' },
        ],
      }),
    'GET /api/Registration/GetFileValidationDetails/00000000-0000-4000-8000-0000000000d1/Trader': () =>
      ok({ fileList: buildDetail().fileList }),
    'GET /api/Registration/GetDiscoms': () => ok(UTILITIES.filter((u) => u.type === 'DISCOM')),
    'GET /api/Registration/GetTranscos': () => ok(UTILITIES.filter((u) => u.type === 'TRANSCO')),
    'GET /api/Registration/GetRegistrationFee': () => ok(FEE),
    'GET /api/Registration/GetRenewalFee': () =>
      ok({ ...FEE, head: 'RENEWAL_FEE', baseAmount: 500_000, gstAmount: 90_000, totalAmount: 590_000 }),
    ...extra,
  });
}

const view = `/registrations/view/Trader/${ID}`;

describe('registration form page', () => {
  beforeEach(() => authStore.signOut());

  it("offers a reviewer exactly the record's allowed actions", async () => {
    api(() =>
      buildDetail({
        status: 'SLDCApproverIApproved',
        statusDescription: 'Pending SLDC approval',
        allowedActions: ['Approve', 'Return', 'Reject'],
      }),
    );
    renderPage(view, 'SLDCApproverII');
    const panel = await screen.findByRole('region', { name: 'Workflow Actions' });
    expect(
      within(panel)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Approve', 'Seek Clarification', 'Reject']);
    expect(screen.queryByRole('button', { name: 'Verify and Forward' })).not.toBeInTheDocument();
    // Read-only form: no Submit; the header downloads for the load centre.
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download details' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download comparison with previous version' })).not.toBeInTheDocument();
    expect(await screen.findByText('Trading licence is valid')).toBeInTheDocument();
    expect(screen.getByText('(Failed)')).toBeInTheDocument();
  });

  it('shows no workflow buttons when the server allows none', async () => {
    api(() => buildDetail({ allowedActions: [] }));
    renderPage(view, 'DISCOMBusinessUser');
    const panel = await screen.findByRole('region', { name: 'Workflow Actions' });
    expect(within(panel).queryAllByRole('button')).toHaveLength(0);
    expect(within(panel).getByText('No action is pending from you on this registration.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download details' })).not.toBeInTheDocument();
  });

  it("requires remarks for 'Seek Clarification' and sends them with the version", async () => {
    const calls = api(() => buildDetail({ status: 'PendingSTOACheck', allowedActions: ['Forward', 'Return', 'Reject'] }), {
      [`POST /api/Registration/SeekClarification/${ID}/Trader`]: () => ok(buildDetail({ status: 'STOAReturned', allowedActions: [] })),
    });
    const ui = userEvent.setup();
    renderPage(view, 'SLDCBusinessUser');
    await ui.click(await screen.findByRole('button', { name: 'Seek Clarification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Seek Clarification?' });
    await ui.click(within(dialog).getByRole('button', { name: 'Seek Clarification' }));
    expect(within(dialog).getByText('Remarks is required')).toBeInTheDocument();
    expect(calls.calls(`POST /api/Registration/SeekClarification/${ID}/Trader`)).toHaveLength(0);

    await ui.type(within(dialog).getByRole('textbox', { name: /Remarks/ }), 'Upload the signed licence.');
    await ui.click(within(dialog).getByRole('button', { name: 'Seek Clarification' }));
    await waitFor(() => expect(calls.calls(`POST /api/Registration/SeekClarification/${ID}/Trader`)).toHaveLength(1));
    const body = calls.calls(`POST /api/Registration/SeekClarification/${ID}/Trader`)[0]!.body as {
      version: number;
      remarks: string;
      fileValidations: unknown[];
    };
    expect(body).toMatchObject({ version: 3, remarks: 'Upload the signed licence.' });
    expect(body.fileValidations).toHaveLength(2);
    expect(await screen.findByText('Seek Clarification: done')).toBeInTheDocument();
  });

  it("lets the SLDC mark documents valid and sends the verdicts with 'Verify and Forward' (remarks optional)", async () => {
    const calls = api(() => buildDetail({ allowedActions: ['Forward', 'Return', 'Reject'] }), {
      [`POST /api/Registration/ApproveAndForward/${ID}/Trader`]: () => ok(buildDetail({ status: 'PendingSTOACheck' })),
    });
    const ui = userEvent.setup();
    renderPage(view, 'SLDCBusinessUser');
    await ui.click(await screen.findByRole('checkbox', { name: 'Trading Licence is valid' }));
    await ui.type(screen.getByRole('textbox', { name: 'Comments on PAN Card' }), 'Unsigned');
    await ui.click(screen.getByRole('button', { name: 'Verify and Forward' }));
    const dialog = await screen.findByRole('dialog');
    await ui.click(within(dialog).getByRole('button', { name: 'Verify and Forward' }));
    await waitFor(() => expect(calls.calls(`POST /api/Registration/ApproveAndForward/${ID}/Trader`)).toHaveLength(1));
    expect(calls.calls(`POST /api/Registration/ApproveAndForward/${ID}/Trader`)[0]!.body).toEqual({
      version: 3,
      remarks: '',
      fileValidations: [
        { fileId: '00000000-0000-4000-8000-0000000f0002', isValid: true },
        { fileId: '00000000-0000-4000-8000-0000000f0005', isValid: false, comments: 'Unsigned' },
      ],
    });
  });

  it('says the record changed (409) and shows it as it is now', async () => {
    const calls = api(
      (index) =>
        index === 0
          ? buildDetail({ status: 'PendingDISCOMApproval', allowedActions: ['Approve', 'Return', 'Reject'] })
          : buildDetail({ status: 'PendingSTOACheck', statusDescription: 'Pending STOA availibility check', allowedActions: [] }),
      {
        [`POST /api/Registration/Approve/${ID}/Trader`]: () => fail(409, 'CONFLICT', 'Stale'),
      },
    );
    const ui = userEvent.setup();
    renderPage(view, 'DISCOMBusinessUser');
    await ui.click(await screen.findByRole('button', { name: 'Approve' }));
    await ui.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    expect(
      await screen.findByText('This registration has changed since you opened it. Reload to see its current status.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Pending STOA availibility check')).toBeInTheDocument();
    expect(calls.calls(DETAIL).length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('keeps Renew disabled until the approved form is changed, then renews with the previous id', async () => {
    const approved = buildDetail({
      status: 'Approved',
      statusDescription: 'Approved',
      registrationNo: 'STOA/TR/2026/0007',
      validFrom: '2026-01-01',
      expiredOn: '2026-12-31',
      canRenew: true,
      formMode: 'ReadOnly',
    });
    const calls = api(() => approved, {
      'POST /api/Registration/RenewTraderRegistration': () =>
        ok(buildDetail({ id: '00000000-0000-4000-8000-0000000000d2', isRenewal: true })),
      'GET /api/Registration/GetTraderRegistration/00000000-0000-4000-8000-0000000000d2': () =>
        ok(buildDetail({ id: '00000000-0000-4000-8000-0000000000d2', isRenewal: true })),
    });
    const ui = userEvent.setup();
    renderPage(`/registrations/renew/Trader/${ID}`, 'Trader');
    expect(await screen.findByRole('heading', { level: 1, name: 'Renewal: Registration of Trader' })).toBeInTheDocument();
    expect(await screen.findByText('Renewal of registration STOA/TR/2026/0007')).toBeInTheDocument();
    expect(await screen.findByText('₹5,900.00')).toBeInTheDocument();
    for (let i = 0; i < 5; i++) await ui.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('button', { name: 'Renew' })).toBeDisabled();
    // Unticking and ticking again leaves the form as it was: still disabled.
    await ui.click(screen.getByRole('checkbox', { name: /No dues are outstanding/ }));
    await ui.click(screen.getByRole('checkbox', { name: /No dues are outstanding/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Renew' })).toBeDisabled());
    // Change a field of the bank step, then come back to the last step.
    await ui.click(screen.getByRole('button', { name: 'Previous' }));
    await ui.click(screen.getByRole('button', { name: 'Previous' }));
    const bank = screen.getByRole('textbox', { name: /Bank Name/ });
    await ui.clear(bank);
    await ui.type(bank, 'Bank of Baroda');
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    await ui.click(screen.getByRole('button', { name: 'Renew' }));
    await waitFor(() => expect(calls.calls('POST /api/Registration/RenewTraderRegistration')).toHaveLength(1));
    expect(calls.calls('POST /api/Registration/RenewTraderRegistration')[0]!.body).toMatchObject({
      previousRegistrationId: ID,
      isDraft: false,
      data: { bankName: 'Bank of Baroda', tradingLicenceNo: 'CERC/TL/2020/12' },
    });
    expect(await screen.findByText('Renewal submitted successfully!')).toBeInTheDocument();
  });

  it('lets the owner of a returned record edit and resubmit it with its id and version', async () => {
    const calls = api(() => buildDetail({ status: 'SLDCReturned', statusDescription: 'SLDCReturned', formMode: 'Write', version: 7 }), {
      'POST /api/Registration/SubmitTraderRegistration': () => ok(buildDetail({ status: 'Submitted' })),
    });
    const ui = userEvent.setup();
    renderPage(view, 'Trader');
    expect(await screen.findByRole('heading', { level: 1, name: 'Registration of Trader' })).toBeInTheDocument();
    for (let i = 0; i < 5; i++) await ui.click(await screen.findByRole('button', { name: 'Next' }));
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.calls('POST /api/Registration/SubmitTraderRegistration')).toHaveLength(1));
    expect(calls.calls('POST /api/Registration/SubmitTraderRegistration')[0]!.body).toMatchObject({ id: ID, version: 7, isDraft: false });
    expect(await screen.findByText('Registration submitted successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Workflow Actions' })).not.toBeInTheDocument();
  });

  it('shows the new form with the fee, Save as draft and Submit', async () => {
    const calls = api(() => buildDetail(), {
      'POST /api/Registration/SubmitTraderRegistration': () => ok(buildDetail({ status: 'Draft', formMode: 'Write' })),
    });
    const ui = userEvent.setup();
    renderPage('/registrations/new/Trader', 'Trader');
    expect(await screen.findByText('₹11,800.00')).toBeInTheDocument();
    expect(screen.getByText('₹10,000.00 + GST 18% (₹1,800.00)')).toBeInTheDocument();
    await ui.type(screen.getByRole('textbox', { name: /Name of Entity/ }), 'Epsilon Traders');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.calls('POST /api/Registration/SubmitTraderRegistration')).toHaveLength(1));
    expect(calls.calls('POST /api/Registration/SubmitTraderRegistration')[0]!.body).toMatchObject({
      isDraft: true,
      data: { entityName: 'Epsilon Traders' },
    });
    expect(await screen.findByText('Draft saved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(view));
  });

  it('starts a new registration from the pre-registration: entity name, PAN, address, date of incorporation, contact person', async () => {
    const calls = api(() => buildDetail(), {
      'GET /api/Account/GetProfile': () =>
        ok(
          buildProfile('Trader', {
            entityName: 'Volt Power Traders Pvt Ltd',
            entityType: 'Trader',
            panCardNumber: 'AAACV5678P',
            registeredAddress: 'Plot 12, GIDC, Vadodara',
            dateOfIncorporation: '2008-04-01',
            contactPersonName: 'Meera Shah',
            contactNumber: '9876543210',
            email: 'meera@example.in',
          }),
        ),
      'POST /api/Registration/SubmitTraderRegistration': () => ok(buildDetail({ status: 'Draft', formMode: 'Write' })),
    });
    const ui = userEvent.setup();
    renderPage('/registrations/new/Trader', 'Trader');
    expect(await screen.findByRole('textbox', { name: /Name of Entity/ })).toHaveValue('Volt Power Traders Pvt Ltd');
    expect(screen.getByRole('textbox', { name: /PAN/ })).toHaveValue('AAACV5678P');
    expect(screen.getByRole('textbox', { name: /Registered Address/ })).toHaveValue('Plot 12, GIDC, Vadodara');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.calls('POST /api/Registration/SubmitTraderRegistration')).toHaveLength(1));
    expect(calls.calls('POST /api/Registration/SubmitTraderRegistration')[0]!.body).toMatchObject({
      isDraft: true,
      data: {
        entityName: 'Volt Power Traders Pvt Ltd',
        panNo: 'AAACV5678P',
        registeredAddress: 'Plot 12, GIDC, Vadodara',
        dateOfIncorporation: '2008-04-01',
        representativeName: 'Meera Shah',
        mobile: '9876543210',
        email: 'meera@example.in',
      },
    });
  });

  it('lets a trader edit only the trader details of an approved registration (PATCH EditTraderDetails), and shows the history', async () => {
    const approved = buildDetail({
      status: 'Approved',
      statusDescription: 'Approved',
      registrationNo: 'STOA/TR/2026/0007',
      validFrom: '2026-01-01',
      expiredOn: '2026-12-31',
      canEditTraderDetails: true,
      history: [
        {
          action: 'Approve',
          fromStatus: 'PendingDISCOMApproval',
          toStatus: 'PendingSTOACheck',
          actorName: null,
          role: null,
          remarks: 'Deemed consent',
          at: '2026-01-01T04:30:00.000Z',
        },
      ],
    });
    const calls = api(() => approved, { [`PATCH /api/Registration/EditTraderDetails/${ID}`]: () => ok(approved) });
    const ui = userEvent.setup();
    renderPage(view, 'Trader');
    expect(await screen.findByText('STOA/TR/2026/0007')).toBeInTheDocument();
    expect(screen.getByText('Jan 01, 2026 – Dec 31, 2026')).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getByText('Pending DISCOM approval → Pending STOA availibility check')).toBeInTheDocument();
    expect(within(history).getByText(/by System/)).toBeInTheDocument();
    expect(within(history).getByText('Deemed consent')).toBeInTheDocument();

    await ui.click(screen.getByRole('button', { name: 'Edit Trader Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Trader Details' });
    expect(within(dialog).queryByRole('textbox', { name: /Bank Name/ })).not.toBeInTheDocument();
    const save = within(dialog).getByRole('button', { name: 'Save Trader Details' });
    expect(save).toBeDisabled();
    const licence = within(dialog).getByRole('textbox', { name: /Trading Licence No\./ });
    await ui.clear(licence);
    await ui.type(licence, 'CERC/TL/2026/99');
    await ui.click(within(dialog).getByRole('button', { name: 'Save Trader Details' }));
    await waitFor(() => expect(calls.calls(`PATCH /api/Registration/EditTraderDetails/${ID}`)).toHaveLength(1));
    const body = calls.calls(`PATCH /api/Registration/EditTraderDetails/${ID}`)[0]!.body as {
      version: number;
      data: Record<string, unknown>;
    };
    expect(body.version).toBe(3);
    expect(Object.keys(body.data).sort()).toEqual(
      ['issuingAuthority', 'licenceValidUpto', 'tradingLicenceFileId', 'tradingLicenceNo', 'traderCategory'].sort(),
    );
    expect(body.data.tradingLicenceNo).toBe('CERC/TL/2026/99');
    expect(await screen.findByText('Trader details saved successfully!')).toBeInTheDocument();
  });
});
