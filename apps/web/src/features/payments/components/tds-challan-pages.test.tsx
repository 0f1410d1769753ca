import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Role } from '@stoa/shared/account';
import type { TdsChallan, TdsMonth } from '@stoa/shared/payments';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { FakeXhr } from '../../../testing/fake-xhr';
import { buildAuthUser } from '../../../testing/fixtures';
import { fail, mockFetch, ok } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { TdsChallanPage } from './tds-challan-pages';

const challan = (over: Partial<TdsChallan> = {}): TdsChallan => ({
  id: 'c1',
  payerUserId: 'u1',
  payerName: 'Surya Power Ltd',
  month: '2026-10',
  challanNo: '12345',
  bsrCode: '0510308',
  challanDate: '2026-11-10',
  amount: 10_000,
  lateMonths: 2,
  interestAmount: 300,
  interestDueId: null,
  fileId: 'f1',
  fileName: 'challan.pdf',
  status: 'PENDING',
  madeBy: 'u1',
  madeAt: '2026-11-10T06:00:00Z',
  checkedBy: null,
  checkedAt: null,
  remarks: null,
  ...over,
});
const month = (over: Partial<TdsMonth> = {}): TdsMonth => ({
  payerUserId: 'u1',
  payerName: 'Surya Power Ltd',
  month: '2026-10',
  dueBy: '2026-11-07',
  deductedAmount: 10_000,
  depositedAmount: 0,
  pendingAmount: 0,
  shortfallAmount: 10_000,
  interestAmount: 0,
  status: 'NOT_DEPOSITED',
  challans: [],
  ...over,
});

function renderAs(role: Role, ui: ReactNode) {
  authStore.loginSucceeded(buildAuthUser({ role }));
  return renderWithProviders(<QueryProvider client={createQueryClient()}>{ui}</QueryProvider>, '/payments/challan');
}

