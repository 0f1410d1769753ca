import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { useMessages } from '../lib/i18n';

/** Loading placeholder of a list. */
export function ListLoading({ rows = 4 }: { rows?: number }) {
  const m = useMessages();
  return (
    <Stack spacing={1} role="status" aria-label={m.common.loading} sx={{ py: 1 }}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} variant="rounded" height={36} />
      ))}
    </Stack>
  );
}

/** 'Sorry! We are unable to fetch the data.' with a retry. */
export function ListError({ onRetry }: { onRetry: () => void }) {
  const m = useMessages();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {m.common.retry}
        </Button>
      }
    >
      {m.common.fetchError}
    </Alert>
  );
}

export function ListEmpty({ text }: { text: string }) {
  return (
    <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
      {text}
    </Typography>
  );
}
