import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';

import { authStore } from '../../../lib/auth-store';
import { buildAuthUser } from '../../../testing/fixtures';
import { mockFetch, ok } from '../../../testing/mock-fetch';
import { logout } from './use-logout';

describe('logout', () => {
  beforeEach(() => authStore.signOut());

  it('forgets the user before the Logout call goes out, then revokes the session with its refresh token', async () => {
    authStore.loginSucceeded(buildAuthUser({ refreshToken: 'refresh-y' }));
    let signedInDuringCall: boolean | undefined;
    const api = mockFetch({
      'POST /api/Account/Logout': () => {
        signedInDuringCall = authStore.getUser() !== null;
        return ok(true);
      },
    });

    await logout(new QueryClient());

    expect(signedInDuringCall).toBe(false);
    expect(api.calls('POST /api/Account/Logout')[0]!.headers.get('RefreshToken')).toBe('refresh-y');
    expect(authStore.getState()).toMatchObject({ user: null, loggedOut: true });
  });
});
