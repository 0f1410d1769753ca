import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import type { Role } from '@stoa/shared/account';
import type { Refund, Refundable } from '@stoa/shared/payments';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { buildAuthUser } from '../../../testing/fixtures';
import { fail, mockFetch, ok } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { RefundPage } from './refund-page';

const BANK = { accountHolderName: 'Surya Power Ltd', bankName: 'State Bank of India', accountNumber: '30012345678', ifsc: 'SBIN0001234' };
const CREDIT = '11111111-1111-4111-8111-111111111111';
const PAYER = '33333333-3333-4333-8333-333333333333';
const refund = (over: Partial<Refund> = {}): Refund => ({
  id: 'r1',
  sourceType: 'OverPayment',
  sourceId: CREDIT,
  recordType: 'Application',
  recordId: 'a1',
  payerUserId: PAYER,
  payerName: 'Surya Power Ltd',
  description: 'Application fee STOA/2026/0001',
  amount: 10_000,
  bankAccount: BANK,
  remarks: 'Excess paid on fee',
  status: 'PENDING',
  madeBy: 'm1',
  madeByName: 'Meera Shah',
  madeAt: '2026-11-16T06:00:00Z',
  checkedBy: null,
  checkedByName: null,
  checkedAt: null,
  checkerRemarks: null,
  payoutReference: null,
  payoutDate: null,
  ...over,
});
const item = (over: Partial<Refundable> = {}): Refundable => ({
  sourceType: 'OverPayment',
  sourceId: CREDIT,
  recordType: 'Application',
  recordId: 'a1',
  payerUserId: PAYER,
  payerName: 'Surya Power Ltd',
  description: 'Application fee STOA/2026/0001',
  createdAt: '2026-11-16T06:00:00Z',
  amount: 10_000,
  refundedAmount: 0,
  pendingAmount: 0,
  balanceAmount: 10_000,
  state: 'REFUNDABLE',
  bankAccount: BANK,
  refunds: [],
  ...over,
});
const LIST = 'GET /api/Payment/GetRefundDetails';

function renderAs(role: Role) {
  authStore.loginSucceeded(buildAuthUser({ role }));
  return renderWithProviders(
    <QueryProvider client={createQueryClient()}>
      <RefundPage />
    </QueryProvider>,
    '/payments/refund',
  );
}

