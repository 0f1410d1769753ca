import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

import { isApiError } from '../lib/api-error';
import { useMessages } from '../lib/i18n';
import { PageHeader } from './page-header';

/** Whether a detail's failed load means there is no such record to show the caller (404, or a malformed id: 400). */
const isMissingRecord = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 400);

/**
 * A detail page whose record did not load, under its header: a record that is not there (or not the
 * caller's) says so; any other failure says the data could not be loaded, with Retry.
 */
export function DetailLoadState({
  title,
  actions,
  error,
  notFound,
  onRetry,
}: {
  title: string;
  /** The header's actions (the Back button). */
  actions?: ReactNode;
  error: unknown;
  /** What a missing record reads. */
  notFound: string;
  onRetry: () => void;
}) {
  const m = useMessages();
  const missing = isMissingRecord(error);
  return (
    <Box>
      <PageHeader title={title} actions={actions} />
      <Alert
        severity={missing ? 'info' : 'error'}
        action={
          missing ? undefined : (
            <Button color="inherit" size="small" onClick={onRetry}>
              {m.common.retry}
            </Button>
          )
        }
      >
        {missing ? notFound : m.common.fetchError}
      </Alert>
    </Box>
  );
}
