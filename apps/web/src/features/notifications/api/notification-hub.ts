import {
  NOTIFY_CLOSE_UNAUTHORIZED,
  NOTIFY_PATH,
  NOTIFY_SUBPROTOCOL,
  NOTIFY_TOKEN_PROTOCOL_PREFIX,
  type NotifyFrame,
} from '@stoa/shared/notifications';

/** The frames of the hub (notifyFrameSchema), checked by hand: zod's union would join the first load's zod chunk. */
function readFrame(data: unknown): NotifyFrame | null {
  try {
    const type = (JSON.parse(String(data)) as { type?: unknown } | null)?.type;
    return type === 'Connected' || type === 'BroadcastMessage' ? { type } : null;
  } catch {
    return null;
  }
}

/** 'connected' after the hub's `Connected` frame; 'error' after a failed or lost connection. */
export type HubStatus = 'connecting' | 'connected' | 'error';

export interface HubOptions {
  /** The signed-in user's access token; none: no connection (signed out). */
  getToken: () => string | undefined;
  /** Renews the tokens after the hub refused `failedToken` (4401); null when signed out. */
  renew: (failedToken: string) => Promise<{ jwtToken: string } | null>;
  onFrame: (frame: NotifyFrame) => void;
  onStatus: (status: HubStatus) => void;
  /** Wait before reconnect attempt `attempt` (0, 1, …), in ms. */
  backoff?: (attempt: number) => number;
  /** Defaults to the hub of this origin (ws: or wss:). */
  url?: string;
}

export interface NotificationHub {
  /** Reconnects at once (the user asked to, or the browser is back online). */
  reconnectNow(): void;
  close(): void;
}

/** 1 s, 2 s, 4 s … up to 30 s, each ±20 % so that many tabs do not reconnect in step. */
export function defaultBackoff(attempt: number): number {
  return Math.min(30_000, 1_000 * 2 ** attempt) * (0.8 + Math.random() * 0.4);
}

export function hubUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${NOTIFY_PATH}`;
}

/**
 * The real-time notification connection (ARCHITECTURE.md §7, docs/api.md Notifications): a
 * WebSocket to /api/notify with the access token as a sub-protocol (browsers cannot set headers
 * on a WebSocket). It reconnects with back-off after any failure; when the hub closes with 4401
 * (token expired or refused) it renews the token through the API client's refresh and reconnects
 * at once. A second 4401 in a row waits for the back-off, so a refused session cannot spin.
 */
export function connectNotificationHub(options: HubOptions): NotificationHub {
  const backoff = options.backoff ?? defaultBackoff;
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let refusedInRow = 0;
  let closed = false;

  const schedule = (delay = backoff(attempt++)) => {
    clearTimeout(timer);
    timer = setTimeout(open, delay);
  };

  const fail = () => {
    options.onStatus('error');
    schedule();
  };

  async function onRefused(token: string) {
    let user: { jwtToken: string } | null | undefined;
    try {
      user = await options.renew(token);
    } catch {
      user = undefined; // the refresh itself could not reach the server
    }
    if (closed || user === null) return; // signed out: the layout goes away
    refusedInRow += 1;
    if (user && refusedInRow === 1) schedule(0);
    else fail();
  }

  function open() {
    timer = undefined;
    if (closed || socket) return;
    const token = options.getToken();
    if (!token) return;
    let ws: WebSocket;
    try {
      ws = new WebSocket(options.url ?? hubUrl(), [NOTIFY_SUBPROTOCOL, `${NOTIFY_TOKEN_PROTOCOL_PREFIX}${token}`]);
    } catch {
      fail();
      return;
    }
    socket = ws;
    ws.onmessage = (event: MessageEvent) => {
      const frame = readFrame(event.data);
      if (!frame) return;
      if (frame.type === 'Connected') {
        attempt = 0;
        refusedInRow = 0;
        options.onStatus('connected');
      }
      options.onFrame(frame);
    };
    ws.onclose = (event: CloseEvent) => {
      if (socket !== ws) return;
      socket = null;
      if (closed) return;
      if (event.code === NOTIFY_CLOSE_UNAUTHORIZED) void onRefused(token);
      else fail();
    };
  }

  const online = () => api.reconnectNow();
  const api: NotificationHub = {
    reconnectNow() {
      if (closed || socket) return;
      attempt = 0;
      clearTimeout(timer);
      open();
    },
    close() {
      closed = true;
      clearTimeout(timer);
      window.removeEventListener('online', online);
      const ws = socket;
      socket = null;
      ws?.close(1000, 'Signed out');
    },
  };
  window.addEventListener('online', online);
  open();
  return api;
}
