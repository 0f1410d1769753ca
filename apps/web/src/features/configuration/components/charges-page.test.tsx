import { formatRupees } from '@stoa/shared/common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import type { ChargeRate } from '@stoa/shared/configuration';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { buildAuthUser, buildCharge } from '../../../testing/fixtures';
import { fail, mockFetch, ok } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { formatChargeValue } from '../format';
import { ChargesPage } from './charges-page';

const LIST = 'GET /api/Configuration/Charges/GetAll';
const SETTINGS = 'GET /api/Configuration/Settings/GetAll';

const past = buildCharge({ id: '00000000-0000-4000-8000-0000000000c1', amount: '4000', effectiveFrom: '2000-01-01', state: 'PAST' });
const current = buildCharge({ id: '00000000-0000-4000-8000-0000000000c2', amount: '5000', effectiveFrom: '2024-04-01', state: 'CURRENT' });
const future = buildCharge({
  id: '00000000-0000-4000-8000-0000000000c3',
  amount: '6000',
  effectiveFrom: '2099-04-01',
  state: 'FUTURE',
  remarks: 'Revised by order 12/2099',
});
const registration = buildCharge({
  id: '00000000-0000-4000-8000-0000000000c4',
  head: 'REGISTRATION_FEE',
  amount: '10000',
  state: 'CURRENT',
});

function renderPage(kind: 'FEE' | 'CHARGE') {
  authStore.loginSucceeded(buildAuthUser({ role: 'Admin', entityType: null }));
  return renderWithProviders(
    <QueryProvider client={createQueryClient()}>
      <ChargesPage kind={kind} />
    </QueryProvider>,
    '/configurations/fees',
  );
}

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

