import { lazy, Suspense } from 'react';

import { useToasterRequested } from '../lib/notify';

const Toaster = lazy(() => import('./toaster'));

/** Mounts the toaster (and loads its library) when the first toast is asked for. */
export function ToastHost() {
  const requested = useToasterRequested();
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
