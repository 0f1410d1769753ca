import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { buildAuthUser, buildUser, UTILITIES } from '../../../testing/fixtures';
import { fail, mockFetch, ok } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { UserDialog, type UserDialogMode, useUserSaveHandlers } from './user-dialog';

const UTILITIES_API = 'GET /api/Configuration/TranscoDiscom/GetAll';
const ADD = 'POST /api/Admin/AddUser';
const user = buildUser();
const GET_USER = `GET /api/Admin/User/${user.id}`;
const PATCH_USER = `PATCH /api/Admin/User/${user.id}`;

/** The dialog as the users page opens it: with the Admin API's save handlers (or without them). */
function Harness({ mode, onClose, withHandlers }: { mode: UserDialogMode; onClose: () => void; withHandlers: boolean }) {
  const handlers = useUserSaveHandlers();
  return (
    <UserDialog
      mode={mode}
      userId={mode === 'create' ? undefined : user.id}
      onModeChange={vi.fn()}
      onClose={onClose}
      {...(withHandlers ? handlers : {})}
    />
  );
}

function renderDialog(mode: UserDialogMode, onClose = vi.fn(), withHandlers = true) {
  authStore.loginSucceeded(buildAuthUser({ role: 'Admin', entityType: null }));
  renderWithProviders(
    <QueryProvider client={createQueryClient()}>
      <Harness mode={mode} onClose={onClose} withHandlers={withHandlers} />
    </QueryProvider>,
    '/admin/users',
  );
  return onClose;
}

const combo = (name: RegExp) => screen.getByRole('combobox', { name });
const text = (name: RegExp) => screen.getByRole('textbox', { name });

async function choose(ui: ReturnType<typeof userEvent.setup>, name: RegExp, option: string) {
  await ui.click(combo(name));
  await ui.click(await screen.findByRole('option', { name: option }));
}

