import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';

import { AppProvider } from '../app/provider';
import { AppRoutes } from '../app/router';

/** Shows the router's current path, so tests can assert redirects. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** The whole app (real routes, guards, layouts, lazy pages) at `path`. */
export function renderApp(path: string) {
  return render(
    <AppProvider>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProvider>,
  );
}

/** A component inside the app providers and a router. */
export function renderWithProviders(ui: ReactNode, path = '/') {
  return render(
    <AppProvider>
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </AppProvider>,
  );
}
