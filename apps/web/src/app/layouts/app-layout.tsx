import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';

import { menuForRole, WEB_ROUTES } from '@stoa/shared/navigation';

import { STORAGE_KEYS } from '../../config/app';
import { AppFooter } from '../../components/layouts/app-footer';
import { AppHeader } from '../../components/layouts/app-header';
import { DRAWER_WIDTH, NavDrawer } from '../../components/layouts/nav-drawer';
import { ErrorBoundary } from '../../components/error-boundary';
import { PageLoader } from '../../components/page-loader';
import { IdleTimeout } from '../../features/account/components/idle-timeout';
import { UserMenu } from '../../features/account/components/user-menu';
import { useAuthUser } from '../../lib/auth-store';
import { useMessages } from '../../lib/i18n';
import { QueryProvider } from '../../lib/query-client';
import { storage } from '../../lib/storage';

/** The notification bell and its real-time connection: a chunk of its own, after the layout. */
const NotificationBell = lazy(() => import('../../features/notifications/components/notification-bell'));

/** Holds the bell's place while its chunk loads, so the header does not shift. */
const bellPlaceholder = <Box aria-hidden="true" sx={{ width: 40, height: 40, flexShrink: 0 }} />;

/** Drawer open state, remembered in the browser, open by default (spec 000 §9). */
function useRememberedDrawer(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(() => storage.get(STORAGE_KEYS.drawerOpen) !== 'false');
  return [
    open,
    (next: boolean) => {
      storage.set(STORAGE_KEYS.drawerOpen, String(next));
      setOpen(next);
    },
  ];
}

/** Signed-in pages: header with menus, navigation drawer, content, footer and the idle prompt. */
export function AppLayout() {
  const m = useMessages();
  const location = useLocation();
  const user = useAuthUser();
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [desktopOpen, setDesktopOpen] = useRememberedDrawer();
  const [mobileOpen, setMobileOpen] = useState(false);
  const sections = useMemo(() => (user ? menuForRole(user.role) : []), [user]);
  if (!user) return <Navigate to={WEB_ROUTES.login.path} replace />;

  const drawerOpen = isDesktop ? desktopOpen : mobileOpen;
  const toggleDrawer = () => (isDesktop ? setDesktopOpen(!desktopOpen) : setMobileOpen(!mobileOpen));
  const shift = isDesktop && desktopOpen ? DRAWER_WIDTH : 0;

  return (
    <QueryProvider>
      <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
        <Link
          href="#main-content"
          sx={{
            position: 'absolute',
            left: 8,
            top: -48,
            zIndex: 3000,
            bgcolor: '#fff',
            px: 2,
            py: 1,
            borderRadius: 1,
            boxShadow: 2,
            '&:focus': { top: 8 },
          }}
        >
          {m.common.skipToContent}
        </Link>
        <AppHeader
          sections={sections}
          drawerOpen={drawerOpen}
          onToggleDrawer={toggleDrawer}
          notifications={
            <ErrorBoundary resetKey={user.userId} fallback={bellPlaceholder}>
              <Suspense fallback={bellPlaceholder}>
                <NotificationBell />
              </Suspense>
            </ErrorBoundary>
          }
          userMenu={<UserMenu user={user} />}
        />
        <NavDrawer
          variant={isDesktop ? 'persistent' : 'temporary'}
          open={drawerOpen}
          onClose={() => (isDesktop ? setDesktopOpen(false) : setMobileOpen(false))}
          sections={sections}
        />
        <Box
          sx={{
            flex: 1,
            display: 'flex',
            flexDirection: 'column',
            ml: `${shift}px`,
            transition: theme.transitions.create('margin', { duration: theme.transitions.duration.standard }),
            minWidth: 0,
          }}
        >
          <Toolbar sx={{ minHeight: { xs: 60, md: 68 } }} />
          {/* The page area fills the window below the header, so the footer starts below the fold and
              does not jump down when a lazy page or its data arrives (issue 16: CLS on /landing). */}
          <Box
            component="main"
            id="main-content"
            tabIndex={-1}
            sx={{ flex: 1, minHeight: { xs: 'calc(100vh - 60px)', md: 'calc(100vh - 68px)' }, py: { xs: 2.5, md: 4 }, outline: 'none' }}
          >
            <Container maxWidth="lg">
              <ErrorBoundary resetKey={location.pathname}>
                <Suspense fallback={<PageLoader />}>
                  <Outlet />
                </Suspense>
              </ErrorBoundary>
            </Container>
          </Box>
          <AppFooter />
        </Box>
        <IdleTimeout />
      </Box>
    </QueryProvider>
  );
}

export default AppLayout;
