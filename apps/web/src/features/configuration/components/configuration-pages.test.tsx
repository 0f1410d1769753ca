import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { buildAuthUser, UTILITIES } from '../../../testing/fixtures';
import { mockFetch, ok } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { todayIst } from '../format';
import { BankDetailsPage } from './bank-details-page';
import { HolidaysPage } from './holidays-page';
import { OperatingRules } from './operating-rules';
import { UtilitiesPage } from './utilities-page';

function renderAsAdmin(ui: ReactNode) {
  authStore.loginSucceeded(buildAuthUser({ role: 'Admin', entityType: null }));
  return renderWithProviders(<QueryProvider client={createQueryClient()}>{ui}</QueryProvider>, '/configurations');
}

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const year = Number(todayIst().slice(0, 4));

describe('configuration pages', () => {
  beforeEach(() => authStore.signOut());

  it('lists the utilities of its type with their zones and adds one with the type fixed', async () => {
    const api = mockFetch({
      'GET /api/Configuration/TranscoDiscom/GetAll': () => ok({ transcoDiscomList: UTILITIES }),
      'POST /api/Configuration/TranscoDiscom/Add': (request) => ok({ id: 'new', ...(request.body as object) }),
      [`PATCH /api/Configuration/TranscoDiscom/Update/${UTILITIES[2]!.id}`]: (request) =>
        ok({ id: UTILITIES[2]!.id, ...(request.body as object) }),
    });
    const ui = userEvent.setup();
    renderAsAdmin(<UtilitiesPage type="DISCOM" />);
    const table = await screen.findByRole('table', { name: 'DISCOM utilities' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['Central Gujarat Vij Company LtdCentral Zone', 'Uttar Gujarat Vij Company LtdNorth Zone']);

    await ui.click(screen.getByRole('button', { name: 'Add DISCOM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add DISCOM' });
    await ui.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Zone is required')).toBeInTheDocument();
    await ui.type(within(dialog).getByRole('textbox', { name: /^name/i }), 'Paschim Gujarat Vij Company Ltd');
    await ui.type(within(dialog).getByRole('textbox', { name: /^zone/i }), 'West Zone');
    await ui.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('POST /api/Configuration/TranscoDiscom/Add')).toHaveLength(1));
    expect(api.calls('POST /api/Configuration/TranscoDiscom/Add')[0]!.body).toEqual({
      name: 'Paschim Gujarat Vij Company Ltd',
      zone: 'West Zone',
      type: 'DISCOM',
    });
    expect(await screen.findByText('DISCOM added successfully!')).toBeInTheDocument();

    await ui.click(screen.getByRole('button', { name: 'Edit Central Gujarat Vij Company Ltd' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit DISCOM' });
    await ui.clear(within(edit).getByRole('textbox', { name: /^zone/i }));
    await ui.type(within(edit).getByRole('textbox', { name: /^zone/i }), 'Middle Zone');
    await ui.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(`PATCH /api/Configuration/TranscoDiscom/Update/${UTILITIES[2]!.id}`)).toHaveLength(1));
    expect(await screen.findByText('DISCOM updated successfully!')).toBeInTheDocument();
  });

  it('lists the holidays of the chosen year; only those ahead can be changed or deleted', async () => {
    const past = { id: '00000000-0000-4000-8000-0000000000d1', date: `${year - 1}-01-26`, description: 'Republic Day' };
    const ahead = { id: '00000000-0000-4000-8000-0000000000d2', date: `${year + 1}-08-15`, description: 'Independence Day' };
    const api = mockFetch({
      'GET /api/Configuration/Holidays/GetAll': () => ok({ holidayList: [past, ahead] }),
      [`DELETE /api/Configuration/Holidays/Delete/${ahead.id}`]: () => ok(true),
    });
    const ui = userEvent.setup();
    renderAsAdmin(<HolidaysPage />);
    await screen.findByText('Independence Day');
    expect(Object.fromEntries(api.calls('GET /api/Configuration/Holidays/GetAll')[0]!.url.searchParams)).toEqual({ year: String(year) });
    expect(within(rowOf('Republic Day')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rowOf('Republic Day')).getByText('Past')).toBeInTheDocument();
    expect(within(rowOf('Independence Day')).getByText('Upcoming')).toBeInTheDocument();

    await ui.click(within(rowOf('Independence Day')).getByRole('button', { name: /^delete independence day/i }));
    await ui.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Holiday deleted successfully!')).toBeInTheDocument();

    await ui.click(screen.getByRole('combobox', { name: 'Year' }));
    await ui.click(await screen.findByRole('option', { name: String(year + 1) }));
    await waitFor(() =>
      expect(Object.fromEntries(api.calls('GET /api/Configuration/Holidays/GetAll').at(-1)!.url.searchParams)).toEqual({
        year: String(year + 1),
      }),
    );
  });

  it('shows the bank accounts with their state; only a scheduled one can be edited or deleted', async () => {
    const base = { accountName: 'State Load Dispatch Centre', accountNumber: '32165498701', branch: 'Gandhinagar' };
    mockFetch({
      'GET /api/Configuration/BankDetails/GetAll': () =>
        ok({
          bankDetailList: [
            { ...base, id: 'b1', bankName: 'Old Bank', ifsc: 'OLDB0000001', effectiveFrom: '2000-01-01', state: 'PAST' },
            { ...base, id: 'b2', bankName: 'State Bank of India', ifsc: 'SBIN0001234', effectiveFrom: '2020-01-01', state: 'CURRENT' },
            { ...base, id: 'b3', bankName: 'Bank of Baroda', ifsc: 'BARB0GANDHI', effectiveFrom: '2099-04-01', state: 'FUTURE' },
          ],
        }),
    });
    const ui = userEvent.setup();
    renderAsAdmin(<BankDetailsPage />);
    await screen.findByText('Bank of Baroda');
    expect(within(rowOf('Old Bank')).getByText('Superseded')).toBeInTheDocument();
    expect(within(rowOf('State Bank of India')).getByText('In force')).toBeInTheDocument();
    expect(within(rowOf('Bank of Baroda')).getByText('Scheduled')).toBeInTheDocument();
    expect(within(rowOf('Old Bank')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rowOf('State Bank of India')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rowOf('Bank of Baroda')).getAllByRole('button')).toHaveLength(2);

    await ui.click(screen.getByRole('button', { name: 'Add Bank Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Bank Details' });
    await within(dialog).findByRole('group', { name: /effective from/i });
    await ui.type(within(dialog).getByRole('textbox', { name: /^ifsc/i }), 'sbin123');
    await ui.type(within(dialog).getByRole('textbox', { name: /^account number/i }), '12');
    await ui.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Bank Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('IFSC is invalid.')).toBeInTheDocument();
    expect(within(dialog).getByText('Account Number must be 9 to 18 digits')).toBeInTheDocument();
    expect(within(dialog).getByText('Effective From is required')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^ifsc/i })).toHaveValue('SBIN123');
  });

  it('groups the operating rules by rule and deletes a scheduled value', async () => {
    const api = mockFetch({
      'GET /api/Configuration/Settings/GetAll': () =>
        ok({
          settingList: [
            {
              id: 's1',
              key: 'bidTick',
              label: 'E-bidding bid tick (Rs/kWh)',
              value: '0.01',
              effectiveFrom: '2000-01-01',
              state: 'CURRENT',
            },
            { id: 's2', key: 'bidTick', label: 'E-bidding bid tick (Rs/kWh)', value: '0.02', effectiveFrom: '2099-04-01', state: 'FUTURE' },
            {
              id: 's3',
              key: 'secondFourthSaturdayOff',
              label: 'Second and fourth Saturdays are holidays (true/false)',
              value: 'true',
              effectiveFrom: '2000-01-01',
              state: 'CURRENT',
            },
          ],
        }),
      'DELETE /api/Configuration/Settings/Delete/s2': () => ok(true),
    });
    const ui = userEvent.setup();
    renderAsAdmin(<OperatingRules />);
    const table = await screen.findByRole('table', { name: 'Operating rules and their values' });
    const tick = within(table).getByRole('rowheader', { name: 'E-bidding bid tick (Rs/kWh)' });
    expect(tick).toHaveAttribute('rowspan', '2');
    expect(within(rowOf('0.01')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rowOf('Yes')).getByText('In force')).toBeInTheDocument();
    await ui.click(within(rowOf('0.02')).getByRole('button', { name: /^delete/i }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText("Delete the value 0.02 of 'E-bidding bid tick (Rs/kWh)' scheduled from Apr 01, 2099?"),
    ).toBeInTheDocument();
    await ui.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Rule value deleted successfully!')).toBeInTheDocument();
    expect(api.calls('DELETE /api/Configuration/Settings/Delete/s2')).toHaveLength(1);
  });
});
