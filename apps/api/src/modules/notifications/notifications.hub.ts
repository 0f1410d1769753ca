import type { WebSocket } from '@fastify/websocket';
import type { FastifyBaseLogger } from 'fastify';

import { NOTIFY_CLOSE_UNAUTHORIZED, type NotifyFrame } from '@stoa/shared/notifications';

import type { NotifyPayload } from './notifications.service';

const frame = (f: NotifyFrame) => JSON.stringify(f);
const BROADCAST = frame({ type: 'BroadcastMessage' });
const CONNECTED = frame({ type: 'Connected' });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The sockets of this process, by user. Events come from LISTEN (any process may have committed
 * them); each socket of a named user gets a `BroadcastMessage` frame and refetches. A ping every
 * `heartbeatMs` drops sockets that did not answer the previous one; a socket is closed with 4401
 * when its access token expires (the client refreshes the token and reconnects) or its session
 * ends: each socket's token is checked again on a NOTIFY of SESSIONS_CHANNEL for its user (logout,
 * password change, reuse, disabling) and on every heartbeat (in case a NOTIFY was missed).
 */
export function createNotificationHub(opts: { heartbeatMs: number; log: FastifyBaseLogger }) {
  const byUser = new Map<string, Set<WebSocket>>();
  const alive = new WeakMap<WebSocket, boolean>();
  /** Per socket: is its access token still honoured (authenticateAccessToken again)? */
  const rechecks = new WeakMap<WebSocket, () => Promise<boolean>>();

  function recheck(ws: WebSocket) {
    const check = rechecks.get(ws);
    if (!check || ws.readyState !== ws.OPEN) return;
    check().then(
      (ok) => {
        if (!ok && ws.readyState === ws.OPEN) ws.close(NOTIFY_CLOSE_UNAUTHORIZED, 'Session ended');
      },
      (err: unknown) => opts.log.warn({ err }, 'notification socket re-check failed'),
    );
  }

  const heartbeat = setInterval(() => {
    for (const set of byUser.values()) {
      for (const ws of set) {
        if (alive.get(ws) === false) {
          ws.terminate();
          continue;
        }
        recheck(ws);
        alive.set(ws, false);
        try {
          ws.ping();
        } catch {
          ws.terminate();
        }
      }
    }
  }, opts.heartbeatMs);
  heartbeat.unref();

  function send(ws: WebSocket, data: string) {
    if (ws.readyState === ws.OPEN) ws.send(data, (err) => err && ws.terminate());
  }

  /** Tells every socket of these users to refetch. */
  function deliver(userIds: readonly string[]) {
    for (const id of userIds) for (const ws of byUser.get(id) ?? []) send(ws, BROADCAST);
  }

  return {
    /**
     * Registers an authenticated socket of `userId`. `stillValid` re-checks its access token
     * (session not ended, user enabled); the socket is closed with 4401 once it answers false.
     */
    add(userId: string, ws: WebSocket, expiresAt: Date | null, now: Date, stillValid?: () => Promise<boolean>) {
      let set = byUser.get(userId);
      if (!set) byUser.set(userId, (set = new Set()));
      set.add(ws);
      alive.set(ws, true);
      if (stillValid) rechecks.set(ws, stillValid);
      ws.on('pong', () => alive.set(ws, true));
      // Clients have nothing to say; anything they send is ignored.
      ws.on('message', () => {});
      let expiry: NodeJS.Timeout | undefined;
      if (expiresAt) {
        expiry = setTimeout(() => ws.close(NOTIFY_CLOSE_UNAUTHORIZED, 'Token expired'), Math.max(0, expiresAt.getTime() - now.getTime()));
        expiry.unref();
      }
      ws.once('close', () => {
        if (expiry) clearTimeout(expiry);
        set.delete(ws);
        if (set.size === 0 && byUser.get(userId) === set) byUser.delete(userId);
      });
      send(ws, CONNECTED);
    },

    deliver,

    /** Tells every socket to refetch (after the listener reconnected, events may have been lost). */
    deliverAll() {
      for (const set of byUser.values()) for (const ws of set) send(ws, BROADCAST);
    },

    /** Handles one NOTIFY payload of the notifications channel. */
    onPayload(payload: string) {
      try {
        const parsed = JSON.parse(payload) as Partial<NotifyPayload>;
        if (!Array.isArray(parsed.u)) throw new Error('no user ids');
        deliver(parsed.u.filter((id): id is string => typeof id === 'string' && UUID.test(id)));
      } catch (err) {
        opts.log.warn({ err, payload: payload.slice(0, 200) }, 'ignored a malformed notification event');
      }
    },

    /** Handles one NOTIFY payload of SESSIONS_CHANNEL: re-checks the sockets of those users. */
    onSessionsPayload(payload: string) {
      try {
        const parsed = JSON.parse(payload) as { u?: unknown };
        if (!Array.isArray(parsed.u)) throw new Error('no user ids');
        for (const id of parsed.u) {
          if (typeof id === 'string' && UUID.test(id)) for (const ws of byUser.get(id) ?? []) recheck(ws);
        }
      } catch (err) {
        opts.log.warn({ err, payload: payload.slice(0, 200) }, 'ignored a malformed session event');
      }
    },

    /** Re-checks every socket (after the listener reconnected, events may have been lost). */
    recheckAll() {
      for (const set of byUser.values()) for (const ws of set) recheck(ws);
    },

    /** Sockets connected to this process (for tests and health). */
    connections(userId?: string): number {
      if (userId) return byUser.get(userId)?.size ?? 0;
      let n = 0;
      for (const set of byUser.values()) n += set.size;
      return n;
    },

    close() {
      clearInterval(heartbeat);
      for (const set of byUser.values()) for (const ws of set) ws.close(1001, 'Server shutting down');
      byUser.clear();
    },
  };
}
export type NotificationHub = ReturnType<typeof createNotificationHub>;
