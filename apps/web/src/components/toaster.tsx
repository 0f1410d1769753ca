import { enqueueSnackbar, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';

import { connectToaster, type ToastVariant } from '../lib/notify';

/** notistack toasts: top centre, at most three, six seconds, in the given colours. */
export default function Toaster({ colors }: { colors: Record<ToastVariant, string> }) {
  useEffect(
    () =>
      connectToaster((toast) =>
        enqueueSnackbar(toast.message, { variant: toast.variant, style: { backgroundColor: colors[toast.variant] } }),
      ),
    [colors],
  );
  return (
    <SnackbarProvider maxSnack={3} autoHideDuration={6000} anchorOrigin={{ vertical: 'top', horizontal: 'center' }} preventDuplicate />
  );
}
