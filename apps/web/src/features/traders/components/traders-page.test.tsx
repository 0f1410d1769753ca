import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { buildAuthUser } from '../../../testing/fixtures';
import { fail, mockFetch, ok, type RecordedRequest } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { TradersPage } from './traders-page';

const REGISTERED = 'GET /api/TraderManagement/GetAllRegisteredTraders';
const MINE = 'GET /api/TraderManagement/UserBasedTraders/GetAll';
const ADD = 'POST /api/TraderManagement/TraderBasedOnUser/Add';

const TRADERS = [
  { id: '00000000-0000-4000-8000-0000000000a1', description: 'Volt Power Traders Pvt Ltd' },
  { id: '00000000-0000-4000-8000-0000000000a2', description: 'Grid Energy Traders' },
];

type Row = {
  id: string;
  traderId: string;
  registrationEntityType: 'Trader';
  registrationNo: string | null;
  entityName: string;
  issuingAuthority: string | null;
  tradingLicenceNo: string | null;
};
const row = (i: number): Row => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  traderId: TRADERS[0]!.id,
  registrationEntityType: 'Trader',
  registrationNo: `REG/TR/2026/${String(i).padStart(5, '0')}`,
  entityName: `Trader ${i}`,
  issuingAuthority: 'CERC',
  tradingLicenceNo: `TL/${i}`,
});

let mine: Row[] = [];
function page(request: RecordedRequest) {
  const size = Number(request.url.searchParams.get('pageSize'));
  const number = Number(request.url.searchParams.get('pageNumber'));
  return ok({ registrationList: mine.slice((number - 1) * size, number * size), dataCount: mine.length });
}

function renderPage() {
  authStore.loginSucceeded(buildAuthUser({ role: 'OABusinessUser' }));
  return renderWithProviders(
    <QueryProvider client={createQueryClient()}>
      <TradersPage />
    </QueryProvider>,
    '/traders',
  );
}

async function pickTrader(ui: ReturnType<typeof userEvent.setup>, name: string) {
  await ui.click(screen.getByRole('combobox', { name: /trader name/i }));
  await ui.click(await screen.findByRole('option', { name }));
}

describe('Trader Details', () => {
  beforeEach(() => {
    authStore.signOut();
    mine = [];
  });

  it('requires a trader, adds one (busy, toast, list refreshed) and says when it is already added', async () => {
    const api = mockFetch({
      [REGISTERED]: () => ok(TRADERS),
      [MINE]: page,
      [ADD]: (request, index) => {
        if (index === 0) mine = [{ ...row(1), entityName: 'Volt Power Traders Pvt Ltd' }];
        return ok(index === 0);
      },
    });
    const ui = userEvent.setup();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Trader Details' })).toBeInTheDocument();
    expect(await screen.findByText('No traders added yet.')).toBeInTheDocument();

    await ui.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Trader Name is required')).toBeInTheDocument();
    expect(api.calls(ADD)).toHaveLength(0);

    await pickTrader(ui, 'Volt Power Traders Pvt Ltd');
    expect(screen.queryByText('Trader Name is required')).not.toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Trader added successfully!')).toBeInTheDocument();
    expect(api.calls(ADD)[0]!.body).toEqual({ traderId: TRADERS[0]!.id, entityName: 'Volt Power Traders Pvt Ltd' });
    const table = await screen.findByRole('table', { name: 'Your traders' });
    expect(within(table).getByText('Volt Power Traders Pvt Ltd')).toBeInTheDocument();
    expect(within(table).getByText('REG/TR/2026/00001')).toBeInTheDocument();
    for (const header of ['Entity Name', 'Registration No.', 'Issuing Authority', 'Trading Licence No.']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    // The selection is cleared after an add.
    expect(screen.getByRole('combobox', { name: /trader name/i })).toHaveValue('');

    await pickTrader(ui, 'Volt Power Traders Pvt Ltd');
    await ui.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Trader is already added!')).toBeInTheDocument();
  });

  it('no longer offers a trader once it is added (the selection is fetched again)', async () => {
    mockFetch({
      [REGISTERED]: () => ok(TRADERS.filter((t) => !mine.some((r) => r.traderId === t.id))),
      [MINE]: page,
      [ADD]: () => {
        mine = [{ ...row(1), entityName: TRADERS[0]!.description }];
        return ok(true);
      },
    });
    const ui = userEvent.setup();
    renderPage();
    await pickTrader(ui, 'Volt Power Traders Pvt Ltd');
    await ui.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Trader added successfully!')).toBeInTheDocument();
    await ui.click(screen.getByRole('combobox', { name: /trader name/i }));
    expect(await screen.findByRole('option', { name: 'Grid Energy Traders' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Volt Power Traders Pvt Ltd' })).not.toBeInTheDocument());
  });

  it("shows 'Error in submission!' when the add fails", async () => {
    mockFetch({
      [REGISTERED]: () => ok(TRADERS),
      [MINE]: page,
      [ADD]: () => fail(422, 'BUSINESS_RULE', 'This trader has no approved registration.'),
    });
    const ui = userEvent.setup();
    renderPage();
    await pickTrader(ui, 'Grid Energy Traders');
    await ui.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Error in submission!')).toBeInTheDocument();
  });

  it('pages the list on the server and deletes a trader after a confirmation', async () => {
    mine = Array.from({ length: 12 }, (_, i) => row(i + 1));
    const target = mine[0]!;
    const api = mockFetch({
      [REGISTERED]: () => ok(TRADERS),
      [MINE]: page,
      [`PATCH /api/TraderManagement/UserBasedTraders/Delete/${target.id}`]: () => {
        mine = mine.filter((r) => r.id !== target.id);
        return ok(true);
      },
    });
    const ui = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Trader 1')).toBeInTheDocument();
    expect(Object.fromEntries(api.calls(MINE)[0]!.url.searchParams)).toEqual({ pageNumber: '1', pageSize: '10' });
    await ui.click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByText('Trader 11')).toBeInTheDocument();
    expect(Object.fromEntries(api.calls(MINE).at(-1)!.url.searchParams)).toEqual({ pageNumber: '2', pageSize: '10' });
    await ui.click(screen.getByRole('button', { name: /previous page/i }));

    await ui.click(await screen.findByRole('button', { name: 'Delete Trader 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Trader' });
    expect(within(dialog).getByText('Remove Trader 1 from your traders?')).toBeInTheDocument();
    await ui.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls(`PATCH /api/TraderManagement/UserBasedTraders/Delete/${target.id}`)).toHaveLength(0);

    await ui.click(screen.getByRole('button', { name: 'Delete Trader 1' }));
    await ui.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Trader removed.')).toBeInTheDocument();
    expect(api.calls(`PATCH /api/TraderManagement/UserBasedTraders/Delete/${target.id}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Trader 1')).not.toBeInTheDocument());
  });

  it('shows the fetch error of the list with a retry', async () => {
    mockFetch({
      [REGISTERED]: () => ok(TRADERS),
      [MINE]: () => fail(500, 'INTERNAL', 'Sorry! Something went wrong. Please try again later.'),
    });
    renderPage();
    expect(await screen.findByText('Sorry! We are unable to fetch the data.', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
