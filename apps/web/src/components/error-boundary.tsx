import { Component, type ErrorInfo, type ReactNode } from 'react';

import { ErrorFallback } from './error-fallback';

interface Props {
  children: ReactNode;
  /** When this changes (e.g. the path), a shown error is cleared and the children render again. */
  resetKey?: unknown;
  /** Shown instead of the full-page fallback (e.g. a header widget that failed). */
  fallback?: ReactNode;
}

/** Catches rendering failures and shows 'Some Unexpected Error Has Occured' (spec 000 §2). */
export class ErrorBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.error !== null && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render() {
    if (this.state.error !== null) return this.props.fallback ?? <ErrorFallback />;
    return this.props.children;
  }
}
