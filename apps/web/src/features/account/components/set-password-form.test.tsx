import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { md5 } from 'js-md5';
import { describe, expect, it } from 'vitest';

import { QueryProvider, createQueryClient } from '../../../lib/query-client';
import { fail, mockFetch, ok } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { SetPasswordForm } from './set-password-form';

const SET = 'POST /api/Account/ChangeTemporaryPassword';

function renderForm() {
  return renderWithProviders(
    <QueryProvider client={createQueryClient()}>
      <SetPasswordForm />
    </QueryProvider>,
    '/set-password',
  );
}

const ruleStates = () =>
  Object.fromEntries(
    within(screen.getByRole('list', { name: 'Password rules' }))
      .getAllByRole('listitem')
      .map((item) => [item.getAttribute('data-rule'), item.getAttribute('data-met') === 'true']),
  );

const newPassword = () => screen.getByLabelText(/^new password/i, { selector: 'input' });
const confirmPassword = () => screen.getByLabelText(/^confirm password/i, { selector: 'input' });

describe('set password form', () => {
  it('ticks the password rules live as the user types', async () => {
    mockFetch({});
    const user = userEvent.setup();
    renderForm();

    expect(ruleStates()).toEqual({ ruleLength: false, ruleLower: false, ruleUpper: false, ruleDigit: false, ruleSpecial: false });

    await user.type(newPassword(), 'abc');
    expect(ruleStates()).toEqual({ ruleLength: false, ruleLower: true, ruleUpper: false, ruleDigit: false, ruleSpecial: false });

    await user.type(newPassword(), 'DEF12');
    expect(ruleStates()).toEqual({ ruleLength: true, ruleLower: true, ruleUpper: true, ruleDigit: true, ruleSpecial: false });

    await user.type(newPassword(), '@');
    expect(ruleStates()).toEqual({ ruleLength: true, ruleLower: true, ruleUpper: true, ruleDigit: true, ruleSpecial: true });
    // Screen readers hear the state of each rule, not just a colour.
    expect(within(screen.getByRole('list', { name: 'Password rules' })).getAllByText(/: rule met/)).toHaveLength(5);

    await user.type(newPassword(), '{Backspace}');
    expect(ruleStates().ruleSpecial).toBe(false);
  });

  it("says 'Password didn't match' while typing a different confirmation", async () => {
    mockFetch({});
    const user = userEvent.setup();
    renderForm();

    await user.type(newPassword(), 'Abcdef1@');
    await user.type(confirmPassword(), 'Abcdef1');
    expect(await screen.findByText("Password didn't match")).toBeInTheDocument();

    await user.type(confirmPassword(), '@');
    await waitFor(() => expect(screen.queryByText("Password didn't match")).not.toBeInTheDocument());
  });

  it('does not submit unless every rule passes', async () => {
    const api = mockFetch({ [SET]: () => ok(true) });
    const user = userEvent.setup();
    renderForm();

    await user.type(screen.getByRole('textbox', { name: /email/i }), 'new.user@example.in');
    await user.type(screen.getByRole('textbox', { name: /verification code/i }), 'K7P2M9QX');
    await user.type(newPassword(), 'abcdefgh1');
    await user.type(confirmPassword(), 'abcdefgh1');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('The password does not meet every rule below.')).toBeInTheDocument();
    expect(api.calls(SET)).toHaveLength(0);
  });

  it('sends the code and the password as MD5 and shows server errors per field and in a banner', async () => {
    const api = mockFetch({
      [SET]: () =>
        fail(400, 'INVALID_VERIFICATION_CODE', 'Invalid or expired verification code.', [
          { fieldName: 'oldPassword', errorMessages: ['Invalid or expired verification code.'] },
        ]),
    });
    const user = userEvent.setup();
    renderForm();

    await user.type(screen.getByRole('textbox', { name: /email/i }), 'new.user@example.in');
    await user.type(screen.getByRole('textbox', { name: /verification code/i }), 'K7P2M9QX');
    await user.type(newPassword(), 'Abcdef1@x');
    await user.type(confirmPassword(), 'Abcdef1@x');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(api.calls(SET)).toHaveLength(1));
    expect(api.calls(SET)[0]!.body).toEqual({
      emailAddress: 'new.user@example.in',
      oldPassword: md5('K7P2M9QX'),
      newPassword: md5('Abcdef1@x'),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired verification code.');
    expect(screen.getByRole('textbox', { name: /verification code/i })).toHaveAttribute('aria-invalid', 'true');
  });

  it('pre-fills the e-mail kept after pre-registration', () => {
    window.localStorage.setItem('stoa.setPasswordEmail', 'kept@example.in');
    mockFetch({});
    renderForm();
    expect(screen.getByRole('textbox', { name: /email/i })).toHaveValue('kept@example.in');
  });
});
