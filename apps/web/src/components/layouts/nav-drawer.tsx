import Business from '@mui/icons-material/Business';
import Dashboard from '@mui/icons-material/Dashboard';
import Handshake from '@mui/icons-material/Handshake';
import Key from '@mui/icons-material/Key';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import Person from '@mui/icons-material/Person';
import Schedule from '@mui/icons-material/Schedule';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

import { hasNestedMenuPath, type MenuSection, WEB_ROUTES } from '@stoa/shared/navigation';

import { useMessages } from '../../lib/i18n';
import { NAV_DRAWER_ID } from './app-header';

export const DRAWER_WIDTH = 264;

/** Icons of the sections that are a single link (shown as one item, without a heading). */
const SINGLE_LINK_ICONS: Record<string, ReactNode> = {
  'user-management': <ManageAccounts fontSize="small" />,
  hangfire: <Schedule fontSize="small" />,
  traders: <Handshake fontSize="small" />,
  entities: <Business fontSize="small" />,
};

const isSingleLink = (section: MenuSection) => section.items.length === 1 && section.items[0]!.label === section.label;

const itemSx = {
  borderRadius: 2,
  mx: 1,
  mb: 0.25,
  '&.active': { bgcolor: 'rgba(11, 58, 117, 0.1)', color: 'primary.main', '& .MuiListItemIcon-root': { color: 'primary.main' } },
  '&.active .MuiListItemText-primary': { fontWeight: 600 },
};

function NavItem({ to, icon, label, onNavigate }: { to: string; icon?: ReactNode; label: string; onNavigate?: () => void }) {
  return (
    <ListItemButton component={NavLink} to={to} end={hasNestedMenuPath(to)} onClick={onNavigate} sx={itemSx}>
      {icon && <ListItemIcon sx={{ minWidth: 38 }}>{icon}</ListItemIcon>}
      <ListItemText primary={label} slotProps={{ primary: { fontSize: '0.92rem' } }} inset={!icon} sx={{ ...(icon ? {} : { pl: 0 }) }} />
    </ListItemButton>
  );
}

/**
 * The navigation drawer: dashboard, the role's menu sections and the account pages. Persistent
 * beside the content on wide screens (open state saved in the browser), temporary on phones.
 */
export function NavDrawer({
  variant,
  open,
  onClose,
  sections,
}: {
  variant: 'persistent' | 'temporary';
  open: boolean;
  onClose: () => void;
  sections: MenuSection[];
}) {
  const m = useMessages();
  const onNavigate = variant === 'temporary' ? onClose : undefined;
  return (
    <Drawer
      id={NAV_DRAWER_ID}
      variant={variant}
      open={open}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      sx={{
        '& .MuiDrawer-paper': {
          width: DRAWER_WIDTH,
          boxSizing: 'border-box',
          borderRight: '1px solid',
          borderColor: 'divider',
          bgcolor: '#fbfcfe',
        },
      }}
    >
      <Toolbar sx={{ minHeight: { xs: 60, md: 68 } }} />
      <Box component="nav" aria-label={m.menu.mainMenu} sx={{ overflowY: 'auto', py: 1.5 }}>
        <List component="div" disablePadding>
          <NavItem to={WEB_ROUTES.landing.path} icon={<Dashboard fontSize="small" />} label={m.menu.dashboard} onNavigate={onNavigate} />
          {sections.filter(isSingleLink).map((section) => (
            <NavItem
              key={section.id}
              to={section.items[0]!.path}
              icon={SINGLE_LINK_ICONS[section.id]}
              label={section.label}
              onNavigate={onNavigate}
            />
          ))}
        </List>
        {sections
          .filter((section) => !isSingleLink(section))
          .map((section) => (
            <List
              key={section.id}
              component="div"
              disablePadding
              subheader={
                <ListSubheader
                  component="div"
                  disableSticky
                  sx={{
                    bgcolor: 'transparent',
                    lineHeight: '36px',
                    mt: 1,
                    fontSize: '0.75rem',
                    textTransform: 'uppercase',
                    letterSpacing: '0.06em',
                    color: 'text.secondary',
                  }}
                >
                  {section.label}
                </ListSubheader>
              }
            >
              {section.items.map((item) => (
                <NavItem key={`${item.path}-${item.label}`} to={item.path} label={item.label} onNavigate={onNavigate} />
              ))}
            </List>
          ))}
        <List
          component="div"
          disablePadding
          subheader={
            <ListSubheader
              component="div"
              disableSticky
              sx={{
                bgcolor: 'transparent',
                lineHeight: '36px',
                mt: 1,
                fontSize: '0.75rem',
                textTransform: 'uppercase',
                letterSpacing: '0.06em',
                color: 'text.secondary',
              }}
            >
              {m.menu.account}
            </ListSubheader>
          }
        >
          <NavItem to={WEB_ROUTES.profile.path} icon={<Person fontSize="small" />} label={m.menu.myProfile} onNavigate={onNavigate} />
          <NavItem
            to={WEB_ROUTES.changePassword.path}
            icon={<Key fontSize="small" />}
            label={m.menu.changePassword}
            onNavigate={onNavigate}
          />
        </List>
      </Box>
    </Drawer>
  );
}
