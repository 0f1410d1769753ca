import { enqueueSnackbar, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';

import { connectToaster } from '../lib/notify';

/** notistack toasts: top centre, at most three, six seconds. */
export default function Toaster() {
  useEffect(() => connectToaster((toast) => enqueueSnackbar(toast.message, { variant: toast.variant })), []);
  return <SnackbarProvider maxSnack={3} autoHideDuration={6000} anchorOrigin={{ vertical: 'top', horizontal: 'center' }} preventDuplicate />;
}
