import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, createUser, login, type TestContext, testConfig } from '../../../test/build-test-app';
import { connectHub, currentDatabaseUrl as hubCurrentDatabaseUrl, listenLocal, notifyThrough } from '../../../test/hub-client';

const API_DIR = path.resolve(import.meta.dirname, '../../..');

let a: TestContext;
beforeAll(async () => {
  a = await buildTestApp();
});
afterAll(() => a.close());

const currentDatabaseUrl = () => hubCurrentDatabaseUrl(a);
const notifyThroughA = (userId: string, message: string) => notifyThrough(a, userId, message);

/** PostgreSQL only (npm run test:pg): a real second process and a lost LISTEN connection. */
describe('notification fan-out across processes (PostgreSQL)', () => {
  it('delivers across two OS processes on PostgreSQL (needs TEST_DATABASE_URL; PGlite is one process by design)', async () => {
    const config = testConfig({ databaseUrl: await currentDatabaseUrl() });
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'test/notify-child.ts'], {
      cwd: API_DIR,
      env: { ...process.env, STOA_CHILD_CONFIG: JSON.stringify(config) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += String(d)));
    try {
      const port = await new Promise<number>((resolve, reject) => {
        let out = '';
        child.stdout!.on('data', (d) => {
          out += String(d);
          const line = out.split('\n').find((l) => l.startsWith('{'));
          if (line) resolve((JSON.parse(line) as { port: number }).port);
        });
        child.once('exit', (code) => reject(new Error(`child exited with ${code}: ${stderr}`)));
      });
      expect(child.pid).not.toBe(process.pid);

      const user = await createUser(a, 'Trader');
      const token = (await login(a, user)).jwtToken;
      const inChild = connectHub(`ws://127.0.0.1:${port}`, { token });
      expect(await inChild.next(10_000)).toEqual({ type: 'Connected' });

      // The child keeps the bell's count in memory (decision 0080): the NOTIFY makes it forget the
      // count before it tells the socket, so the refetch the socket triggers sees the new one.
      const countInChild = async () => {
        const res = await fetch(`http://127.0.0.1:${port}/api/Notification/NotificationCount`, {
          headers: { authorization: `Bearer ${token}` },
        });
        return ((await res.json()) as { data: { count: number } }).data.count;
      };
      expect(await countInChild()).toBe(0);
      expect(await countInChild()).toBe(0);

      await notifyThroughA(user.id, 'Committed in the test process');
      expect(await inChild.next()).toEqual({ type: 'BroadcastMessage' });
      expect(await countInChild()).toBe(1);
      inChild.close();
    } finally {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(config.filesDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('re-opens a lost LISTEN connection and tells sockets to refetch (PostgreSQL)', async () => {
    const user = await createUser(a, 'SLDCBusinessUser');
    const token = (await login(a, user)).jwtToken;
    const socket = connectHub(await listenLocal(a.app), { token });
    expect(await socket.next()).toEqual({ type: 'Connected' });

    const killed = (await a.database.db.execute(
      sql`select pg_terminate_backend(pid) as ok from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN stoa_%'`,
    )) as unknown as { rows: { ok: boolean }[] };
    expect(killed.rows.length).toBeGreaterThanOrEqual(1);
    // Events sent while the listener was away are lost, so every socket is told to refetch.
    expect(await socket.next(10_000)).toEqual({ type: 'BroadcastMessage' });
    await notifyThroughA(user.id, 'after the reconnect');
    expect(await socket.next()).toEqual({ type: 'BroadcastMessage' });
    socket.close();
  });
});