describe('user dialog', () => {
  beforeEach(() => authStore.signOut());

  it('shows the entity fields only for OA applicants and traders, with Trader fixed for traders', async () => {
    mockFetch({ [UTILITIES_API]: () => ok({ transcoDiscomList: UTILITIES }) });
    const ui = userEvent.setup();
    renderDialog('create');
    expect(screen.getByRole('heading', { name: 'Create User' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /type of entity/i })).not.toBeInTheDocument();

    await choose(ui, /^role/i, 'OA Applicant');
    expect(combo(/type of entity/i)).not.toHaveAttribute('aria-disabled', 'true');
    expect(text(/name of entity/i)).toBeInTheDocument();
    await ui.click(combo(/type of entity/i));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).not.toContain('Trader');
    await ui.keyboard('{Escape}');

    await choose(ui, /^role/i, 'Trader');
    expect(combo(/type of entity/i)).toHaveAttribute('aria-disabled', 'true');
    expect(combo(/type of entity/i)).toHaveTextContent('Trader');

    await choose(ui, /^role/i, 'SLDC Business User');
    expect(screen.queryByRole('combobox', { name: /type of entity/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /connected utility/i })).not.toBeInTheDocument();
  });

  it('offers every role except All', async () => {
    mockFetch({});
    const ui = userEvent.setup();
    renderDialog('create');
    await ui.click(combo(/^role/i));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual([
      'Admin',
      'OA Applicant',
      'Trader',
      'SLDC Business User',
      'SLDC Approver-I',
      'SLDC Approver-II',
      'DISCOM Business User',
      'TRANSCO Business User',
    ]);
  });

  it("lists the utilities of the role's type and derives the zone from the chosen one", async () => {
    mockFetch({ [UTILITIES_API]: () => ok({ transcoDiscomList: UTILITIES }) });
    const ui = userEvent.setup();
    renderDialog('create');
    await choose(ui, /^role/i, 'DISCOM Business User');

    await ui.click(combo(/connected utility/i));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Central Gujarat Vij Company Ltd', 'Uttar Gujarat Vij Company Ltd']);
    await ui.click(screen.getByRole('option', { name: 'Uttar Gujarat Vij Company Ltd' }));
    expect(text(/^zone/i)).toHaveValue('North Zone');
    expect(text(/^zone/i)).toHaveAttribute('readonly');

    await choose(ui, /^role/i, 'TRANSCO Business User');
    expect(text(/^zone/i)).toHaveValue('');
    await ui.click(combo(/connected utility/i));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'State Transmission Corporation Ltd',
      'State Transmission Corporation Ltd (South)',
    ]);
  });

  it("shows every '<Label> is required' message, with PAN optional for DISCOM users", async () => {
    const api = mockFetch({ [UTILITIES_API]: () => ok({ transcoDiscomList: UTILITIES }) });
    const ui = userEvent.setup();
    renderDialog('create');
    await ui.click(screen.getByRole('button', { name: 'Create User' }));

    for (const message of [
      'Role is required',
      'Registered Address is required',
      'First Name is required',
      'Last Name is required',
      'Email ID is required',
      'Contact Person User Name is required',
      'Contact Number is required',
      'PAN Card Number is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }

    await choose(ui, /^role/i, 'OA Applicant');
    await waitFor(() => expect(screen.getByText('Type of Entity is required')).toBeInTheDocument());
    expect(screen.getByText('Name of Entity is required')).toBeInTheDocument();
    expect(screen.getByText('Date of Incorporation is required')).toBeInTheDocument();

    await choose(ui, /^role/i, 'DISCOM Business User');
    await waitFor(() => expect(screen.getByText('Connected Utility is required')).toBeInTheDocument());
    expect(screen.getByText('Zone is required')).toBeInTheDocument();
    expect(screen.queryByText('PAN Card Number is required')).not.toBeInTheDocument();
    expect(screen.queryByText('Type of Entity is required')).not.toBeInTheDocument();
    expect(api.calls(ADD)).toHaveLength(0);
  });

  it('creates a DISCOM user with the utility and zone, then says so', async () => {
    const api = mockFetch({
      [UTILITIES_API]: () => ok({ transcoDiscomList: UTILITIES }),
      [ADD]: (request) => ok(buildUser({ ...(request.body as object) })),
    });
    const ui = userEvent.setup();
    const onClose = renderDialog('create');
    await choose(ui, /^role/i, 'DISCOM Business User');
    await ui.type(text(/contact person user name/i), 'new.discom');
    await ui.type(text(/email id/i), 'new.discom@example.in');
    await ui.type(text(/^first name/i), 'Nita');
    await ui.type(text(/^last name/i), 'Desai');
    await ui.type(text(/contact number/i), '9812345678');
    await ui.type(text(/registered address/i), 'Race Course, Vadodara');
    await choose(ui, /connected utility/i, 'Central Gujarat Vij Company Ltd');
    await ui.click(screen.getByRole('button', { name: 'Create User' }));

    await waitFor(() => expect(api.calls(ADD)).toHaveLength(1));
    expect(api.calls(ADD)[0]!.body).toEqual({
      role: 'DISCOMBusinessUser',
      userName: 'new.discom',
      email: 'new.discom@example.in',
      firstName: 'Nita',
      lastName: 'Desai',
      contactNumber: '9812345678',
      panCardNumber: null,
      registeredAddress: 'Race Course, Vadodara',
      entityType: null,
      entityName: null,
      dateOfIncorporation: null,
      connectedTo: UTILITIES[2]!.id,
      zone: 'Central Zone',
      acceptTerms: true,
      isEnabled: true,
    });
    expect(await screen.findByText('User added successfully!')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('puts the server field errors (duplicate user name and e-mail, 409) on the fields', async () => {
    mockFetch({
      [ADD]: () =>
        fail(409, 'CONFLICT', 'Some fields are not valid.', [
          { fieldName: 'userName', errorMessages: ['User name is already taken.'] },
          { fieldName: 'email', errorMessages: ['Email is already registered.'] },
        ]),
    });
    const ui = userEvent.setup();
    const onClose = renderDialog('create');
    await choose(ui, /^role/i, 'SLDC Business User');
    await ui.type(text(/contact person user name/i), 'sldc.user');
    await ui.type(text(/email id/i), 'sldc@example.in');
    await ui.type(text(/^first name/i), 'Vikram');
    await ui.type(text(/^last name/i), 'Patel');
    await ui.type(text(/contact number/i), '9812345678');
    await ui.type(text(/pan card number/i), 'aaags0000a');
    await ui.type(text(/registered address/i), 'Gandhinagar');
    await ui.click(screen.getByRole('button', { name: 'Create User' }));

    expect(await screen.findByText('User name is already taken.')).toBeInTheDocument();
    expect(screen.getByText('Email is already registered.')).toBeInTheDocument();
    expect(text(/contact person user name/i)).toHaveAttribute('aria-invalid', 'true');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows every field read-only in view mode', async () => {
    mockFetch({ [GET_USER]: () => ok(user) });
    renderDialog('view');
    expect(screen.getByRole('heading', { name: 'View User Details' })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('kiran.rao')).toHaveAttribute('readonly');
    for (const name of [
      /contact person user name/i,
      /email id/i,
      /^first name/i,
      /^last name/i,
      /contact number/i,
      /pan card number/i,
      /registered address/i,
      /^zone/i,
    ]) {
      expect(text(name)).toHaveAttribute('readonly');
    }
    expect(combo(/^role/i)).toHaveTextContent('DISCOM Business User');
    expect(combo(/connected utility/i)).toHaveTextContent('Central Gujarat Vij Company Ltd');
    expect(text(/^zone/i)).toHaveValue('Central Zone');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('locks user name, email, role, utility and zone in edit mode, and saves with PATCH', async () => {
    const api = mockFetch({
      [GET_USER]: () => ok(user),
      [UTILITIES_API]: () => ok({ transcoDiscomList: UTILITIES }),
      [PATCH_USER]: (request) => ok({ ...user, ...(request.body as object) }),
    });
    const ui = userEvent.setup();
    const onClose = renderDialog('edit');
    expect(screen.getByRole('heading', { name: 'Edit User Details' })).toBeInTheDocument();
    await screen.findByDisplayValue('kiran.rao');
    expect(text(/contact person user name/i)).toBeDisabled();
    expect(text(/email id/i)).toBeDisabled();
    expect(combo(/^role/i)).toHaveAttribute('aria-disabled', 'true');
    expect(combo(/connected utility/i)).toHaveAttribute('aria-disabled', 'true');
    expect(text(/^zone/i)).toBeDisabled();
    expect(text(/^first name/i)).toBeEnabled();
    expect(text(/contact number/i)).toBeEnabled();

    await ui.clear(text(/^first name/i));
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('First Name is required')).toBeInTheDocument();

    await ui.type(text(/^first name/i), 'Kiran Kumar');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(PATCH_USER)).toHaveLength(1));
    expect(api.calls(PATCH_USER)[0]!.body).toMatchObject({
      id: user.id,
      firstName: 'Kiran Kumar',
      userName: 'kiran.rao',
      role: 'DISCOMBusinessUser',
      connectedTo: user.connectedTo,
      zone: 'Central Zone',
      acceptTerms: true,
      isEnabled: true,
    });
    expect(await screen.findByText('User updated successfully!')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('locks the entity name and type of an OA applicant in edit mode but not the date of incorporation', async () => {
    const oa = buildUser({
      role: 'OABusinessUser',
      entityName: 'Sunrise Textiles Ltd',
      entityType: 'BothEntity',
      dateOfIncorporation: '2008-04-01',
      panCardNumber: 'AAACS1234K',
      connectedTo: 'DISCOM',
      connectedToName: null,
      zone: null,
    });
    mockFetch({ [GET_USER]: () => ok(oa) });
    renderDialog('edit');
    expect(await screen.findByDisplayValue('Sunrise Textiles Ltd')).toBeDisabled();
    expect(combo(/type of entity/i)).toHaveAttribute('aria-disabled', 'true');
    expect(combo(/connected to licence/i)).toHaveAttribute('aria-disabled', 'true');
    const date = await screen.findByRole('group', { name: /date of incorporation/i });
    expect(within(date).getAllByRole('spinbutton')[0]).not.toHaveAttribute('aria-disabled', 'true');
  });

  it('shows the fetch error when the user cannot be loaded', async () => {
    mockFetch({ [GET_USER]: () => fail(500, 'INTERNAL', 'Sorry! Something went wrong. Please try again later.') });
    renderDialog('view');
    expect(await screen.findByText('Sorry! We are unable to fetch the data.', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it("says 'Method Add User has not been provided.' when opened to create without the add handler, and saves nothing", async () => {
    const api = mockFetch({ [UTILITIES_API]: () => ok({ transcoDiscomList: UTILITIES }) });
    renderDialog('create', vi.fn(), false);
    expect(screen.getByText('Method Add User has not been provided.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create User' })).toBeDisabled();
    expect(api.calls(ADD)).toHaveLength(0);
  });

  it("says 'Method Update User has not been provided.' when opened to edit without the update handler", async () => {
    mockFetch({ [GET_USER]: () => ok(user), [UTILITIES_API]: () => ok({ transcoDiscomList: UTILITIES }) });
    renderDialog('edit', vi.fn(), false);
    expect(await screen.findByText('Method Update User has not been provided.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /save/i })).toBeDisabled();
    expect(screen.queryByText('Method Add User has not been provided.')).not.toBeInTheDocument();
  });

  it('shows no missing-handler message when the handlers are given', async () => {
    mockFetch({ [GET_USER]: () => ok(user), [UTILITIES_API]: () => ok({ transcoDiscomList: UTILITIES }) });
    renderDialog('edit');
    expect(await screen.findByRole('button', { name: /save/i })).toBeEnabled();
    expect(screen.queryByText(/has not been provided/)).not.toBeInTheDocument();
  });
});
