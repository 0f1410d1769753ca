import { useState } from 'react';

import { errorText } from './api-error';
import { notify } from './notify';

/**
 * A download started from a button: `busy` while it runs (the button shows it and is disabled), and a
 * failure told in a toast (the error's own text, else `failedText`).
 */
export function useDownload(failedText: string) {
  const [busy, setBusy] = useState(false);
  const download = async (save: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await save();
    } catch (error) {
      notify.error(errorText(error, failedText));
    } finally {
      setBusy(false);
    }
  };
  return { busy, download };
}
