import { type DatabaseHandle, openDatabase } from '../src/platform/db/client';
import { buildTestApp, type TestContext } from './build-test-app';
import { currentDatabaseUrl } from './hub-client';

/**
 * PostgreSQL only: two API instances on the same test database, each with its own connection pool,
 * for races that a single PGlite connection would serialise. Close them with `close()`.
 */
export async function twoInstances(): Promise<{ a: TestContext; b: TestContext; close: () => Promise<void> }> {
  const a = await buildTestApp();
  let second: DatabaseHandle | undefined;
  let b: TestContext | undefined;
  try {
    second = await openDatabase({ databaseUrl: await currentDatabaseUrl(a), poolSize: 4 });
    b = await buildTestApp({}, second);
  } catch (error) {
    await second?.close();
    await a.close();
    throw error;
  }
  const opened = { b, second };
  return {
    a,
    b,
    async close() {
      await opened.b.close();
      await opened.second.close();
      await a.close();
    },
  };
}
