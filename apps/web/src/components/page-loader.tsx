import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

import { useMessages } from '../lib/i18n';

/** Shown while a lazily loaded page or a slow query arrives. */
export function PageLoader({ minHeight = 240 }: { minHeight?: number | string }) {
  const m = useMessages();
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'grid', placeItems: 'center', minHeight, width: '100%' }}>
      <CircularProgress aria-label={m.common.pageLoading} />
    </Box>
  );
}

/** Whole-window loader while a layout (the signed-in shell) loads. */
export function FullPageLoader() {
  return <PageLoader minHeight="100vh" />;
}