describe('TDS Challan Details (payer)', () => {
  beforeEach(() => {
    authStore.signOut();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the months with TDS deducted, deposited and status, and filters by month and status', async () => {
    const api = mockFetch({ 'GET /api/Payment/GetMonthlyTDSList': () => ok({ tdsMonthList: [month()], dataCount: 1 }) });
    const ui = userEvent.setup();
    renderAs('OABusinessUser', <TdsChallanPage />);
    expect(await screen.findByRole('heading', { name: 'TDS Challan Details' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'TDS Challan Details' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('October 2026');
    expect(row.textContent).toContain('₹100.00');
    expect(row.textContent).toContain('Not Deposited');
    expect(row.textContent).toContain('Due by Nov 07, 2026');
    expect(within(row).getByRole('button', { name: 'Upload Challan: October 2026' })).toBeInTheDocument();
    expect(api.calls('GET /api/Payment/GetMonthlyTDSList')[0]!.url.searchParams.get('status')).toBeNull();

    await ui.click(screen.getByRole('combobox', { name: 'Status' }));
    await ui.click(await screen.findByRole('option', { name: 'Reconciled' }));
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.calls('GET /api/Payment/GetMonthlyTDSList').at(-1)!.url.searchParams.get('status')).toBe('RECONCILED'));
  });

  it('checks every Upload Challan field before sending anything', async () => {
    const api = mockFetch({ 'GET /api/Payment/GetMonthlyTDSList': () => ok({ tdsMonthList: [month()], dataCount: 1 }) });
    const ui = userEvent.setup();
    renderAs('Trader', <TdsChallanPage />);
    await ui.click(await screen.findByRole('button', { name: /^Upload Challan$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Challan' });
    await ui.type(within(dialog).getByRole('textbox', { name: /^BSR Code/ }), '12345');
    await ui.type(within(dialog).getByRole('textbox', { name: /^Challan Number/ }), 'AB1');
    await ui.type(within(dialog).getByRole('textbox', { name: /^Challan Amount/ }), '12.345');
    await ui.click(within(dialog).getByRole('button', { name: 'Upload Challan' }));
    expect(await within(dialog).findByText('TDS Month is required')).toBeInTheDocument();
    expect(within(dialog).getByText('BSR Code must be 7 digits')).toBeInTheDocument();
    expect(within(dialog).getByText('Challan Number must be digits only')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter an amount in rupees with at most 2 decimals')).toBeInTheDocument();
    expect(api.calls('POST /api/File/Upload')).toHaveLength(0);
  });

  it("prefills a month's upload with what is not deposited, and shows the server's field errors", async () => {
    const api = mockFetch({
      'GET /api/Payment/GetMonthlyTDSList': () => ok({ tdsMonthList: [month()], dataCount: 1 }),
      'POST /api/File/Upload': () => ok({ id: '11111111-1111-4111-8111-111111111111', fileName: 'challan.pdf', kind: 'pdf', size: 8 }),
      'POST /api/Payment/MakeTDSPayment': () =>
        fail(409, 'CONFLICT', 'Conflict', [
          { fieldName: 'challanNo', errorMessages: ['A challan with this BSR code, date and challan number has already been uploaded.'] },
        ]),
    });
    const ui = userEvent.setup();
    renderAs('OABusinessUser', <TdsChallanPage />);
    await ui.click(await screen.findByRole('button', { name: 'Upload Challan: October 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Challan' });
    expect(within(dialog).getByRole('textbox', { name: /^Challan Amount/ })).toHaveValue('100.00');
    await ui.type(within(dialog).getByRole('textbox', { name: /^BSR Code/ }), '0510308');
    await ui.type(within(dialog).getByRole('textbox', { name: /^Challan Number/ }), '12345');
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await ui.upload(input, new File(['%PDF-1.4'], 'challan.pdf', { type: 'application/pdf' }));
    await ui.click(within(dialog).getByRole('button', { name: 'Upload Challan' }));
    expect(
      await within(dialog).findByText('A challan with this BSR code, date and challan number has already been uploaded.'),
    ).toBeInTheDocument();
    const body = api.calls('POST /api/Payment/MakeTDSPayment')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ month: '2026-10', bsrCode: '0510308', challanNo: '12345', amountPaise: 10_000 });
  });

  it('shows the empty state, and a retry when the list cannot be fetched', async () => {
    mockFetch({ 'GET /api/Payment/GetMonthlyTDSList': () => ok({ tdsMonthList: [], dataCount: 0 }) });
    const view = renderAs('OABusinessUser', <TdsChallanPage />);
    expect(await screen.findByText('No TDS has been deducted or deposited yet.')).toBeInTheDocument();
    view.unmount();
    mockFetch({ 'GET /api/Payment/GetMonthlyTDSList': () => fail(500, 'INTERNAL', 'boom') });
    renderAs('OABusinessUser', <TdsChallanPage />);
    expect(await screen.findByRole('button', { name: 'Try again' }, { timeout: 8000 })).toBeInTheDocument();
  });
});

describe('TDS Reconciliation (SLDC)', () => {
  beforeEach(() => authStore.signOut());
  const pending = month({ status: 'PENDING_APPROVAL', pendingAmount: 10_000, interestAmount: 300, challans: [challan()] });

  it('lists pending months with the payer first, and the business user approves a challan', async () => {
    const api = mockFetch({
      'GET /api/Payment/GetMonthlyTDSList': () => ok({ tdsMonthList: [pending], dataCount: 1 }),
      'POST /api/Payment/ApproveTDSPayment/c1': () => ok(challan({ status: 'APPROVED' })),
    });
    const ui = userEvent.setup();
    renderAs('SLDCBusinessUser', <TdsChallanPage />);
    expect(await screen.findByRole('heading', { name: 'TDS Reconciliation' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'TDS Reconciliation' });
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('Surya Power Ltd');
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('₹3.00');
    expect(api.calls('GET /api/Payment/GetMonthlyTDSList')[0]!.url.searchParams.get('status')).toBe('PENDING_APPROVAL');
    await ui.click(within(table).getByRole('button', { name: /Approve \/ Revert: Surya Power Ltd/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Surya Power Ltd — October 2026' });
    expect(within(dialog).getByRole('button', { name: 'challan.pdf' })).toBeInTheDocument();
    await ui.click(within(dialog).getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve: 12345' });
    await ui.click(within(confirm).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.calls('POST /api/Payment/ApproveTDSPayment/c1')).toHaveLength(1));
    expect(await screen.findByText('Challan approved.')).toBeInTheDocument();
  });

  it('requires remarks to revert', async () => {
    const api = mockFetch({ 'GET /api/Payment/GetMonthlyTDSList': () => ok({ tdsMonthList: [pending], dataCount: 1 }) });
    const ui = userEvent.setup();
    renderAs('SLDCBusinessUser', <TdsChallanPage />);
    const table = await screen.findByRole('table', { name: 'TDS Reconciliation' });
    await ui.click(within(table).getByRole('button', { name: /^Challans: Surya Power Ltd/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Surya Power Ltd — October 2026' });
    await ui.click(within(dialog).getByRole('button', { name: 'Revert' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revert: 12345' });
    await ui.click(within(confirm).getByRole('button', { name: 'Revert' }));
    expect(await within(confirm).findByText('Remarks is required')).toBeInTheDocument();
    expect(api.calls('POST /api/Payment/RevertTDSPayment/c1')).toHaveLength(0);
  });

  it('is read-only for the approvers', async () => {
    mockFetch({ 'GET /api/Payment/GetMonthlyTDSList': () => ok({ tdsMonthList: [pending], dataCount: 1 }) });
    const ui = userEvent.setup();
    renderAs('SLDCApproverII', <TdsChallanPage />);
    const table = await screen.findByRole('table', { name: 'TDS Reconciliation' });
    expect(within(table).queryByRole('button', { name: /Approve/ })).toBeNull();
    await ui.click(within(table).getByRole('button', { name: /^Challans: Surya Power Ltd/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Surya Power Ltd — October 2026' });
    expect(within(dialog).getByRole('button', { name: 'challan.pdf' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});
