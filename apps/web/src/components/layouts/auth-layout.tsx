import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';

import { WEB_ROUTES } from '@stoa/shared/navigation';

import { useMessages } from '../../lib/i18n';
import { BrandMark } from '../brand-mark';
import { ErrorBoundary } from '../error-boundary';
import { PageLoader } from '../page-loader';

/** Signed-out pages: the portal name above a centred card (the page renders the card). */
export function AuthLayout() {
  const m = useMessages();
  const location = useLocation();
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
        backgroundImage: 'linear-gradient(180deg, #0b3a75 0, #0b3a75 220px, transparent 220px)',
      }}
    >
      <Box
        component="header"
        className="on-dark"
        sx={{ px: { xs: 2, sm: 4 }, pt: { xs: 2.5, sm: 3.5 }, pb: 2, display: 'flex', justifyContent: 'center' }}
      >
        <Box sx={{ width: '100%', maxWidth: 880, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
          <BrandMark onDark />
          <Typography
            sx={{ color: 'rgba(255,255,255,0.85)', fontSize: '0.85rem', display: { xs: 'none', sm: 'block' }, textAlign: 'right' }}
          >
            {m.app.fullName}
          </Typography>
        </Box>
      </Box>
      <Box
        component="main"
        id="main-content"
        sx={{ flex: 1, display: 'flex', justifyContent: 'center', alignItems: 'flex-start', px: { xs: 1.5, sm: 3 }, pb: 4 }}
      >
        <ErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<PageLoader minHeight={320} />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </Box>
      <Box component="footer" sx={{ py: 2.5, px: 2, textAlign: 'center' }}>
        <Typography variant="body2" sx={{ mb: 0.75 }}>
          <Link component={RouterLink} to={WEB_ROUTES.openAccessInformation.path}>
            {m.footer.openAccessInformation}
          </Link>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {m.footer.copyright(new Date().getFullYear())}
        </Typography>
      </Box>
    </Box>
  );
}
