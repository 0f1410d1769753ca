/**
 * Writes the API's OpenAPI document (the one served at /api/docs/json, built by @fastify/swagger from the
 * zod contracts in packages/shared) to docs/openapi.json, so a change of contract shows in review.
 *
 *   npm run openapi            # regenerate docs/openapi.json
 *   npm run openapi -- --check # exit 1 if docs/openapi.json differs from the contracts (CI)
 *
 * The app is built on an empty in-memory PGlite (migrated, no demo data); nothing listens.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';

import { buildApp } from '../src/app';
import { loadConfig } from '../src/platform/config';
import { openDatabase } from '../src/platform/db/client';

const target = path.resolve(import.meta.dirname, '../../../docs/openapi.json');
const check = process.argv.includes('--check');

const scratch = path.join(tmpdir(), `stoa-openapi-${process.pid}`);
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DEMO_DATA: 'off',
  DATA_DIR: scratch,
  JWT_SECRET: 'openapi-generation-only-0123456789abcdef',
});
const database = await openDatabase({ pglite: await PGlite.create() });
await database.migrate();
const app = await buildApp({ config, database, logger: false });
await app.ready();
const document = `${JSON.stringify(app.swagger(), null, 2)}\n`;
await app.close();
await database.close();
rmSync(scratch, { recursive: true, force: true });

if (check) {
  let committed = '';
  try {
    committed = readFileSync(target, 'utf8');
  } catch {
    // missing: reported as a difference below
  }
  if (committed !== document) {
    console.error('docs/openapi.json differs from the API contracts: run `npm run openapi` and commit the result.');
    process.exit(1);
  }
  console.log('docs/openapi.json matches the API contracts.');
} else {
  writeFileSync(target, document);
  console.log(`wrote ${path.relative(process.cwd(), target)}`);
}
