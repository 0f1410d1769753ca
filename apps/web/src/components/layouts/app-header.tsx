import MenuIcon from '@mui/icons-material/Menu';
import MenuOpen from '@mui/icons-material/MenuOpen';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

import { type MenuSection, WEB_ROUTES } from '@stoa/shared/navigation';

import { brand } from '../../lib/theme';
import { useMessages } from '../../lib/i18n';
import { BrandMark } from '../brand-mark';
import { TopMenu } from './top-menu';

export const NAV_DRAWER_ID = 'navigation-drawer';

/** The blue header: drawer toggle, portal name, the role's top menu, the notification bell and user menu slots. */
export function AppHeader({
  sections,
  drawerOpen,
  onToggleDrawer,
  notifications,
  userMenu,
}: {
  sections: MenuSection[];
  drawerOpen: boolean;
  onToggleDrawer: () => void;
  notifications?: ReactNode;
  userMenu: ReactNode;
}) {
  const m = useMessages();
  return (
    <AppBar position="fixed" sx={{ bgcolor: brand.navy, zIndex: (t) => t.zIndex.drawer + 1, borderBottom: `3px solid ${brand.amber}` }}>
      <Toolbar sx={{ gap: { xs: 1, md: 2 }, minHeight: { xs: 60, md: 68 } }}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label={drawerOpen ? m.menu.closeMenu : m.menu.openMenu}
          aria-expanded={drawerOpen}
          aria-controls={NAV_DRAWER_ID}
          onClick={onToggleDrawer}
        >
          {drawerOpen ? <MenuOpen /> : <MenuIcon />}
        </IconButton>
        <Box
          component={RouterLink}
          to={WEB_ROUTES.landing.path}
          aria-label={`${m.app.name}, ${m.menu.dashboard}`}
          sx={{ color: 'inherit', textDecoration: 'none', minWidth: 0, borderRadius: 1 }}
        >
          <BrandMark onDark compact />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0, display: { xs: 'none', md: 'flex' }, justifyContent: 'center' }}>
          <TopMenu sections={sections} />
        </Box>
        <Box sx={{ flex: { xs: 1, md: 0 } }} />
        {notifications}
        {userMenu}
      </Toolbar>
    </AppBar>
  );
}
