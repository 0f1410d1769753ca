import type { AddressInfo } from 'node:net';

import { sql } from 'drizzle-orm';
import WebSocket from 'ws';

import { NOTIFY_PATH, NOTIFY_SUBPROTOCOL, NOTIFY_TOKEN_PROTOCOL_PREFIX, type NotifyFrame } from '@stoa/shared/notifications';

import type { App } from '../src/app';
import type { TestContext } from './build-test-app';
import { databaseUrlFor } from './pg-urls';

/** Starts the app on a free local port (once) and returns its ws:// base. */
export async function listenLocal(app: App): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

export interface HubClient {
  ws: WebSocket;
  frames: NotifyFrame[];
  /** The next frame not yet consumed; rejects after `timeoutMs`. */
  next(timeoutMs?: number): Promise<NotifyFrame>;
  /** Resolves true when no frame arrives within `ms`. */
  silentFor(ms: number): Promise<boolean>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

/** A hub connection as a browser opens it: sub-protocols `stoa` and `access_token.<jwt>`. */
export function connectHub(
  base: string,
  opts: { token?: string; protocols?: string[]; headers?: Record<string, string>; autoPong?: boolean } = {},
): HubClient {
  const protocols = opts.protocols ?? (opts.token ? [NOTIFY_SUBPROTOCOL, `${NOTIFY_TOKEN_PROTOCOL_PREFIX}${opts.token}`] : []);
  const ws = new WebSocket(`${base}${NOTIFY_PATH}`, protocols, { headers: opts.headers, autoPong: opts.autoPong ?? true });
  const frames: NotifyFrame[] = [];
  let read = 0;
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    frames.push(JSON.parse(String(data)) as NotifyFrame);
    waiters.splice(0).forEach((w) => w());
  });
  ws.on('error', () => {});
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  const next = (timeoutMs = 5_000) =>
    new Promise<NotifyFrame>((resolve, reject) => {
      const attempt = () => {
        if (read < frames.length) {
          clearTimeout(timer);
          resolve(frames[read++]!);
        } else waiters.push(attempt);
      };
      const timer = setTimeout(() => {
        const i = waiters.indexOf(attempt);
        if (i >= 0) waiters.splice(i, 1);
        reject(new Error(`no frame within ${timeoutMs} ms`));
      }, timeoutMs);
      attempt();
    });
  return {
    ws,
    frames,
    next,
    async silentFor(ms: number) {
      await new Promise((r) => setTimeout(r, ms));
      return read === frames.length;
    },
    closed,
    close: () => ws.close(),
  };
}

/** The URL of the PostgreSQL database a test context runs on (PostgreSQL runs only). */
export async function currentDatabaseUrl(ctx: TestContext): Promise<string> {
  const res = (await ctx.database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
  return databaseUrlFor(process.env.TEST_DATABASE_URL!, res.rows[0]!.name);
}

/** Commits one notification through a context's own service (and so its own connection). */
export const notifyThrough = (ctx: TestContext, userId: string, message: string) =>
  ctx.database.db.transaction((tx) => ctx.app.services.notifications.notify(tx, { userId, message }));
