import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { fail, mockFetch, ok } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { PreRegisterForm, toPreRegisterPayload } from './pre-register-form';

const PRE = 'POST /api/Account/Preregister';

function renderForm() {
  return renderWithProviders(
    <QueryProvider client={createQueryClient()}>
      <PreRegisterForm />
    </QueryProvider>,
    '/pre-register',
  );
}

async function fillValidTraderForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('radio', { name: 'Yes' }));
  await user.type(screen.getByRole('textbox', { name: /name of entity/i }), 'Bharat Power Traders');
  await user.type(screen.getByRole('textbox', { name: /registered address/i }), '12 MG Road, Ahmedabad');
  const [day, month, year] = screen.getAllByRole('spinbutton');
  await user.click(day!);
  await user.keyboard('15');
  await user.click(month!);
  await user.keyboard('06');
  await user.click(year!);
  await user.keyboard('2010');
  await user.type(screen.getByRole('textbox', { name: /pan card number/i }), 'aabct1234q');
  await user.type(screen.getByRole('textbox', { name: /first name/i }), 'Meera');
  await user.type(screen.getByRole('textbox', { name: /last name/i }), 'Shah');
  await user.type(screen.getByRole('textbox', { name: /email id/i }), 'meera@example.in');
  await user.type(screen.getByRole('textbox', { name: /contact number/i }), '9876543210');
  await user.type(screen.getByRole('textbox', { name: /user name/i }), 'meera.shah');
  for (const box of screen.getAllByRole('checkbox')) await user.click(box);
}

describe('pre-registration form', () => {
  it("requires the three acceptances ('Accept the terms to proceed') and every field", async () => {
    const api = mockFetch({});
    const user = userEvent.setup();
    renderForm();

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Accept the terms to proceed')).toBeInTheDocument();
    expect(screen.getByText('Name of Entity is required')).toBeInTheDocument();
    expect(screen.getByText('Type of Entity is required')).toBeInTheDocument();
    expect(screen.getByText('PAN No. is required')).toBeInTheDocument();
    expect(screen.getByText('Contact Number is required')).toBeInTheDocument();
    expect(api.calls(PRE)).toHaveLength(0);
  });

  it('fixes the entity type to Trader and disables it for a trader', async () => {
    mockFetch({});
    const user = userEvent.setup();
    renderForm();
    const select = screen.getByRole('combobox', { name: /type of entity/i });
    expect(select).not.toHaveAttribute('aria-disabled', 'true');

    await user.click(screen.getByRole('radio', { name: 'Yes' }));

    expect(screen.getByRole('combobox', { name: /type of entity/i })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('combobox', { name: /type of entity/i })).toHaveTextContent('Trader');
  });

  it('sends booleans as booleans', () => {
    expect(toPreRegisterPayload({ isTrader: 'yes' } as never)).toMatchObject({ isTrader: true });
    expect(toPreRegisterPayload({ isTrader: 'no' } as never)).toMatchObject({ isTrader: false });
  });

  it('lists every server error as an alert and marks the fields', async () => {
    const api = mockFetch({
      [PRE]: () =>
        // A taken user name is the one conflict the API reports (a known e-mail or PAN answers success, decision 0017).
        fail(409, 'CONFLICT', 'Some fields are not valid.', [
          { fieldName: 'userName', errorMessages: ['User name is already taken.'] },
          { fieldName: 'contactNumber', errorMessages: ['Provide Integers only'] },
        ]),
    });
    const user = userEvent.setup();
    renderForm();

    await fillValidTraderForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(api.calls(PRE)).toHaveLength(1));
    expect(api.calls(PRE)[0]!.body).toMatchObject({
      isTrader: true,
      entityType: 'Trader',
      dateOfIncorporation: '2010-06-15',
      panCardNumber: 'AABCT1234Q',
      acceptTerms: true,
      acceptContractDemandTerms: true,
      acceptDedicatedFeederTerms: true,
    });
    const alerts = within(await screen.findByTestId('server-errors')).getAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['User name is already taken.', 'Provide Integers only']);
    expect(screen.getByRole('textbox', { name: /user name/i })).toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps the e-mail, says so and goes to set password on success', async () => {
    const api = mockFetch({ [PRE]: () => ok(true) });
    const user = userEvent.setup();
    renderForm();
    await fillValidTraderForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(api.calls(PRE)).toHaveLength(1));
    expect(await screen.findByText('Submitted successfully! Please check your email for verification code.')).toBeInTheDocument();
    expect(window.localStorage.getItem('stoa.setPasswordEmail')).toBe('meera@example.in');
    expect(screen.getByTestId('location')).toHaveTextContent('/set-password');
  });
});
