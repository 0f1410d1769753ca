import { lazy, Suspense } from 'react';

import { type ToastVariant, useToasterRequested } from '../lib/notify';
import { theme } from '../lib/theme';

const Toaster = lazy(() => import('./toaster'));

/**
 * notistack's own colours give white text too little contrast (green and blue below 4.5:1): the
 * theme's shades instead (WCAG 1.4.3). Passed from here so that the toaster's chunk does not
 * import the theme (which would split the first load's chunks).
 */
const TOAST_COLORS: Record<ToastVariant, string> = {
  success: theme.palette.success.main,
  error: theme.palette.error.main,
  info: theme.palette.info.dark,
  warning: theme.palette.warning.dark,
};

/** Mounts the toaster (and loads its library) when the first toast is asked for. */
export function ToastHost() {
  const requested = useToasterRequested();
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster colors={TOAST_COLORS} />
    </Suspense>
  );
}
