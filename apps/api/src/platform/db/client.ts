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
  migrate(): Promise<void>;
  close(): Promise<void>;
}

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
  const pool = new pg.Pool({ connectionString: url, max });
  // Surface a bad URL or an unreachable server at start-up, not on the first request.
  const client = await pool.connect();
  client.release();
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Database;
  return {
    kind: 'postgres',
    db,
    pool,
    migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => pool.end(),
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
          `The data directory ${dataDir} is in use by process ${owner}. ` +
            'Stop that process, or set DATA_DIR to another directory.',
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
