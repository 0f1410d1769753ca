import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { authStore } from '../../../lib/auth-store';
import { queryClient } from '../../../lib/query-client';
import { buildAuthUser } from '../../../testing/fixtures';
import { fail, mockFetch, ok } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/test-utils';

const RECEIPT = {
  receiptNo: 'RCPT/2026-27/00042',
  payerName: 'Surya Power Ltd',
  amount: 590_000,
  paymentDate: '2026-11-15',
  approvedAt: '2026-11-16T06:00:00.000Z',
};
const NOT_FOUND = 'No receipt has this verification code. Check the code printed on the receipt.';
const NO_CERTIFICATE = 'No certificate or receipt with this verification code exists.';
const CERTIFICATE = {
  certificateNo: 'NOC/PX/2026/000007',
  entityName: 'Surya Power Ltd',
  registrationNo: 'REG/BO/2026/00012',
  transactionType: 'PowerExchange',
  maxBuyMw: '10.00',
  maxSellMw: null,
  validFrom: '2026-07-11',
  validTo: '2026-10-08',
  status: 'Revoked',
  issuedOn: '2026-07-10T04:30:00.000Z',
  revokedOn: '2026-08-01T06:00:00.000Z',
  deemed: false,
  blockCaps: [],
};

describe('/verify (public receipt check)', () => {
  beforeEach(() => {
    authStore.signOut();
    queryClient.clear();
  });

  it('shows "Receipt verified" with the details to a visitor who is not signed in', async () => {
    const api = mockFetch({ 'GET /api/Payment/Verify/ABCD2345WXYZ': () => ok(RECEIPT) });
    renderApp('/verify/abcd-2345-wxyz');
    const status = await screen.findByRole('status', { name: 'Receipt verified' }, { timeout: 5000 });
    for (const text of ['RCPT/2026-27/00042', 'Surya Power Ltd', '₹5,900.00', 'Nov 15, 2026', 'Nov 16, 2026 11:30 AM', 'ABCD-2345-WXYZ'])
      expect(status.textContent).toContain(text);
    expect(screen.getByTestId('location').textContent).toBe('/verify/abcd-2345-wxyz');
    // No sign-in token is sent: the call is public.
    expect(api.calls('GET /api/Payment/Verify/ABCD2345WXYZ')[0]!.headers.get('Authorization')).toBeNull();
  });

  it('says clearly when neither a receipt nor a certificate has the code', async () => {
    mockFetch({
      'GET /api/Payment/Verify/ABCD2345WXYZ': () => fail(404, 'NOT_FOUND', NOT_FOUND),
      'GET /api/StandingClearance/Verify/ABCD2345WXYZ': () => fail(404, 'NOT_FOUND', NO_CERTIFICATE),
      'GET /api/InterStateConsent/Verify/ABCD2345WXYZ': () => fail(404, 'NOT_FOUND', NO_CERTIFICATE),
    });
    renderApp('/verify/ABCD2345WXYZ');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(alert).getByRole('heading', { name: 'Code not found' })).toBeInTheDocument();
    expect(alert.textContent).toContain(NO_CERTIFICATE);
    expect(screen.queryByRole('status', { name: 'Receipt verified' })).not.toBeInTheDocument();
  });

  it('shows a standing-clearance certificate of the code with its status, for whom, MW and period', async () => {
    const api = mockFetch({
      'GET /api/Payment/Verify/ABCD2345WXYZ': () => fail(404, 'NOT_FOUND', NOT_FOUND),
      'GET /api/StandingClearance/Verify/ABCD2345WXYZ': () => ok(CERTIFICATE),
    });
    renderApp('/verify/ABCD2345WXYZ');
    const status = await screen.findByRole('status', { name: 'Standing clearance revoked' }, { timeout: 5000 });
    for (const text of [
      'NOC/PX/2026/000007',
      'Surya Power Ltd',
      '10.00 MW',
      'Not cleared',
      'Jul 11, 2026 to Oct 08, 2026',
      'Aug 01, 2026',
      'ABCD-2345-WXYZ',
    ])
      expect(status.textContent).toContain(text);
    expect(api.calls('GET /api/StandingClearance/Verify/ABCD2345WXYZ')[0]!.headers.get('Authorization')).toBeNull();
  });

  it('shows a consent for inter-state STOA of the code: type, consent number, applicant, period, deemed', async () => {
    const api = mockFetch({
      'GET /api/Payment/Verify/ABCD2345WXYZ': () => fail(404, 'NOT_FOUND', NOT_FOUND),
      'GET /api/StandingClearance/Verify/ABCD2345WXYZ': () => fail(404, 'NOT_FOUND', NO_CERTIFICATE),
      'GET /api/InterStateConsent/Verify/ABCD2345WXYZ': () =>
        ok({
          type: 'InterStateConsent',
          certificateNo: 'CON/2026/000003',
          entityName: 'Surya Power Ltd',
          direction: 'Sale',
          counterpartyState: 'Maharashtra',
          fromDate: '2026-07-11',
          toDate: '2026-07-12',
          status: 'Deemed',
          partial: false,
          deemed: true,
          consentedOn: '2026-07-10T04:30:00.000Z',
          revokedOn: null,
        }),
    });
    renderApp('/verify/ABCD2345WXYZ');
    const status = await screen.findByRole('status', { name: 'Deemed consent verified' }, { timeout: 5000 });
    for (const text of [
      'Consent for inter-state STOA transaction',
      'CON/2026/000003',
      'Surya Power Ltd',
      'Maharashtra',
      'Deemed',
      'ABCD-2345-WXYZ',
    ])
      expect(status.textContent).toContain(text);
    expect(api.calls('GET /api/InterStateConsent/Verify/ABCD2345WXYZ')[0]!.headers.get('Authorization')).toBeNull();
  });

  it('says a revoked consent for inter-state STOA is revoked, and when (decision 0077)', async () => {
    mockFetch({
      'GET /api/Payment/Verify/ABCD2345WXYZ': () => fail(404, 'NOT_FOUND', NOT_FOUND),
      'GET /api/StandingClearance/Verify/ABCD2345WXYZ': () => fail(404, 'NOT_FOUND', NO_CERTIFICATE),
      'GET /api/InterStateConsent/Verify/ABCD2345WXYZ': () =>
        ok({
          type: 'InterStateConsent',
          certificateNo: 'CON/2026/000004',
          entityName: 'Surya Power Ltd',
          direction: 'Purchase',
          counterpartyState: 'Gujarat',
          fromDate: '2026-07-11',
          toDate: '2026-07-12',
          status: 'Revoked',
          partial: false,
          deemed: false,
          consentedOn: '2026-07-10T04:30:00.000Z',
          revokedOn: '2026-07-11T06:30:00.000Z',
        }),
    });
    renderApp('/verify/ABCD2345WXYZ');
    const status = await screen.findByRole('status', { name: 'Consent revoked' }, { timeout: 5000 });
    for (const text of ['CON/2026/000004', 'is of no effect', 'Revoked on', 'Jul 11, 2026']) expect(status.textContent).toContain(text);
    expect(screen.queryByRole('status', { name: 'Consent verified' })).not.toBeInTheDocument();
  });

  it('offers a form when no code is in the address, and checks the typed code', async () => {
    const api = mockFetch({ 'GET /api/Payment/Verify/ABCD2345WXYZ': () => ok(RECEIPT) });
    const ui = userEvent.setup();
    renderApp('/verify');
    expect(await screen.findByRole('heading', { name: 'Verify a Receipt or Certificate' })).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Verify' });
    expect(submit).toBeDisabled();
    await ui.type(screen.getByRole('textbox', { name: 'Verification Code' }), 'abcd 2345 wxyz');
    await ui.click(submit);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/verify/ABCD2345WXYZ'));
    expect(await screen.findByRole('heading', { name: 'Receipt verified' })).toBeInTheDocument();
    expect(api.calls('GET /api/Payment/Verify/ABCD2345WXYZ')).toHaveLength(1);
  });

  it('is open to a signed-in user too', async () => {
    authStore.loginSucceeded(buildAuthUser({ role: 'Admin' }));
    mockFetch({ 'GET /api/Payment/Verify/ABCD2345WXYZ': () => ok(RECEIPT) });
    renderApp('/verify/ABCD2345WXYZ');
    expect(await screen.findByRole('heading', { name: 'Receipt verified' }, { timeout: 5000 })).toBeInTheDocument();
  });
});
