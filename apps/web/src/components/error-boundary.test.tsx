import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { AppProvider } from '../app/provider';
import { ErrorBoundary } from './error-boundary';

function Broken(): never {
  throw new Error('render failed');
}

describe('error boundary', () => {
  it("shows 'Some Unexpected Error Has Occured' with a way back when a page fails to render", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(
      <AppProvider>
        <ErrorBoundary resetKey="/broken">
          <Broken />
        </ErrorBoundary>
      </AppProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Some Unexpected Error Has Occured');
    expect(screen.getByRole('link', { name: 'Go to Home Page' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();

    // Navigating elsewhere (a new reset key) renders the new page again.
    rerender(
      <AppProvider>
        <ErrorBoundary resetKey="/landing">
          <p>Landing</p>
        </ErrorBoundary>
      </AppProvider>,
    );
    expect(screen.getByText('Landing')).toBeInTheDocument();
  });
});
