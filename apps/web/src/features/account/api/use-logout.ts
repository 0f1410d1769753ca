import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

import { accountEndpoints, WEB_ROUTES } from '@stoa/shared';

import { call } from '../../../lib/api-client';
import { authStore } from '../../../lib/auth-store';

/** Revokes the session on the server (best effort), then forgets the user and every cached query. */
export async function logout(queryClient: QueryClient): Promise<void> {
  const user = authStore.getUser();
  if (user) {
    try {
      await call(accountEndpoints.logout, { body: {}, headers: { RefreshToken: user.refreshToken } });
    } catch {
      // The session ends on this device whatever the server says.
    }
  }
  authStore.signOut();
  queryClient.clear();
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    await logout(queryClient);
    navigate(WEB_ROUTES.login.path, { replace: true });
  }, [queryClient, navigate]);
}
