import Download from '@mui/icons-material/Download';
import Key from '@mui/icons-material/Key';
import Logout from '@mui/icons-material/Logout';
import Person from '@mui/icons-material/Person';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';

import type { AuthUser } from '@stoa/shared/account';
import { WEB_ROUTES } from '@stoa/shared/navigation';

import { UserAvatar } from '../../../components/user-avatar';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { downloadUserManual, manualDownloadErrorText } from '../api/download-manual';
import { useLogout } from '../api/use-logout';

/** Avatar button with My Profile, Change password, Download User Manual and Logout. */
export function UserMenu({ user }: { user: AuthUser }) {
  const m = useMessages();
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const buttonId = useId();
  const menuId = useId();
  const open = anchor !== null;
  const name = `${user.firstName} ${user.lastName}`.trim();
  const close = () => setAnchor(null);

  const onDownload = async () => {
    setDownloading(true);
    try {
      await downloadUserManual(user);
      close();
    } catch (error) {
      notify.error(manualDownloadErrorText(error, m.common));
    } finally {
      setDownloading(false);
    }
  };

  const onLogout = async () => {
    setLoggingOut(true);
    close();
    await logout();
  };

  return (
    <>
      <ButtonBase
        id={buttonId}
        aria-label={`${m.menu.userMenu}: ${name}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{
          borderRadius: 6,
          pl: { xs: 0.5, md: 1.5 },
          pr: 0.5,
          py: 0.5,
          gap: 1.25,
          color: 'inherit',
          '&:hover': { bgcolor: 'rgba(255,255,255,0.1)' },
        }}
      >
        <Box sx={{ display: { xs: 'none', md: 'block' }, textAlign: 'right', lineHeight: 1.2 }}>
          <Typography component="span" sx={{ display: 'block', fontWeight: 600, fontSize: '0.9rem' }}>
            {name}
          </Typography>
          <Typography component="span" sx={{ display: 'block', fontSize: '0.75rem', opacity: 0.85 }}>
            {m.roles[user.role]}
          </Typography>
        </Box>
        {loggingOut ? (
          <CircularProgress size={32} color="inherit" aria-label={m.menu.logout} />
        ) : (
          <UserAvatar firstName={user.firstName} lastName={user.lastName} />
        )}
      </ButtonBase>
      <Popover
        anchorEl={anchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 250, mt: 1 } } }}
      >
        <Box sx={{ px: 2, py: 1.25 }}>
          <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {m.roles[user.role]}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
            {user.email}
          </Typography>
        </Box>
        <Divider />
        <MenuList id={menuId} aria-labelledby={buttonId} autoFocusItem={open} sx={{ py: 0.5 }}>
          <MenuItem component={RouterLink} to={WEB_ROUTES.profile.path} onClick={close}>
            <ListItemIcon>
              <Person fontSize="small" />
            </ListItemIcon>
            {m.menu.myProfile}
          </MenuItem>
          <MenuItem component={RouterLink} to={WEB_ROUTES.changePassword.path} onClick={close}>
            <ListItemIcon>
              <Key fontSize="small" />
            </ListItemIcon>
            {m.menu.changePassword}
          </MenuItem>
          <MenuItem onClick={() => void onDownload()} disabled={downloading}>
            <ListItemIcon>{downloading ? <CircularProgress size={18} aria-hidden="true" /> : <Download fontSize="small" />}</ListItemIcon>
            {m.menu.downloadManual}
          </MenuItem>
          <Divider />
          <MenuItem onClick={() => void onLogout()}>
            <ListItemIcon>
              <Logout fontSize="small" />
            </ListItemIcon>
            {m.menu.logout}
          </MenuItem>
        </MenuList>
      </Popover>
    </>
  );
}
