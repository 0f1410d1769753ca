import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

import { errorText } from '../../../lib/api-error';
import { useMessages } from '../../../lib/i18n';
import { useEBiddingMessages } from '../i18n';

/** A load that failed for another reason than "not found": the server's message and a retry. */
export function LoadErrorAlert({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const w = useEBiddingMessages().web;
  const m = useMessages();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {w.reload}
        </Button>
      }
    >
      {errorText(error, m.common.fetchError)}
    </Alert>
  );
}
