import { randomBytes } from 'node:crypto';

import pg from 'pg';
import { describe, expect, it } from 'vitest';

import { adminUrl, databaseUrlFor } from '../../../test/pg-urls';
import { openDatabase } from './client';

const URL = process.env.TEST_DATABASE_URL!;

describe('PostgreSQL start-up and connections', () => {
  it('two processes starting at once on an empty database both come up', async () => {
    const name = `stoa_mig_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl(URL) });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const [a, b] = await Promise.all([
        openDatabase({ databaseUrl: databaseUrlFor(URL, name), poolSize: 2 }),
        openDatabase({ databaseUrl: databaseUrlFor(URL, name), poolSize: 2 }),
      ]);
      await Promise.all([a.migrate(), b.migrate()]);
      const { rows } = await a.pool!.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(rows[0].n).toBeGreaterThan(0);
      await Promise.all([a.close(), b.close()]);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });

  it('survives the server ending idle pool connections (restart, failover)', async () => {
    const name = `stoa_mig_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl(URL) });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const db = await openDatabase({ databaseUrl: databaseUrlFor(URL, name), poolSize: 2 });
      await db.pool!.query('select 1');
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
      await new Promise((r) => setTimeout(r, 200));
      const { rows } = await db.pool!.query('select 2 as n');
      expect(rows[0].n).toBe(2);
      await db.close();
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
  it('opens connections with JIT compilation off unless the connection string sets options (decision 0089)', async () => {
    const plain = await openDatabase({ databaseUrl: URL, poolSize: 1 });
    const sep = URL.includes('?') ? '&' : '?';
    const own = await openDatabase({ databaseUrl: `${URL}${sep}options=${encodeURIComponent('-c jit=on')}`, poolSize: 1 });
    try {
      expect((await plain.pool!.query('show jit')).rows[0].jit).toBe('off');
      expect((await own.pool!.query('show jit')).rows[0].jit).toBe('on');
    } finally {
      await Promise.all([plain.close(), own.close()]);
    }
  });
});
