import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import type { User } from '@stoa/shared/users';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { buildAuthUser, buildUser } from '../../../testing/fixtures';
import { fail, mockFetch, ok, type RecordedRequest } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { UsersPage } from './users-page';

const LIST = 'GET /api/Admin/GetUsers';

/** 23 users (fresh for each test); the handler answers the requested page like the API does. */
const buildAll = (): User[] =>
  Array.from({ length: 23 }, (_, i) =>
    buildUser({
      id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
      firstName: `First${i + 1}`,
      lastName: `Last${i + 1}`,
      userName: `user${i + 1}`,
      email: `user${i + 1}@example.in`,
    }),
  );
let ALL = buildAll();

function page(request: RecordedRequest) {
  const q = request.url.searchParams;
  const size = Number(q.get('pageSize'));
  const number = Number(q.get('pageNumber'));
  const name = q.get('firstName');
  const rows = ALL.filter((u) => !name || u.firstName.toLowerCase().includes(name.toLowerCase()));
  return ok({ userList: rows.slice((number - 1) * size, number * size), dataCount: rows.length });
}

function renderPage(search = '') {
  // An Admin who is not one of the listed users (their own row would have no reset).
  authStore.loginSucceeded(buildAuthUser({ role: 'Admin', entityType: null, userId: '00000000-0000-4000-8000-0000000000ff' }));
  return renderWithProviders(
    <QueryProvider client={createQueryClient()}>
      <UsersPage />
    </QueryProvider>,
    `/admin/users${search}`,
  );
}

const query = (request: RecordedRequest) => Object.fromEntries(request.url.searchParams);

