import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Tx;

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Database;
  /** The PGlite instance (embedded mode only). */
  pglite?: PGlite;
  /** The node-postgres pool (PostgreSQL mode only). */
  pool?: pg.Pool;
  /**
   * LISTEN on a channel: `onPayload` runs for every NOTIFY committed on the database (by any
   * process). PostgreSQL: one dedicated connection per handle, re-established after a failure
   * (then `onReconnect` runs, as notifications may have been missed). PGlite: its own listen().
   * Resolves to an unlisten function.
   */
  listen(channel: string, onPayload: (payload: string) => void, options?: ListenOptions): Promise<() => Promise<void>>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface ListenOptions {
  onReconnect?: () => void;
}

const MIGRATION_LOCK_KEY = 7_420_002;

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../../../drizzle');

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** An already open PGlite (tests clone a migrated template). */
  pglite?: PGlite;
  poolSize?: number;
}

export async function openDatabase(opts: DatabaseOptions): Promise<DatabaseHandle> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? 10);
  return openPglite(opts);
}

async function openPostgres(url: string, max: number): Promise<DatabaseHandle> {
  // JIT compilation off (decision 0089): the portal's queries are short, and on a 200,000-row report
  // the planner's cost estimate crossed jit_above_cost, so compiling took 530 of a 620 ms count. A
  // connection string that sets `options` itself (e.g. `?options=-c%20jit%3Don`) wins over this default.
  const pool = new pg.Pool({ connectionString: url, max, options: '-c jit=off' });
  // An idle connection the server closes (restart, failover, admin termination) is dropped from
  // the pool and replaced on the next query; without a listener node-postgres would crash the process.
  pool.on('error', (err) => process.emitWarning(`PostgreSQL connection lost: ${err.message}`, 'DatabaseWarning'));
  // Surface a bad URL or an unreachable server at start-up, not on the first request.
  const client = await pool.connect();
  client.release();
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Database;
  const listener = createPgListener(url);
  return {
    kind: 'postgres',
    db,
    pool,
    listen: listener.listen,
    // Two processes starting together on an empty database must not both run the migrations:
    // they run on one connection holding a session advisory lock; the second waits, then finds
    // nothing left to do.
    migrate: async () => {
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg({ client: conn, casing: 'snake_case' }) as never, { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        conn.release();
      }
    },
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

async function openPglite(opts: DatabaseOptions): Promise<DatabaseHandle> {
  let release = () => {};
  let pglite = opts.pglite;
  if (!pglite) {
    const dir = path.join(opts.dataDir ?? './data', 'pglite');
    mkdirSync(dir, { recursive: true });
    release = lockDataDir(path.dirname(dir));
    try {
      pglite = await PGlite.create(dir);
    } catch (err) {
      release();
      throw err;
    }
  }
  const instance = pglite;
  const db = drizzlePglite({ client: instance, schema, casing: 'snake_case' }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    pglite: instance,
    listen: async (channel, onPayload) => {
      checkChannel(channel);
      const unlisten = await instance.listen(channel, onPayload);
      return async () => {
        if (!instance.closed) await unlisten();
      };
    },
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: async () => {
      try {
        await instance.close();
      } finally {
        release();
      }
    },
  };
}

function checkChannel(channel: string) {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Invalid LISTEN channel name: ${channel}`);
}

interface ListenerEntry {
  onPayload: (payload: string) => void;
  onReconnect?: () => void;
}

/**
 * One LISTEN connection for the whole process (ARCHITECTURE.md §12), outside the pool so it never
 * starves queries. A lost connection is re-opened with back-off (1 s doubling to 30 s); every
 * listener's onReconnect then runs, because notifications sent meanwhile are lost.
 */
function createPgListener(url: string) {
  const channels = new Map<string, Set<ListenerEntry>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryDelay = 1_000;
  let closed = false;

  function dispatch(msg: pg.Notification) {
    for (const entry of channels.get(msg.channel) ?? []) {
      try {
        entry.onPayload(msg.payload ?? '');
      } catch {
        // A failing listener must not stop the others.
      }
    }
  }

  function scheduleReconnect() {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect()
        .then(() => {
          retryDelay = 1_000;
          for (const set of channels.values()) for (const entry of set) entry.onReconnect?.();
        })
        .catch(() => {
          retryDelay = Math.min(retryDelay * 2, 30_000);
          scheduleReconnect();
        });
    }, retryDelay);
    retryTimer.unref();
  }

  function connect(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url });
      const lost = () => {
        if (client === c) client = undefined;
        c.removeAllListeners('notification');
        void c.end().catch(() => {});
        scheduleReconnect();
      };
      c.on('error', lost);
      c.on('end', () => {
        if (client === c && !closed) lost();
      });
      c.on('notification', dispatch);
      try {
        await c.connect();
        for (const channel of channels.keys()) await c.query(`LISTEN ${channel}`);
      } catch (err) {
        c.removeAllListeners();
        c.on('error', () => {});
        await c.end().catch(() => {});
        throw err;
      }
      if (closed) {
        await c.end().catch(() => {});
        throw new Error('listener closed');
      }
      client = c;
      return c;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  }

  return {
    async listen(channel: string, onPayload: (payload: string) => void, options: ListenOptions = {}) {
      checkChannel(channel);
      if (closed) throw new Error('The database handle is closed');
      const entry: ListenerEntry = { onPayload, onReconnect: options.onReconnect };
      let set = channels.get(channel);
      const first = !set;
      if (!set) channels.set(channel, (set = new Set()));
      set.add(entry);
      try {
        const c = await connect();
        // connect() LISTENs on every known channel when it opens; an open connection needs it now.
        if (first) await c.query(`LISTEN ${channel}`);
      } catch (err) {
        set.delete(entry);
        if (set.size === 0) channels.delete(channel);
        throw err;
      }
      return async () => {
        set.delete(entry);
        if (set.size === 0 && channels.get(channel) === set) {
          channels.delete(channel);
          await client?.query(`UNLISTEN ${channel}`).catch(() => {});
        }
      };
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = undefined;
      await connecting?.catch(() => {});
      const c = client;
      client = undefined;
      channels.clear();
      if (c) {
        c.removeAllListeners('notification');
        await c.end().catch(() => {});
      }
    },
  };
}

/**
 * PGlite does not lock its data directory, and two processes writing one directory corrupt it.
 * A lock file holding the owner's pid refuses a second process; a stale lock (dead pid) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        rmSync(lockFile, { force: true });
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(readFileSync(lockFile, 'utf8').trim());
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `The data directory ${dataDir} is in use by process ${owner}. ` + 'Stop that process, or set DATA_DIR to another directory.',
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function dataDirExists(dataDir: string) {
  return existsSync(path.join(dataDir, 'pglite'));
}
