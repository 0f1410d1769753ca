import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { buildAuthUser } from '../../../testing/fixtures';
import { fail, mockFetch, ok, type RecordedRequest } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import type { ApplicantRow } from './entities-grid';
import { EntitiesPage } from './entities-page';

const LIST = 'GET /api/TraderManagement/EntityBasedOnTrader/GetAll';
const TYPES = ['InjectingEntity', 'DraweeEntity', 'BothEntity'] as const;

const ALL: ApplicantRow[] = Array.from({ length: 23 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
  entityType: TYPES[i % 3]!,
  registrationNo: `REG/OA/2026/${String(i + 1).padStart(5, '0')}`,
  entityName: `Applicant ${i + 1}`,
  expiredOn: '2026-12-31',
  contactName: `Contact ${i + 1}`,
  email: `contact${i + 1}@example.in`,
  addedOn: '2026-02-03T05:00:00.000Z',
}));

function page(request: RecordedRequest) {
  const q = request.url.searchParams;
  const size = Number(q.get('pageSize'));
  const number = Number(q.get('pageNumber'));
  const rows = ALL.filter(
    (r) =>
      (!q.get('entityName') || r.entityName.toLowerCase().includes(q.get('entityName')!.toLowerCase())) &&
      (!q.get('entityType') || r.entityType === q.get('entityType')) &&
      (!q.get('registrationNo') || r.registrationNo!.includes(q.get('registrationNo')!)),
  );
  return ok({ registrationList: rows.slice((number - 1) * size, number * size), dataCount: rows.length });
}

const query = (request: RecordedRequest) => Object.fromEntries(request.url.searchParams);

function renderPage() {
  authStore.loginSucceeded(buildAuthUser({ role: 'Trader', entityType: 'Trader' }));
  return renderWithProviders(
    <QueryProvider client={createQueryClient()}>
      <EntitiesPage />
    </QueryProvider>,
    '/entities',
  );
}

describe('Associated Approved Applicants', () => {
  beforeEach(() => authStore.signOut());

  it('pages on the server, filters by name, type and registration number, and resets', async () => {
    const api = mockFetch({ [LIST]: page });
    const ui = userEvent.setup();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Associated Approved Applicants' })).toBeInTheDocument();
    expect(await screen.findByText('Applicant 1')).toBeInTheDocument();
    expect(query(api.calls(LIST)[0]!)).toEqual({ pageNumber: '1', pageSize: '10' });
    for (const header of ['Entity Name', 'Registration No.', 'Entity Type', 'Contact Name', 'Email', 'Valid Upto', 'Added On']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(screen.getAllByText('Dec 31, 2026').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Feb 03, 2026').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Injecting Entity').length).toBeGreaterThan(0);

    await ui.click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByText('Applicant 11')).toBeInTheDocument();
    expect(query(api.calls(LIST).at(-1)!)).toEqual({ pageNumber: '2', pageSize: '10' });

    await ui.click(screen.getByRole('combobox', { name: /rows per page/i }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['10', '50', '100']);
    await ui.click(screen.getByRole('option', { name: '50' }));
    await waitFor(() => expect(query(api.calls(LIST).at(-1)!)).toMatchObject({ pageSize: '50' }));

    await ui.type(screen.getByRole('textbox', { name: 'Entity Name' }), ' applicant 2 ');
    await ui.click(screen.getByRole('combobox', { name: 'Entity Type' }));
    await ui.click(await screen.findByRole('option', { name: 'Drawee Entity' }));
    await ui.type(screen.getByRole('textbox', { name: 'Registration No.' }), '0002');
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(query(api.calls(LIST).at(-1)!)).toEqual({
        entityName: 'applicant 2',
        entityType: 'DraweeEntity',
        registrationNo: '0002',
        pageNumber: '1',
        pageSize: '50',
      }),
    );
    expect(await screen.findByText('Applicant 20')).toBeInTheDocument();
    expect(screen.queryByText('Applicant 21')).not.toBeInTheDocument();

    await ui.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(query(api.calls(LIST).at(-1)!)).toEqual({ pageNumber: '1', pageSize: '50' }));
    expect(screen.getByRole('textbox', { name: 'Entity Name' })).toHaveValue('');
  });

  it('shows the empty state and the fetch error', async () => {
    mockFetch({ [LIST]: () => ok({ registrationList: [], dataCount: 0 }) });
    const view = renderPage();
    expect(await screen.findByText('No associated approved applicants.')).toBeInTheDocument();
    view.unmount();

    mockFetch({ [LIST]: () => fail(500, 'INTERNAL', 'Sorry! Something went wrong. Please try again later.') });
    renderPage();
    expect(await screen.findByText('Sorry! We are unable to fetch the data.', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });
});
