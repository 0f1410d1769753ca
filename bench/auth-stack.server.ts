/**
 * The servers of the authenticated-stack benchmark (auth-stack.bench.ts), each in a child process
 * of its own so that the load generator does not share their event loop. `AUTH_STACK_SERVER`:
 *
 * - `hello`: a bare Fastify with one route answering `{ hello: 'world' }` (the ceiling).
 * - `ws`: a bare `ws` server at NOTIFY_PATH that sends one frame to every client when the parent
 *   sends `{ broadcast: true }` (the ceiling of ws-broadcast.bench.ts).
 * - `app`: the API as `buildApp` builds it in production (JSON logs at info, the production
 *   argon2id cost) with the demo SLDC user, on a fresh PGlite in a temporary directory, or with
 *   BENCH_DATABASE_URL (or TEST_DATABASE_URL) on a scratch PostgreSQL database
 *   `stoa_bench_auth_<pid>` migrated like the API does and dropped at the end.
 *
 * Each listens on a free port of 127.0.0.1 and sends `{ port }` to the parent over IPC; it stops on
 * SIGTERM (the app removes its data directory). The app notifies the demo SLDC user (one committed
 * notification, through the notifications service as every module does) when the parent sends
 * `{ notify: true }`.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import Fastify from 'fastify';
import pg from 'pg';
import { WebSocketServer } from 'ws';

import { NOTIFY_PATH } from '@stoa/shared/notifications';

import { buildApp } from '../apps/api/src/app';
import type { AppConfig } from '../apps/api/src/platform/config';
import { type DatabaseHandle, openDatabase } from '../apps/api/src/platform/db/client';
import { hashPassword, PRODUCTION_KDF_COST, setPasswordKdfCost } from '../apps/api/src/platform/passwords';
import { usersRepository } from '../apps/api/src/modules/users/users.repository';
import { DEMO_USERS } from '../apps/api/src/seed/demo';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

async function bareWs() {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path: NOTIFY_PATH });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const frame = JSON.stringify({ type: 'BroadcastMessage' });
  process.on('message', (m) => {
    if ((m as { broadcast?: boolean }).broadcast) for (const ws of wss.clients) ws.send(frame);
  });
  return {
    port: (wss.address() as { port: number }).port,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const ws of wss.clients) ws.terminate();
        wss.close(() => resolve());
      }),
  };
}

async function hello() {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { port: (app.server.address() as { port: number }).port, stop: () => app.close() };
}

/** PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set: a scratch database, dropped at the end. */
async function scratchDatabase(dir: string): Promise<{ database: DatabaseHandle; drop: () => Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!url) return { database: await openDatabase({ dataDir: dir }), drop: async () => undefined };
  const name = `stoa_bench_auth_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    database: await openDatabase({ databaseUrl: u.toString() }),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function api() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stoa-bench-auth-'));
  const { database, drop } = await scratchDatabase(dir);
  await database.migrate();
  const demo = DEMO_USERS.find((u) => u.role === 'SLDCBusinessUser')!;
  setPasswordKdfCost(PRODUCTION_KDF_COST);
  const sldcUser = await usersRepository.insert(database.db, {
    userName: demo.userName,
    email: `${demo.userName}@bench.local`,
    firstName: demo.firstName,
    lastName: demo.lastName,
    role: demo.role,
    contactNumber: '9876543210',
    registeredAddress: '1 Bench Street',
    passwordHash: await hashPassword(md5(demo.password)),
  });
  const config: AppConfig = {
    env: 'production',
    port: 0,
    host: '127.0.0.1',
    dataDir: dir,
    databaseUrl: undefined,
    jwtSecret: 'bench-secret-bench-secret-bench-secret-0123456789',
    smtpUrl: undefined,
    mailFrom: 'STOA Portal <no-reply@bench.local>',
    demoData: false,
    demoHistory: false,
    loginCaptcha: false,
    logLevel: 'info',
    publicUrl: 'http://localhost:8080',
    // The login storm signs one user in thousands of times a minute.
    loginRateLimitPerMinute: 1_000_000,
    loginFailuresPerAddress: 1_000_000,
    webDist: path.join(dir, 'no-web'),
    filesDir: path.join(dir, 'files'),
    uploadMaxBytes: 10_485_760,
    uploadRateLimitPerMinute: 10_000,
    uploadQuotaBytes: 1_073_741_824,
    notifyHeartbeatMs: 30_000,
    passwordKdf: PRODUCTION_KDF_COST,
  };
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  let sent = 0;
  process.on('message', (m) => {
    if (!(m as { notify?: boolean }).notify) return;
    void app.services.notifications.notify(database.db, { userId: sldcUser.id, message: `Bench notification ${++sent}` });
  });
  return {
    port: (app.server.address() as { port: number }).port,
    stop: async () => {
      await app.close();
      await database.close();
      await drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const which = process.env.AUTH_STACK_SERVER;
if (which !== 'hello' && which !== 'app' && which !== 'ws') throw new Error('AUTH_STACK_SERVER must be hello, ws or app');
const server = which === 'hello' ? await hello() : which === 'ws' ? await bareWs() : await api();
process.once('SIGTERM', () => {
  void server.stop().finally(() => process.exit(0));
});
process.send!({ port: server.port });
