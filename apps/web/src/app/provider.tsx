import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';

import { ToastHost } from '../components/toast-host';
import { theme } from '../lib/theme';

/**
 * Theme and toasts around the whole app. The data cache (lib/query-client.tsx) is provided by
 * the layouts and pages that use it, so the first load (shell + login) stays small.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
      <ToastHost />
    </ThemeProvider>
  );
}
