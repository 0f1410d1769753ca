import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';

import { renewSession } from '../../../lib/api-client';
import { authStore } from '../../../lib/auth-store';
import { brand } from '../../../lib/theme';
import { connectNotificationHub, type HubOptions, type HubStatus, type NotificationHub } from '../api/notification-hub';
import { notificationQueries, refetchNotifications, useMarkAsRead } from '../api/notification-queries';
import { useNotificationMessages } from '../i18n';
import { playNotificationSound } from '../lib/notification-sound';
import { NotificationPanel } from './notification-panel';

/** While the real-time connection is down, the count is still polled this often. */
const POLL_WHILE_OFFLINE_MS = 60_000;

/**
 * The header bell of every signed-in role (spec 001 §2, §7): the unread count, the panel, and
 * the real-time hub connection. A `BroadcastMessage` refetches count and list and, when the
 * count went up, plays the arrival sound. Loaded lazily by the signed-in layout.
 */
export function NotificationBell({ backoff }: { backoff?: HubOptions['backoff'] }) {
  const t = useNotificationMessages();
  const queryClient = useQueryClient();
  const [connection, setConnection] = useState<HubStatus>('connecting');
  const poll = connection === 'error' ? POLL_WHILE_OFFLINE_MS : false;
  const count = useQuery({ ...notificationQueries.count(), refetchInterval: poll });
  const list = useQuery({ ...notificationQueries.list(), refetchInterval: poll });
  const markAsRead = useMarkAsRead();
  const hub = useRef<NotificationHub | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttonId = useId();
  const panelId = useId();
  const titleId = useId();

  useEffect(() => {
    const instance = connectNotificationHub({
      getToken: () => authStore.getUser()?.jwtToken,
      renew: renewSession,
      backoff,
      onStatus: setConnection,
      onFrame: (frame) => {
        if (frame.type === 'Connected') {
          // Events may have been missed while disconnected.
          void queryClient.invalidateQueries({ queryKey: notificationQueries.all() });
          return;
        }
        void refetchNotifications(queryClient).then((arrived) => {
          if (arrived) playNotificationSound();
        });
      },
    });
    hub.current = instance;
    return () => {
      instance.close();
      hub.current = null;
    };
  }, [queryClient, backoff]);

  const unread = count.data?.count ?? 0;
  const open = anchor !== null;
  const offline = connection === 'error';
  const label = offline ? t.bellLabelOffline(unread) : t.bellLabel(unread);

  return (
    <>
      <IconButton
        id={buttonId}
        color="inherit"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          markAsRead.reset();
          void list.refetch();
        }}
      >
        <Badge
          variant="dot"
          invisible={!offline}
          overlap="circular"
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          sx={{
            '& .MuiBadge-dot': { bgcolor: brand.amber, border: `2px solid ${brand.navy}`, width: 12, height: 12, borderRadius: '50%' },
          }}
        >
          <Badge badgeContent={unread} color="error" max={99} overlap="circular">
            <NotificationsOutlined />
          </Badge>
        </Badge>
      </IconButton>
      <Popover
        id={panelId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { mt: 1 } } as object }}
      >
        <NotificationPanel
          titleId={titleId}
          panelRef={panel}
          notifications={list.data}
          loading={list.isPending}
          failed={list.isError || markAsRead.isError}
          connection={connection}
          busy={markAsRead.isPending}
          onMarkAsRead={(ids) => markAsRead.mutate(ids, { onSuccess: () => panel.current?.focus() })}
          onOpen={(n) => {
            setAnchor(null);
            markAsRead.mutate([n.id]);
          }}
          onReconnect={() => {
            // The alert and its button go once connected: keep focus in the panel.
            panel.current?.focus();
            hub.current?.reconnectNow();
          }}
        />
      </Popover>
    </>
  );
}

export default NotificationBell;
