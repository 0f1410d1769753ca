import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { md5 } from 'js-md5';
import { beforeEach, describe, expect, it } from 'vitest';

import { authStore } from '../../../lib/auth-store';
import { buildAuthUser, buildCaptcha } from '../../../testing/fixtures';
import { fail, mockFetch, ok } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { LoginForm } from './login-form';

const CAPTCHA = 'GET /api/Account/GetCaptcha';
const AUTH = 'POST /api/Account/authenticate';

function captchaSequence() {
  return (_request: unknown, index: number) => ok(buildCaptcha(`captcha-${index + 1}`));
}

const userNameInput = () => screen.getByRole('textbox', { name: /user name/i });
const passwordInput = () => screen.getByLabelText(/^password/i, { selector: 'input' });
const captchaInput = () => screen.getByRole('textbox', { name: /^captcha/i });

describe('login form', () => {
  beforeEach(() => authStore.signOut());

  it('blocks spaces in the user name and password (key and paste)', async () => {
    mockFetch({ [CAPTCHA]: captchaSequence() });
    const user = userEvent.setup();
    renderWithProviders(<LoginForm />);

    const name = userNameInput();
    // The space key is cancelled before it can type anything.
    expect(fireEvent.keyDown(name, { key: ' ' })).toBe(false);
    expect(fireEvent.keyDown(passwordInput(), { key: ' ' })).toBe(false);
    expect(fireEvent.keyDown(name, { key: 'a' })).toBe(true);

    await user.type(name, 'oa applicant');
    expect(name).toHaveValue('oaapplicant');

    await user.clear(name);
    await user.click(name);
    await user.paste('  trader one ');
    expect(name).toHaveValue('traderone');

    await user.click(passwordInput());
    await user.paste('Sec ret#1');
    expect(passwordInput()).toHaveValue('Secret#1');
  });

  it('shows the required messages and sends nothing when fields are empty', async () => {
    const api = mockFetch({ [CAPTCHA]: captchaSequence() });
    const user = userEvent.setup();
    renderWithProviders(<LoginForm />);
    await screen.findByAltText(/captcha image/i);

    await user.click(screen.getByRole('button', { name: 'Log In' }));

    expect(await screen.findByText('User Name is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Captcha is required')).toBeInTheDocument();
    expect(api.calls(AUTH)).toHaveLength(0);
  });

  it('sends the MD5 of the password, clears the captcha, fetches a new one and shows Incorrect Captcha', async () => {
    const api = mockFetch({
      [CAPTCHA]: captchaSequence(),
      [AUTH]: () => fail(400, 'INCORRECT_CAPTCHA', 'Incorrect Captcha', [{ fieldName: 'captcha', errorMessages: ['Incorrect Captcha'] }]),
    });
    const user = userEvent.setup();
    renderWithProviders(<LoginForm />);
    const image = await screen.findByAltText(/captcha image/i);
    expect(decodeURIComponent(image.getAttribute('src')!)).toContain('captcha-1');

    await user.type(userNameInput(), 'oa.applicant');
    await user.type(passwordInput(), 'Oa#Demo2026');
    await user.type(captchaInput(), 'ABC234');
    await user.click(screen.getByRole('button', { name: 'Log In' }));

    expect(await screen.findByText('Incorrect Captcha')).toBeInTheDocument();
    const [sent] = api.calls(AUTH);
    expect(sent!.body).toEqual({ username: 'oa.applicant', password: md5('Oa#Demo2026'), captchaId: 'captcha-1', captcha: 'ABC234' });
    expect(captchaInput()).toHaveValue('');
    await waitFor(() => expect(api.calls(CAPTCHA)).toHaveLength(2));
    await waitFor(() => expect(decodeURIComponent(screen.getByAltText(/captcha image/i).getAttribute('src')!)).toContain('captcha-2'));
    // The error is on the captcha field, not a banner.
    expect(captchaInput()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('login-error')).not.toBeInTheDocument();

    // The next attempt uses the new captcha.
    await user.type(captchaInput(), 'XYZ789');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(api.calls(AUTH)).toHaveLength(2));
    expect(api.calls(AUTH)[1]!.body).toMatchObject({ captchaId: 'captcha-2', captcha: 'XYZ789' });
  });

  it('shows the server error in an alert only while the attempted credentials are unchanged', async () => {
    mockFetch({ [CAPTCHA]: captchaSequence(), [AUTH]: () => fail(401, 'INVALID_CREDENTIALS', 'Invalid user name or password.') });
    const user = userEvent.setup();
    renderWithProviders(<LoginForm />);
    await screen.findByAltText(/captcha image/i);

    await user.type(userNameInput(), 'someone');
    await user.type(passwordInput(), 'wrong');
    await user.type(captchaInput(), 'AAAAAA');
    await user.click(screen.getByRole('button', { name: 'Log In' }));

    const alert = await screen.findByTestId('login-error');
    expect(alert).toHaveTextContent('Invalid user name or password.');
    expect(alert).toHaveAttribute('role', 'alert');
    expect(captchaInput()).toHaveValue('');

    await user.type(userNameInput(), 'x');
    expect(screen.queryByTestId('login-error')).not.toBeInTheDocument();
  });

  it('shows the first of errorResponse[0].errorMessages when the server sends it (spec 000 §8), else message', async () => {
    mockFetch({
      [CAPTCHA]: captchaSequence(),
      [AUTH]: () =>
        fail(401, 'INVALID_CREDENTIALS', 'Envelope message.', [
          { fieldName: 'credentials', errorMessages: ['Invalid user name or password.'] },
        ]),
    });
    const user = userEvent.setup();
    renderWithProviders(<LoginForm />);
    await screen.findByAltText(/captcha image/i);
    await user.type(userNameInput(), 'someone');
    await user.type(passwordInput(), 'wrong');
    await user.type(captchaInput(), 'AAAAAA');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Invalid user name or password.');
    expect(screen.queryByText('Envelope message.')).not.toBeInTheDocument();
  });

  it('stores the user on success', async () => {
    const signedIn = buildAuthUser({ firstName: 'Asha' });
    mockFetch({ [CAPTCHA]: captchaSequence(), [AUTH]: () => ok(signedIn) });
    const user = userEvent.setup();
    renderWithProviders(<LoginForm />);
    await screen.findByAltText(/captcha image/i);

    await user.type(userNameInput(), 'oa.applicant');
    await user.type(passwordInput(), 'Oa#Demo2026');
    await user.type(captchaInput(), 'ABC234');
    await user.click(screen.getByRole('button', { name: 'Log In' }));

    await waitFor(() => expect(authStore.getUser()?.firstName).toBe('Asha'));
    expect(authStore.getState().status).toBe('loggedIn');
    expect(JSON.parse(window.localStorage.getItem('stoa.authUser')!).jwtToken).toBe(signedIn.jwtToken);
  });

  it('offers the captcha as text in a live region', async () => {
    const api = mockFetch({
      [CAPTCHA]: (request) =>
        request.url.searchParams.get('mode') === 'text'
          ? ok(buildCaptcha('captcha-text', { image: undefined, textAlternative: 'Type these 6 characters: A as in Alpha, digit two.' }))
          : ok(buildCaptcha('captcha-image')),
    });
    const user = userEvent.setup();
    renderWithProviders(<LoginForm />);
    await screen.findByAltText(/captcha image/i);

    await user.click(screen.getByRole('button', { name: 'Text version of the captcha' }));

    const region = await screen.findByText(/A as in Alpha/);
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(api.calls(CAPTCHA).some((r) => r.url.searchParams.get('mode') === 'text')).toBe(true);
    expect(screen.queryByAltText(/captcha image/i)).not.toBeInTheDocument();
  });

  it('hides the captcha when the server does not require one', async () => {
    const api = mockFetch({ [CAPTCHA]: () => ok(buildCaptcha('off', { required: false })), [AUTH]: () => ok(buildAuthUser()) });
    const user = userEvent.setup();
    renderWithProviders(<LoginForm />);
    await waitFor(() => expect(api.calls(CAPTCHA)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /^captcha/i })).not.toBeInTheDocument());

    await user.type(userNameInput(), 'oa.applicant');
    await user.type(passwordInput(), 'Oa#Demo2026');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(api.calls(AUTH)).toHaveLength(1));
  });
});
