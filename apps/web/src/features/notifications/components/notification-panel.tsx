import Check from '@mui/icons-material/Check';
import DoneAll from '@mui/icons-material/DoneAll';
import NotificationsNone from '@mui/icons-material/NotificationsNone';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import MuiLink from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Ref } from 'react';
import { Link as RouterLink } from 'react-router';

import type { Notification } from '@stoa/shared/notifications';

import { formatIstDateTime } from '../../../lib/dates';
import { useMessages } from '../../../lib/i18n';
import type { HubStatus } from '../api/notification-hub';
import { useNotificationMessages } from '../i18n';

export interface NotificationPanelProps {
  titleId: string;
  /** The panel itself takes focus after a notification was marked (its button is gone). */
  panelRef?: Ref<HTMLDivElement>;
  notifications: Notification[] | undefined;
  loading: boolean;
  /** The list could not be loaded, or marking as read failed. */
  failed: boolean;
  connection: HubStatus;
  busy: boolean;
  onMarkAsRead: (ids: string[]) => void;
  onReconnect: () => void;
  /** A notification with a link was opened (its record is shown): mark it read and close the panel. */
  onOpen: (notification: Notification) => void;
}

/**
 * The panel under the bell (spec 001 §2): the new notifications with their time span, 'No New
 * Notifications' when there are none, the generic error as an alert, and 'Notification
 * Connection Error' while the real-time connection is down. Reading is explicit: a tick per
 * notification, or 'Mark all as read' for those listed; a notification about a record is a link
 * that opens it (and marks it read).
 */
export function NotificationPanel({
  titleId,
  panelRef,
  notifications,
  loading,
  failed,
  connection,
  busy,
  onMarkAsRead,
  onReconnect,
  onOpen,
}: NotificationPanelProps) {
  const m = useMessages();
  const t = useNotificationMessages();
  const items = notifications ?? [];
  return (
    <Box ref={panelRef} tabIndex={-1} sx={{ width: { xs: 'calc(100vw - 24px)', sm: 380 }, maxWidth: 380, outline: 'none' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, px: 2, py: 1.25 }}>
        <Typography id={titleId} variant="h5" component="h2">
          {m.notifications.title}
        </Typography>
        {items.length > 0 && (
          <Button
            size="small"
            startIcon={<DoneAll />}
            disabled={busy}
            onClick={() => onMarkAsRead(items.map((n) => n.id))}
            sx={{ flexShrink: 0 }}
          >
            {m.notifications.markAllRead}
          </Button>
        )}
      </Box>
      <Divider />
      {connection === 'error' && (
        <Alert severity="warning" sx={{ m: 1.5, mb: 0 }}>
          <AlertTitle sx={{ mb: 0.25 }}>{m.notifications.connectionError}</AlertTitle>
          {t.connectionErrorHint}
          <Box sx={{ mt: 1 }}>
            <Button color="inherit" size="small" variant="outlined" onClick={onReconnect}>
              {t.reconnect}
            </Button>
          </Box>
        </Alert>
      )}
      {failed && (
        <Alert severity="error" sx={{ m: 1.5, mb: 0 }}>
          {m.common.genericError}
        </Alert>
      )}
      <Box sx={{ maxHeight: { xs: '60vh', sm: 420 }, overflowY: 'auto' }}>
        {loading ? (
          <Box role="status" aria-label={t.loading} sx={{ p: 2, display: 'grid', gap: 1.5 }}>
            {[0, 1, 2].map((i) => (
              <Box key={i}>
                <Skeleton width="90%" />
                <Skeleton width="35%" />
              </Box>
            ))}
          </Box>
        ) : items.length === 0 ? (
          failed ? null : (
            <Box sx={{ py: 4, px: 2, textAlign: 'center', color: 'text.secondary' }}>
              <NotificationsNone aria-hidden="true" sx={{ fontSize: 40, color: 'action.disabled', mb: 0.5 }} />
              <Typography>{m.notifications.empty}</Typography>
            </Box>
          )
        ) : (
          <List aria-label={t.listLabel} disablePadding sx={{ py: 0.5 }}>
            {items.map((n) => (
              <ListItem key={n.id} divider sx={{ alignItems: 'flex-start', gap: 1.5, pr: 1, '&:last-of-type': { borderBottom: 0 } }}>
                <Box
                  aria-hidden="true"
                  sx={{ width: 8, height: 8, mt: 0.9, borderRadius: '50%', bgcolor: 'primary.main', flexShrink: 0 }}
                />
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere', lineHeight: 1.5 }}>
                    {n.link ? (
                      // A link to the record: opens it by click or Enter, like any link.
                      <MuiLink component={RouterLink} to={n.link} color="inherit" underline="hover" onClick={() => onOpen(n)}>
                        {n.message}
                      </MuiLink>
                    ) : (
                      n.message
                    )}
                  </Typography>
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    component="time"
                    dateTime={n.createdAt}
                    title={formatIstDateTime(n.createdAt)}
                  >
                    {n.notificationTimeSpan}
                  </Typography>
                </Box>
                <Tooltip title={t.markAsRead}>
                  <IconButton
                    size="small"
                    aria-label={t.markAsReadOf(n.message)}
                    disabled={busy}
                    onClick={() => onMarkAsRead([n.id])}
                    sx={{ mt: -0.25 }}
                  >
                    <Check fontSize="small" />
                  </IconButton>
                </Tooltip>
              </ListItem>
            ))}
          </List>
        )}
      </Box>
    </Box>
  );
}
