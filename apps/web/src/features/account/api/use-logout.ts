import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

import { accountEndpoints } from '@stoa/shared/account';
import { WEB_ROUTES } from '@stoa/shared/navigation';

import { call } from '../../../lib/api-client';
import { authStore } from '../../../lib/auth-store';

/**
 * Forgets the user and every cached query at once, then revokes the session on the server (best
 * effort). Signing out first means nothing of the session (the notification socket the server
 * closes, a query in flight) tries to renew it while the Logout call is on its way.
 */
export async function logout(queryClient: QueryClient): Promise<void> {
  const user = authStore.getUser();
  authStore.signOut({ loggedOut: true });
  queryClient.clear();
  if (!user) return;
  try {
    await call(accountEndpoints.logout, { body: {}, headers: { RefreshToken: user.refreshToken } });
  } catch {
    // The session ends on this device whatever the server says.
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    await logout(queryClient);
    navigate(WEB_ROUTES.login.path, { replace: true });
  }, [queryClient, navigate]);
}
