import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

import { openDatabase } from '../src/platform/db/client';
import { adminUrl, databaseUrlFor, TEMPLATE_DB } from './pg-urls';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates once: into a PGlite whose data directory is dumped to a file (each test file loads a
 * copy), or, with TEST_DATABASE_URL, into a PostgreSQL template database (each test file
 * creates its own database from it).
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    // Each run has its own template and database prefix, so concurrent runs never drop each other's.
    const run = `${process.pid.toString(36)}${Date.now().toString(36)}`;
    const template = `${TEMPLATE_DB}_${run}`;
    await admin.query(`create database ${template}`);
    await admin.end();
    const handle = await openDatabase({ databaseUrl: databaseUrlFor(url, template), poolSize: 1 });
    await handle.migrate();
    await handle.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteTemplate', '');
    return async () => {
      const c = new pg.Client({ connectionString: adminUrl(url) });
      await c.connect();
      const { rows } = await c.query(`select datname from pg_database where datname like $1`, [`stoa_t_${run}_%`]);
      for (const r of rows) await c.query(`drop database if exists "${r.datname}" with (force)`);
      await c.query(`drop database if exists ${template} with (force)`);
      await c.end();
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'stoa-template-'));
  const pglite = await PGlite.create();
  const handle = await openDatabase({ pglite });
  await handle.migrate();
  const dump = await pglite.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
