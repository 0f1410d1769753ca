import { buildApp } from './app';
import { ConfigError, loadConfig } from './platform/config';
import { openDatabase } from './platform/db/client';
import { createFileStorage } from './platform/files/storage';
import { seedDemoData } from './seed/demo';
import { seedDemoHistory } from './seed/demo-history';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const app = await buildApp({ config, database });
  // The demo history needs its parties approved before its week: the demo world then starts a month ago.
  const since = config.demoHistory ? new Date(Date.now() - 30 * 86_400_000) : new Date();
  if (config.demoData && (await seedDemoData(database.db, createFileStorage(config.filesDir), { since }))) {
    app.log.info('Demo users created on the empty database (see README: Demo logins).');
    if (config.demoHistory) {
      await seedDemoHistory(config, database);
      app.log.info('Demo history: a week of applications, payments and approvals replayed (DEMO_HISTORY=off to skip).');
    }
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `STOA portal on ${config.publicUrl} (database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
  );
  // Workers, cron schedules and pg-boss maintenance (mail delivery, purges): modules/jobs. Started
  // once the port is bound, so a process that fails to start never claims a job.
  await app.services.jobs.start();
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