describe('users list', () => {
  beforeEach(() => {
    authStore.signOut();
    ALL = buildAll();
  });

  it('offers no password reset on the signed-in Admin’s own row (issue 11; the server refuses it too)', async () => {
    mockFetch({ [LIST]: page });
    authStore.loginSucceeded(buildAuthUser({ role: 'Admin', entityType: null, userId: ALL[1]!.id }));
    renderWithProviders(
      <QueryProvider client={createQueryClient()}>
        <UsersPage />
      </QueryProvider>,
      '/admin/users',
    );
    expect(await screen.findByText('First1')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^reset the password of/i })).toHaveLength(9);
    expect(screen.queryByRole('button', { name: 'Reset the password of First2 Last2' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset the password of First1 Last1' })).toBeInTheDocument();
  });

  it('pages on the server: page 1 of 10, next page, page size 50, and the filter from page 1', async () => {
    const api = mockFetch({ [LIST]: page });
    const ui = userEvent.setup();
    renderPage();
    expect(screen.getByRole('heading', { name: 'Users List' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Filter Users' })).toBeInTheDocument();
    expect(await screen.findByText('First1')).toBeInTheDocument();
    expect(query(api.calls(LIST)[0]!)).toEqual({ pageNumber: '1', pageSize: '10' });
    for (const header of ['First Name', 'Last Name', 'User Name', 'Email', 'View', 'Edit', 'Enabled', 'Defaulter', 'Reset Password']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(screen.getAllByRole('button', { name: /^reset the password of/i })).toHaveLength(10);

    await ui.click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByText('First11')).toBeInTheDocument();
    expect(query(api.calls(LIST).at(-1)!)).toEqual({ pageNumber: '2', pageSize: '10' });

    await ui.click(screen.getByRole('combobox', { name: /rows per page/i }));
    const sizes = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(sizes).toEqual(['10', '50', '100']);
    await ui.click(screen.getByRole('option', { name: '50' }));
    await waitFor(() => expect(query(api.calls(LIST).at(-1)!)).toMatchObject({ pageSize: '50' }));
    expect(await screen.findByText('First23')).toBeInTheDocument();

    await ui.type(screen.getByRole('textbox', { name: 'First Name' }), ' first2 ');
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(query(api.calls(LIST).at(-1)!)).toEqual({ firstName: 'first2', pageNumber: '1', pageSize: '50' }));
    // First20 was on the unfiltered page of 50 too: wait for the filtered page to replace it.
    await waitFor(() => expect(screen.queryByText('First3')).not.toBeInTheDocument());
    expect(screen.getByText('First20')).toBeInTheDocument();

    await ui.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(query(api.calls(LIST).at(-1)!)).toEqual({ pageNumber: '1', pageSize: '50' }));
    expect(screen.getByRole('textbox', { name: 'First Name' })).toHaveValue('');
  });

  it('starts filtered to the status a figure of the Admin’s dashboard links with; Reset clears it; an unknown one is ignored', async () => {
    const api = mockFetch({
      [LIST]: (request) => {
        const status = request.url.searchParams.get('status');
        const rows = status === 'Defaulter' ? ALL.slice(4, 6) : ALL;
        return ok({ userList: rows.slice(0, 10), dataCount: rows.length });
      },
    });
    const ui = userEvent.setup();
    const view = renderPage('?status=Defaulter');
    expect(await screen.findByText('First5')).toBeInTheDocument();
    expect(screen.queryByText('First1')).not.toBeInTheDocument();
    expect(query(api.calls(LIST)[0]!)).toEqual({ status: 'Defaulter', pageNumber: '1', pageSize: '10' });
    expect(api.calls(LIST)).toHaveLength(1);
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Defaulter');

    await ui.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(query(api.calls(LIST).at(-1)!)).toEqual({ pageNumber: '1', pageSize: '10' }));
    expect(await screen.findByText('First1')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('All');

    // Choosing a status in the filter sends it too.
    await ui.click(screen.getByRole('combobox', { name: 'Status' }));
    await ui.click(await screen.findByRole('option', { name: 'Pending first login' }));
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(query(api.calls(LIST).at(-1)!)).toEqual({ status: 'PendingFirstLogin', pageNumber: '1', pageSize: '10' }));
    view.unmount();

    renderPage('?status=Sleeping');
    await waitFor(() => expect(query(api.calls(LIST).at(-1)!)).toEqual({ pageNumber: '1', pageSize: '10' }));
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('All');
  });

  it('asks before resetting a password, naming the user, and confirms the reset', async () => {
    const target = ALL[0]!;
    const api = mockFetch({ [LIST]: page, [`POST /api/Admin/ResetPassword/${target.id}`]: () => ok(true) });
    const ui = userEvent.setup();
    renderPage();
    await ui.click(await screen.findByRole('button', { name: 'Reset the password of First1 Last1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to reset the password of First1 Last1?')).toBeInTheDocument();
    expect(api.calls(`POST /api/Admin/ResetPassword/${target.id}`)).toHaveLength(0);

    await ui.click(within(dialog).getByRole('button', { name: 'RESET' }));
    expect(await screen.findByText('Password has been reset.')).toBeInTheDocument();
    expect(api.calls(`POST /api/Admin/ResetPassword/${target.id}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('toggles Enabled and Defaulter with one POST each and shows the new state', async () => {
    const target = ALL[1]!;
    const api = mockFetch({
      [LIST]: page,
      [`POST /api/Admin/EnableDisableUser/${target.id}`]: () => {
        target.isEnabled = !target.isEnabled;
        return ok({ id: target.id, isEnabled: target.isEnabled, isDefaulter: target.isDefaulter });
      },
      [`POST /api/Admin/EnableDisableUserDefaulter/${target.id}`]: () => fail(422, 'BUSINESS_RULE', 'The user could not be changed.'),
    });
    const ui = userEvent.setup();
    renderPage();
    const enabled = await screen.findByRole('switch', { name: 'Enabled: First2 Last2' });
    expect(enabled).toBeChecked();
    await ui.click(enabled);
    expect(await screen.findByText('First2 Last2 has been disabled and signed out.')).toBeInTheDocument();
    expect(api.calls(`POST /api/Admin/EnableDisableUser/${target.id}`)).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Enabled: First2 Last2' })).not.toBeChecked());

    await ui.click(screen.getByRole('switch', { name: 'Defaulter: First2 Last2' }));
    expect(await screen.findByText('The user could not be changed.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Defaulter: First2 Last2' })).not.toBeChecked();
  });

  it('opens the dialog in view and edit mode from the row', async () => {
    const target = ALL[2]!;
    mockFetch({
      [LIST]: page,
      [`GET /api/Admin/User/${target.id}`]: () => ok(target),
      'GET /api/Configuration/TranscoDiscom/GetAll': () => ok({ transcoDiscomList: [] }),
    });
    const ui = userEvent.setup();
    renderPage();
    await ui.click(await screen.findByRole('button', { name: 'View First3 Last3' }));
    expect(await screen.findByRole('heading', { name: 'View User Details' })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('user3')).toHaveAttribute('readonly');
    await ui.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByRole('heading', { name: 'Edit User Details' })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('user3')).toBeDisabled();
  });

  it('shows the empty state and the fetch error', async () => {
    mockFetch({ [LIST]: () => ok({ userList: [], dataCount: 0 }) });
    const view = renderPage();
    expect(await screen.findByText('No users match the filter.')).toBeInTheDocument();
    view.unmount();

    mockFetch({ [LIST]: () => fail(500, 'INTERNAL', 'Sorry! Something went wrong. Please try again later.') });
    renderPage();
    expect(await screen.findByText('Sorry! We are unable to fetch the data.', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });
});
