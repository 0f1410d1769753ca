import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { AtcMargin } from '@stoa/shared/atc';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { buildAuthUser } from '../../../testing/fixtures';
import { fail, mockFetch, ok } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { AtcViewEditPage } from './atc-view-edit-page';

const margin = (n: number, element: string, value = '20.00', version = 1): AtcMargin => ({
  id: `00000000-0000-4000-8000-0000000000c${n}`,
  mode: 'IntraState',
  marginDate: '2026-11-21',
  element,
  blocks: Array<string>(96).fill(value),
  version,
  updatedOn: '2026-11-20T06:30:00.000Z',
  updatedBy: 'Sima Desai',
});
const ANAND = margin(1, 'Anand 132 kV');
const KHEDA = margin(2, 'Kheda 220 kV', '35.50', 3);

function renderPage() {
  authStore.loginSucceeded(buildAuthUser({ role: 'SLDCBusinessUser', entityType: null }));
  return renderWithProviders(
    <QueryProvider client={createQueryClient()}>
      <AtcViewEditPage mode="IntraState" />
    </QueryProvider>,
  );
}

const cell = (grid: HTMLElement, element: string, column: number) =>
  within(within(grid).getByRole('row', { name: new RegExp(element) })).getAllByRole('gridcell')[column]!;

describe('ATC view/edit page', () => {
  beforeEach(() => {
    authStore.signOut();
    // 21 Nov 2026, 10:00 IST: the page opens on today's IST date.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T04:30:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it("shows today's margins by element and block, and says when there are none", async () => {
    const api = mockFetch({
      'GET /api/Atc/GetMargins/IntraState': (request) =>
        request.url.searchParams.get('element') ? ok({ marginList: [], dataCount: 0 }) : ok({ marginList: [ANAND, KHEDA], dataCount: 2 }),
    });
    const ui = userEvent.setup();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Intra-State ATC View/Edit' })).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'Margins in MW on Nov 21, 2026' });
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toHaveLength(97);
    expect([headers[0], headers[1], headers[2], headers[96]]).toEqual(['Element', '00:00', '00:15', '23:45']);
    expect(
      within(grid)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Anand 132 kV', 'Kheda 220 kV']);
    expect(cell(grid, 'Kheda', 95)).toHaveTextContent('35.50');
    expect(api.calls('GET /api/Atc/GetMargins/IntraState')[0]!.url.searchParams.get('date')).toBe('2026-11-21');

    await ui.type(screen.getByRole('textbox', { name: 'Element contains' }), 'zzz');
    await ui.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No element matches the filter.')).toBeInTheDocument();
    expect(api.calls('GET /api/Atc/GetMargins/IntraState').at(-1)!.url.searchParams.get('element')).toBe('zzz');
  });

  it('edits cells in place (only numbers, at most 2 decimals), saves one correction per element with its version', async () => {
    let saved = false;
    const api = mockFetch({
      'GET /api/Atc/GetMargins/IntraState': () =>
        ok({ marginList: saved ? [{ ...ANAND, version: 2 }, KHEDA] : [ANAND, KHEDA], dataCount: 2 }),
      'PATCH /api/Atc/UpdateMargin/00000000-0000-4000-8000-0000000000c1': () => {
        saved = true;
        return ok({ ...ANAND, version: 2, blocks: ANAND.blocks.map((b, i) => (i === 0 ? '12.50' : b)) });
      },
      'PATCH /api/Atc/UpdateMargin/00000000-0000-4000-8000-0000000000c2': () =>
        fail(409, 'CONFLICT', 'These margins were changed by someone else. Reload them and make your corrections again.'),
    });
    const ui = userEvent.setup();
    renderPage();
    const grid = await screen.findByRole('grid');
    expect(screen.getByRole('button', { name: 'Save corrections' })).toBeDisabled();

    await ui.click(cell(grid, 'Anand', 0));
    const editor = within(grid).getByRole('textbox', { name: 'Margin of Anand 132 kV, 00:00 to 00:15, in MW' });
    await ui.clear(editor);
    // e, minus and a third decimal are not taken.
    await ui.type(editor, '-1e2.5678');
    expect(editor).toHaveValue('12.56');
    await ui.clear(editor);
    await ui.type(editor, '12.5{Enter}');
    expect(cell(grid, 'Anand', 0)).toHaveTextContent('12.50 (corrected)');
    // Enter moved to the next element, same block.
    expect(cell(grid, 'Kheda', 0)).toHaveFocus();

    // Keyboard: move right and type a new value; Escape drops an edit.
    await ui.keyboard('{ArrowRight}7{Tab}');
    expect(cell(grid, 'Kheda', 1)).toHaveTextContent('7.00 (corrected)');
    expect(cell(grid, 'Kheda', 2)).toHaveFocus();
    await ui.keyboard('{Enter}99{Escape}');
    expect(cell(grid, 'Kheda', 2)).toHaveTextContent('35.50');
    // Typing the saved value again is no correction.
    await ui.keyboard('{ArrowUp}20{Enter}');
    expect(cell(grid, 'Anand', 2)).toHaveTextContent(/^20\.00$/);

    expect(screen.getByText('2 blocks corrected in 2 elements')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Save corrections' }));
    expect(await screen.findByText('Corrections saved for 1 element.')).toBeInTheDocument();
    expect(
      await screen.findByText('Kheda 220 kV: These margins were changed by someone else. Reload them and make your corrections again.'),
    ).toBeInTheDocument();
    expect(api.calls('PATCH /api/Atc/UpdateMargin/00000000-0000-4000-8000-0000000000c1')[0]!.body).toEqual({
      version: 1,
      blocks: [{ block: 1, margin: '12.50' }],
    });
    expect(api.calls('PATCH /api/Atc/UpdateMargin/00000000-0000-4000-8000-0000000000c2')[0]!.body).toEqual({
      version: 3,
      blocks: [{ block: 2, margin: '7.00' }],
    });
    await waitFor(() => expect(screen.getByText('No corrections yet.')).toBeInTheDocument());
  });

  it('shows the fetch error with a retry', async () => {
    mockFetch({ 'GET /api/Atc/GetMargins/IntraState': () => fail(500, 'INTERNAL', 'Sorry! Something went wrong.') });
    renderPage();
    expect(await screen.findByText('Sorry! We are unable to fetch the data.', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
