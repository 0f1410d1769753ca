import { BrowserRouter } from 'react-router';

import { ErrorBoundary } from '../components/error-boundary';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

export function App() {
  return (
    <AppProvider>
      <ErrorBoundary>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </ErrorBoundary>
    </AppProvider>
  );
}