describe('charges and fees', () => {
  beforeEach(() => authStore.signOut());

  it('formats rupees and rates', () => {
    expect(formatRupees('5000')).toBe('₹5,000.00');
    expect(formatRupees('1250000')).toBe('₹12,50,000.00');
    expect(formatChargeValue('0.08', 'INR_PER_KWH')).toBe('₹0.08/kWh');
    expect(formatChargeValue('1000', 'INR_PER_DAY')).toBe('₹1,000.00 per day per transaction');
    expect(formatChargeValue('0.04', 'PERCENT_PER_DAY')).toBe('0.04% per day');
  });

  it('lists every value of each fee head with its state; only future values can be edited or deleted', async () => {
    const api = mockFetch({ [LIST]: () => ok({ chargeList: [past, current, future, registration] }) });
    renderPage('FEE');
    expect(screen.getByRole('heading', { name: 'Fees' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Application fee' })).toBeInTheDocument();
    expect(Object.fromEntries(api.calls(LIST)[0]!.url.searchParams)).toEqual({ kind: 'FEE' });
    for (const head of ['Registration fee', 'Renewal fee', 'Standing clearance fee'])
      expect(screen.getByRole('heading', { name: head })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Operating rules' })).not.toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Values of Application fee' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual(['₹6,000.00', '₹5,000.00', '₹4,000.00']);
    expect(within(rowOf('₹6,000.00')).getByText('Scheduled')).toBeInTheDocument();
    expect(within(rowOf('₹5,000.00')).getByText('In force')).toBeInTheDocument();
    expect(within(rowOf('₹4,000.00')).getByText('Superseded')).toBeInTheDocument();

    expect(within(rowOf('₹6,000.00')).getByRole('button', { name: /^edit application fee/i })).toBeInTheDocument();
    expect(within(rowOf('₹6,000.00')).getByRole('button', { name: /^delete application fee/i })).toBeInTheDocument();
    for (const text of ['₹5,000.00', '₹4,000.00']) {
      expect(within(rowOf(text)).queryByRole('button')).not.toBeInTheDocument();
    }
    expect(screen.getByText('Changes on Apr 01, 2099')).toBeInTheDocument();
  });

  it("deletes a future value after confirmation: 'Charge deleted successfully!'", async () => {
    let list = [current, future];
    const api = mockFetch({
      [LIST]: () => ok({ chargeList: list }),
      [`DELETE /api/Configuration/Charges/Delete/${future.id}`]: () => {
        list = [current];
        return ok(true);
      },
    });
    const ui = userEvent.setup();
    renderPage('FEE');
    await ui.click(await screen.findByRole('button', { name: /^delete application fee/i }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete the value ₹6,000.00 of Application fee scheduled from Apr 01, 2099?')).toBeInTheDocument();
    await ui.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Charge deleted successfully!')).toBeInTheDocument();
    expect(api.calls(`DELETE /api/Configuration/Charges/Delete/${future.id}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('₹6,000.00')).not.toBeInTheDocument());
  });

  it("shows the server's message when it refuses (422: the value has taken effect)", async () => {
    mockFetch({
      [LIST]: () => ok({ chargeList: [future] }),
      [`DELETE /api/Configuration/Charges/Delete/${future.id}`]: () =>
        fail(422, 'BUSINESS_RULE', 'This value has already taken effect and cannot be changed.'),
    });
    const ui = userEvent.setup();
    renderPage('FEE');
    await ui.click(await screen.findByRole('button', { name: /^delete application fee/i }));
    await ui.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This value has already taken effect and cannot be changed.')).toBeInTheDocument();
    expect(screen.queryByText('Charge deleted successfully!')).not.toBeInTheDocument();
  });

  it('shows the curtailment order by its label, never its internal name', async () => {
    mockFetch({
      [LIST]: () => ok({ chargeList: [] }),
      [SETTINGS]: () =>
        ok({
          settingList: [
            {
              id: 's1',
              key: 'curtailmentOrder',
              label: 'Curtailment: order of cutting STOA schedules (pro-rata, reverse category order or reverse timestamp)',
              value: 'ReverseCategory',
              effectiveFrom: '2024-04-01',
              state: 'CURRENT',
            },
          ],
        }),
    });
    renderPage('CHARGE');
    expect(await screen.findByText('Reverse category order')).toBeInTheDocument();
    expect(screen.queryByText(/ReverseCategory|ProRata|ReverseTimestamp/)).not.toBeInTheDocument();
  });

  it("limits the unit to the head's units and adds a value from a date", async () => {
    const api = mockFetch({
      [LIST]: () => ok({ chargeList: [] }),
      [SETTINGS]: () => ok({ settingList: [] }),
      'POST /api/Configuration/Charges/Add': (request) =>
        ok({ ...buildCharge(), ...(request.body as object), id: 'x', state: 'FUTURE', kind: 'CHARGE' } as ChargeRate),
    });
    const ui = userEvent.setup();
    renderPage('CHARGE');
    expect(await screen.findByRole('heading', { name: 'Operating rules' })).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Add Charge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Charge' });

    await ui.click(within(dialog).getByRole('combobox', { name: /^head/i }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'STU transmission charge',
      'SLDC operating charge',
      'Late-payment interest',
      'E-bidding floor price',
    ]);
    await ui.click(screen.getByRole('option', { name: 'STU transmission charge' }));
    await ui.click(within(dialog).getByRole('combobox', { name: /^unit/i }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Rs/kWh', 'Rs/MW/day']);
    await ui.click(screen.getByRole('option', { name: 'Rs/MW/day' }));

    await ui.click(within(dialog).getByRole('combobox', { name: /^head/i }));
    await ui.click(await screen.findByRole('option', { name: 'SLDC operating charge' }));
    expect(within(dialog).getByRole('combobox', { name: /^unit/i })).toHaveTextContent('Rs per day per transaction');
    await ui.click(within(dialog).getByRole('combobox', { name: /^unit/i }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Rs per day per transaction']);
    await ui.keyboard('{Escape}');

    const date = await within(dialog).findByRole('group', { name: /effective from/i });
    await ui.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Amount is required')).toBeInTheDocument();
    expect(within(dialog).getByText('GST rate (%) is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Effective From is required')).toBeInTheDocument();

    await ui.type(within(dialog).getByRole('textbox', { name: /^amount/i }), '1200');
    await ui.type(within(dialog).getByRole('textbox', { name: /^gst rate/i }), '18');
    await ui.click(within(date).getAllByRole('spinbutton')[0]!);
    await ui.keyboard('01042099');
    await ui.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.calls('POST /api/Configuration/Charges/Add')).toHaveLength(1));
    expect(api.calls('POST /api/Configuration/Charges/Add')[0]!.body).toEqual({
      head: 'SLDC_OPERATING_CHARGE',
      unit: 'INR_PER_DAY',
      amount: '1200',
      gstRatePercent: '18',
      effectiveFrom: '2099-04-01',
      remarks: null,
    });
    expect(await screen.findByText('Charge added successfully!')).toBeInTheDocument();
  });

  it('refuses an effective date in the past before calling the server', async () => {
    const api = mockFetch({ [LIST]: () => ok({ chargeList: [] }) });
    const ui = userEvent.setup();
    renderPage('FEE');
    await ui.click(await screen.findByRole('button', { name: 'Add a value for Renewal fee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Fee' });
    expect(within(dialog).getByRole('combobox', { name: /^head/i })).toHaveTextContent('Renewal fee');
    expect(within(dialog).getByRole('combobox', { name: /^unit/i })).toHaveTextContent('Rs');
    await ui.type(within(dialog).getByRole('textbox', { name: /^amount/i }), '12000');
    await ui.type(within(dialog).getByRole('textbox', { name: /^gst rate/i }), '18');
    const date = await within(dialog).findByRole('group', { name: /effective from/i });
    await ui.click(within(date).getAllByRole('spinbutton')[0]!);
    await ui.keyboard('01012001');
    await ui.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The effective date cannot be in the past.')).toBeInTheDocument();
    expect(api.calls('POST /api/Configuration/Charges/Add')).toHaveLength(0);
  });

  it('edits a future value with its head fixed', async () => {
    const api = mockFetch({
      [LIST]: () => ok({ chargeList: [current, future] }),
      [`PATCH /api/Configuration/Charges/Update/${future.id}`]: (request) => ok({ ...future, ...(request.body as object) }),
    });
    const ui = userEvent.setup();
    renderPage('FEE');
    await ui.click(await screen.findByRole('button', { name: /^edit application fee/i }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Fee' });
    expect(within(dialog).getByRole('combobox', { name: /^head/i })).toHaveAttribute('aria-disabled', 'true');
    const amount = within(dialog).getByRole('textbox', { name: /^amount/i });
    expect(amount).toHaveValue('6000');
    await ui.clear(amount);
    await ui.type(amount, '6500');
    await ui.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(`PATCH /api/Configuration/Charges/Update/${future.id}`)).toHaveLength(1));
    expect(api.calls(`PATCH /api/Configuration/Charges/Update/${future.id}`)[0]!.body).toMatchObject({
      head: 'APPLICATION_FEE',
      amount: '6500',
      effectiveFrom: '2099-04-01',
      remarks: 'Revised by order 12/2099',
    });
    expect(await screen.findByText('Charge updated successfully!')).toBeInTheDocument();
  });
});
