import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { isApiError } from './api-error';

/** Query defaults: no retry of client errors, no refetch on focus, one minute fresh. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => {
          if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
          return failures < 2;
        },
        refetchOnWindowFocus: false,
        staleTime: 60_000,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's one data cache. */
export const queryClient = createQueryClient();

/**
 * Provides the data cache. Mounted by the signed-in layout and by the signed-out pages that need
 * it, not at the root: the login page does without, which keeps TanStack Query off the first load.
 */
export function QueryProvider({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
