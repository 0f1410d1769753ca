/**
 * A second API process for the cross-process notification test: builds the app on the database of
 * STOA_CHILD_CONFIG (an AppConfig as JSON), listens on a free port and prints `{ "port": n }`.
 * Stops on SIGTERM.
 */
import type { AddressInfo } from 'node:net';

import { buildApp } from '../src/app';
import type { AppConfig } from '../src/platform/config';
import { openDatabase } from '../src/platform/db/client';

const config = JSON.parse(process.env.STOA_CHILD_CONFIG ?? '{}') as AppConfig;
if (!config.databaseUrl) throw new Error('STOA_CHILD_CONFIG.databaseUrl is required');
const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 2 });
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ port: (app.server.address() as AddressInfo).port })}\n`);

process.on('SIGTERM', () => {
  void (async () => {
    await app.close();
    await database.close();
    process.exit(0);
  })();
});