describe('Refund page', () => {
  beforeEach(() => authStore.signOut());

  it('shows a payer its refundable items read-only, filters them, and opens a record’s history', async () => {
    const api = mockFetch({
      [LIST]: () =>
        ok({
          refundList: [item({ refunds: [refund({ status: 'PAID', payoutReference: 'SBIN001', payoutDate: '2026-11-16' })] })],
          dataCount: 1,
        }),
      'GET /api/Payment/GetRefundHistory/a1': () =>
        ok({
          refundHistory: [
            {
              ...refund({ status: 'PAID', payoutReference: 'SBIN001', payoutDate: '2026-11-16', checkedByName: 'Anil Rao' }),
              steps: [
                { step: 'MADE', byName: 'Meera Shah', at: '2026-11-16T06:00:00Z', remarks: 'Excess paid on fee' },
                { step: 'PAID', byName: 'Anil Rao', at: '2026-11-16T07:00:00Z', remarks: 'SBIN001' },
              ],
            },
          ],
        }),
    });
    const ui = userEvent.setup();
    renderAs('OABusinessUser');
    const table = await screen.findByRole('table', { name: 'Refund' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('Over-payment credit');
    expect(row.textContent).toContain('₹100.00');
    expect(within(row).queryByRole('button', { name: /Make Refund/ })).toBeNull();
    expect(within(row).queryByRole('button', { name: /Approve/ })).toBeNull();

    await ui.click(screen.getByRole('combobox', { name: 'Status' }));
    await ui.click(await screen.findByRole('option', { name: 'Refunded' }));
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.calls(LIST).at(-1)!.url.searchParams.get('state')).toBe('REFUNDED'));

    await ui.click(within(table).getByRole('button', { name: /History: Application fee/ }));
    const dialog = await screen.findByRole('dialog', { name: /History: Application fee/ });
    expect(await within(dialog).findByText('Approved and paid out')).toBeInTheDocument();
    expect(within(dialog).getByText(/Anil Rao/)).toBeInTheDocument();
  });

  it('lets the SLDC business user make a refund, with every field error before sending and the server’s after', async () => {
    const api = mockFetch({
      [LIST]: () => ok({ refundList: [item()], dataCount: 1 }),
      'POST /api/Payment/MakeRefund': () =>
        fail(400, 'VALIDATION_FAILED', 'Validation failed', [
          { fieldName: 'amountPaise', errorMessages: ['Refund Amount cannot exceed the refundable balance of ₹50.00.'] },
        ]),
    });
    const ui = userEvent.setup();
    renderAs('SLDCBusinessUser');
    await ui.click(await screen.findByRole('button', { name: /Make Refund: Surya Power Ltd/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Make Refund' });
    expect(within(dialog).getByText(/A\/c 30012345678/)).toBeInTheDocument();
    const amount = within(dialog).getByRole('textbox', { name: /^Refund Amount/ });
    expect(amount).toHaveValue('100.00');
    await ui.clear(amount);
    await ui.click(within(dialog).getByRole('button', { name: 'Make Refund' }));
    expect(await within(dialog).findByText('Refund Amount (₹) is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Remarks is required')).toBeInTheDocument();
    await ui.type(amount, '100.001');
    await ui.click(within(dialog).getByRole('button', { name: 'Make Refund' }));
    expect(await within(dialog).findByText('Enter an amount in rupees with at most 2 decimals')).toBeInTheDocument();
    await ui.clear(amount);
    await ui.type(amount, '100.01');
    await ui.click(within(dialog).getByRole('button', { name: 'Make Refund' }));
    expect(await within(dialog).findByText('Refund Amount cannot exceed the refundable balance of ₹100.00.')).toBeInTheDocument();
    expect(api.calls('POST /api/Payment/MakeRefund')).toHaveLength(0);

    await ui.clear(amount);
    await ui.type(amount, '60');
    await ui.type(within(dialog).getByRole('textbox', { name: /^Remarks/ }), 'Excess paid');
    await ui.click(within(dialog).getByRole('button', { name: 'Make Refund' }));
    expect(await within(dialog).findByText('Refund Amount cannot exceed the refundable balance of ₹50.00.')).toBeInTheDocument();
    const body = api.calls('POST /api/Payment/MakeRefund')[0]!.body;
    expect(body).toEqual({
      sourceType: 'OverPayment',
      sourceId: CREDIT,
      recordId: 'a1',
      payerUserId: PAYER,
      amountPaise: 6000,
      remarks: 'Excess paid',
    });
  });

  it('lets an approver approve a pending refund with the payout reference', async () => {
    const pending = refund();
    const api = mockFetch({
      [LIST]: () =>
        ok({ refundList: [item({ pendingAmount: 10_000, balanceAmount: 0, state: 'PENDING', refunds: [pending] })], dataCount: 1 }),
      'POST /api/Payment/ApproveRefund/r1': () => ok(refund({ status: 'PAID' })),
    });
    const ui = userEvent.setup();
    renderAs('SLDCApproverI');
    await ui.click(await screen.findByRole('button', { name: /^Approve: Application fee/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve: ₹100.00' });
    await ui.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Payout Reference (UTR) is required')).toBeInTheDocument();
    await ui.type(within(dialog).getByRole('textbox', { name: /^Payout Reference/ }), 'SBIN26111600001');
    await ui.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.calls('POST /api/Payment/ApproveRefund/r1')).toHaveLength(1));
    expect(await screen.findByText('Refund approved and recorded as paid out.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Make Refund/ })).toBeNull();
  });

  it('labels a revision refund and filters the list by it (decision 0061)', async () => {
    const revision = item({
      sourceType: 'Revision',
      sourceId: '22222222-2222-4222-8222-222222222222',
      amount: 472_000,
      balanceAmount: 472_000,
    });
    const api = mockFetch({
      [LIST]: () =>
        ok({ refundList: [{ ...revision, description: 'Revision REV/2026/000001, application STOA/2026/0001' }], dataCount: 1 }),
    });
    const ui = userEvent.setup();
    renderAs('SLDCBusinessUser');
    const table = await screen.findByRole('table', { name: 'Refund' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('Revision refund');
    expect(row.textContent).toContain('₹4,720.00');
    await ui.click(screen.getByRole('combobox', { name: 'Refundable For' }));
    await ui.click(await screen.findByRole('option', { name: 'Revision refund' }));
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.calls(LIST).at(-1)!.url.searchParams.get('sourceType')).toBe('Revision'));
  });

  it('labels the charges paid on a rejected application and filters the list by them (decision 0064)', async () => {
    const APP = '33333333-3333-4333-8333-333333333333';
    const rejected = item({ sourceType: 'Rejection', sourceId: APP, recordId: APP, amount: 1_180_000, balanceAmount: 1_180_000 });
    const api = mockFetch({
      [LIST]: () =>
        ok({ refundList: [{ ...rejected, description: 'Charges paid on rejected application STOA/AD/2026/000001' }], dataCount: 1 }),
    });
    const ui = userEvent.setup();
    renderAs('SLDCBusinessUser');
    const table = await screen.findByRole('table', { name: 'Refund' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('Rejected application');
    expect(row.textContent).toContain('₹11,800.00');
    expect(within(row).getByRole('button', { name: /^Make Refund: / })).toBeInTheDocument();
    await ui.click(screen.getByRole('combobox', { name: 'Refundable For' }));
    await ui.click(await screen.findByRole('option', { name: 'Rejected application' }));
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.calls(LIST).at(-1)!.url.searchParams.get('sourceType')).toBe('Rejection'));
  });

  it('shows the empty state, and a retry when the list cannot be fetched', async () => {
    mockFetch({ [LIST]: () => ok({ refundList: [], dataCount: 0 }) });
    const view = renderAs('Trader');
    expect(await screen.findByText('There is nothing to refund.')).toBeInTheDocument();
    view.unmount();
    mockFetch({ [LIST]: () => fail(500, 'INTERNAL', 'boom') });
    renderAs('Trader');
    expect(await screen.findByRole('button', { name: 'Try again' }, { timeout: 8000 })).toBeInTheDocument();
  });
});
