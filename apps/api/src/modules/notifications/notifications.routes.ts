import type { FastifyInstance, FastifyRequest } from 'fastify';

import { enNotifications } from '@stoa/shared/messages';
import {
  NOTIFY_CLOSE_UNAUTHORIZED,
  NOTIFY_PATH,
  NOTIFY_SUBPROTOCOL,
  NOTIFY_TOKEN_PROTOCOL_PREFIX,
  notificationsEndpoints as e,
} from '@stoa/shared/notifications';

import { authenticateAccessToken, bearerToken, currentUser, type TokenSigner } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/client';
import { sendError } from '../../platform/error-handler';
import { route } from '../../platform/routes';
import type { NotificationHub } from './notifications.hub';
import type { NotificationsService } from './notifications.service';

const meta = (req: Pick<FastifyRequest, 'id' | 'ip'>) => ({ requestId: req.id, ip: req.ip });

/**
 * The access token of a hub connection. Browsers cannot set headers on a WebSocket, so it comes
 * as the sub-protocol `access_token.<jwt>` offered next to `stoa` (never in the URL, which ends up
 * in logs); an `Authorization: Bearer` header works for other clients.
 */
export function hubToken(req: FastifyRequest): string | undefined {
  const fromHeader = bearerToken(req.headers.authorization);
  if (fromHeader) return fromHeader;
  const offered = String(req.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((p) => p.trim());
  const fromProtocol = offered.find((p) => p.startsWith(NOTIFY_TOKEN_PROTOCOL_PREFIX));
  return fromProtocol?.slice(NOTIFY_TOKEN_PROTOCOL_PREFIX.length);
}

/** The sub-protocol the server selects: `stoa` when offered (never the token). */
export function selectHubProtocol(protocols: Set<string>): string | false {
  return protocols.has(NOTIFY_SUBPROTOCOL) ? NOTIFY_SUBPROTOCOL : false;
}

export function notificationsRoutes(
  app: FastifyInstance,
  deps: { notifications: NotificationsService; hub: NotificationHub; db: Database; signer: TokenSigner; clock: Clock },
) {
  const { notifications, hub } = deps;
  route(app, e.count, (req) => notifications.count(currentUser(req as FastifyRequest)));
  route(app, e.result, (req) => notifications.list(currentUser(req as FastifyRequest), req.query));
  route(app, e.markAsRead, (req) => notifications.markAsRead(currentUser(req as FastifyRequest), req.body.ids, meta(req)));

  const authenticated = new WeakMap<FastifyRequest['raw'], { token: string; auth: Awaited<ReturnType<typeof authenticateAccessToken>> }>();
  app.route({
    method: 'GET',
    url: NOTIFY_PATH,
    schema: { hide: true },
    // Authenticated before the upgrade, with the same checks as every request (token valid, user
    // enabled, same role and session version); a refused socket is opened and closed with 4401.
    preValidation: async (req) => {
      const token = hubToken(req);
      authenticated.set(req.raw, { token: token ?? '', auth: token ? await authenticateAccessToken(deps.db, deps.signer, token) : null });
    },
    handler: (req, reply) => sendError(req, reply, 'BAD_REQUEST', enNotifications.notifications.webSocketOnly),
    wsHandler: (socket, req) => {
      const entry = authenticated.get(req.raw);
      authenticated.delete(req.raw);
      const auth = entry?.auth;
      if (!entry || !auth) {
        socket.close(NOTIFY_CLOSE_UNAUTHORIZED, 'Unauthorized');
        return;
      }
      // Re-checked on each heartbeat and on a NOTIFY that the user's sessions changed: a socket of
      // a logged-out, password-changed or disabled session is closed with 4401.
      const stillValid = async () => (await authenticateAccessToken(deps.db, deps.signer, entry.token))?.user.id === auth.user.id;
      hub.add(auth.user.id, socket, auth.expiresAt, deps.clock.now(), stillValid);
    },
  });
}
