import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { AppProvider } from '../../../app/provider';
import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { buildAuthUser } from '../../../testing/fixtures';
import { mockFetch, ok } from '../../../testing/mock-fetch';
import { IdleTimeout, readIdleLimits } from './idle-timeout';

function renderIdle() {
  return render(
    <AppProvider>
      <QueryProvider client={createQueryClient()}>
        <IdleTimeout />
      </QueryProvider>
    </AppProvider>,
  );
}

describe('idle timeout', () => {
  beforeEach(() => authStore.signOut());

  it('uses 30 minutes and a 60-second prompt unless overridden for tests', () => {
    expect(readIdleLimits()).toEqual({ idleMs: 1_800_000, promptMs: 60_000 });
    window.localStorage.setItem('stoa.idleTimeoutMs', '500');
    window.localStorage.setItem('stoa.idlePromptMs', '4000');
    expect(readIdleLimits()).toEqual({ idleMs: 500, promptMs: 4000 });
  });

  it('asks "Are you still there?" with a countdown, and Stay Logged In keeps the session', async () => {
    // Long enough that the prompt does not come straight back after Stay Logged In.
    window.localStorage.setItem('stoa.idleTimeoutMs', '1500');
    window.localStorage.setItem('stoa.idlePromptMs', '5000');
    authStore.loginSucceeded(buildAuthUser());
    mockFetch({});
    const user = userEvent.setup();
    renderIdle();

    const dialog = await screen.findByRole('dialog', { name: 'Are you still there?' }, { timeout: 4000 });
    expect(dialog).toHaveTextContent('You will be logged out automatically in');
    expect(screen.getByTestId('idle-countdown')).toHaveTextContent(/^[1-5] seconds$/);

    await user.click(screen.getByRole('button', { name: 'Stay Logged In' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 1000 });
    expect(authStore.getUser()).not.toBeNull();
  });

  it('Log Out Now signs out on the server and in the browser, then reloads', async () => {
    window.localStorage.setItem('stoa.idleTimeoutMs', '200');
    window.localStorage.setItem('stoa.idlePromptMs', '5000');
    authStore.loginSucceeded(buildAuthUser({ refreshToken: 'refresh-x' }));
    const api = mockFetch({ 'POST /api/Account/Logout': () => ok(true) });
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
    const user = userEvent.setup();
    renderIdle();

    await screen.findByRole('dialog', { name: 'Are you still there?' }, { timeout: 3000 });
    await user.click(screen.getByRole('button', { name: 'Log Out Now' }));

    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(api.calls('POST /api/Account/Logout')[0]!.headers.get('RefreshToken')).toBe('refresh-x');
    expect(authStore.getUser()).toBeNull();
  });

  it('signs out and reloads by itself when the countdown ends', async () => {
    window.localStorage.setItem('stoa.idleTimeoutMs', '150');
    window.localStorage.setItem('stoa.idlePromptMs', '400');
    authStore.loginSucceeded(buildAuthUser());
    mockFetch({ 'POST /api/Account/Logout': () => ok(true) });
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
    renderIdle();

    await waitFor(() => expect(reload).toHaveBeenCalled(), { timeout: 4000 });
    expect(authStore.getUser()).toBeNull();
  });
});
