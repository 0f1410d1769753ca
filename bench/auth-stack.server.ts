/**
 * The servers of the authenticated-stack benchmark (auth-stack.bench.ts), each in a child process
 * of its own so that the load generator does not share their event loop. `AUTH_STACK_SERVER`:
 *
 * - `hello`: a bare Fastify with one route answering `{ hello: 'world' }` (the ceiling).
 * - `app`: the API as `buildApp` builds it in production (JSON logs at info, the production
 *   argon2id cost), on a fresh PGlite in a temporary directory with the demo SLDC user.
 *
 * Each listens on a free port of 127.0.0.1 and sends `{ port }` to the parent over IPC; it stops on
 * SIGTERM (the app removes its data directory).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import Fastify from 'fastify';

import { buildApp } from '../apps/api/src/app';
import type { AppConfig } from '../apps/api/src/platform/config';
import { openDatabase } from '../apps/api/src/platform/db/client';
import { hashPassword, PRODUCTION_KDF_COST, setPasswordKdfCost } from '../apps/api/src/platform/passwords';
import { usersRepository } from '../apps/api/src/modules/users/users.repository';
import { DEMO_USERS } from '../apps/api/src/seed/demo';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

async function hello() {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { port: (app.server.address() as { port: number }).port, stop: () => app.close() };
}

async function api() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stoa-bench-auth-'));
  const database = await openDatabase({ dataDir: dir });
  await database.migrate();
  const demo = DEMO_USERS.find((u) => u.role === 'SLDCBusinessUser')!;
  setPasswordKdfCost(PRODUCTION_KDF_COST);
  await usersRepository.insert(database.db, {
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
  return {
    port: (app.server.address() as { port: number }).port,
    stop: async () => {
      await app.close();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const which = process.env.AUTH_STACK_SERVER;
if (which !== 'hello' && which !== 'app') throw new Error('AUTH_STACK_SERVER must be hello or app');
const server = which === 'hello' ? await hello() : await api();
process.once('SIGTERM', () => {
  void server.stop().finally(() => process.exit(0));
});
process.send!({ port: server.port });
