import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, createUser, login, type TestContext } from '../../../test/build-test-app';
import { connectHub, currentDatabaseUrl as hubCurrentDatabaseUrl, listenLocal, notifyThrough } from '../../../test/hub-client';
import { type DatabaseHandle, openDatabase } from '../../platform/db/client';

const PG_URL = process.env.TEST_DATABASE_URL;

let a: TestContext;
beforeAll(async () => {
  a = await buildTestApp();
});
afterAll(() => a.close());

const currentDatabaseUrl = () => hubCurrentDatabaseUrl(a);
const notifyThroughA = (userId: string, message: string) => notifyThrough(a, userId, message);

describe('notification fan-out across API instances (LISTEN/NOTIFY)', () => {
  it('delivers a notification committed through instance A to a socket on instance B', async () => {
    // PGlite: both instances share the embedded database (one process can hold it). PostgreSQL: B
    // has its own pool and its own LISTEN connection, exactly like another replica.
    let second: DatabaseHandle | undefined;
    if (PG_URL) second = await openDatabase({ databaseUrl: await currentDatabaseUrl(), poolSize: 2 });
    const b = await buildTestApp({}, second ?? a.database);
    try {
      const user = await createUser(a, 'OABusinessUser');
      const token = (await login(a, user)).jwtToken;
      const onB = connectHub(await listenLocal(b.app), { token });
      const onA = connectHub(await listenLocal(a.app), { token });
      expect(await onB.next()).toEqual({ type: 'Connected' });
      expect(await onA.next()).toEqual({ type: 'Connected' });

      await notifyThroughA(user.id, 'From instance A');
      expect(await onB.next()).toEqual({ type: 'BroadcastMessage' });
      expect(await onA.next()).toEqual({ type: 'BroadcastMessage' });
      // And the other way round: B commits, A's socket hears it.
      await b.database.db.transaction((tx) => b.app.services.notifications.notify(tx, { userId: user.id, message: 'From B' }));
      expect(await onA.next()).toEqual({ type: 'BroadcastMessage' });
      expect(await onB.next()).toEqual({ type: 'BroadcastMessage' });
      onA.close();
      onB.close();
    } finally {
      await b.close();
      await second?.close();
    }
  });
  it('closes the socket on instance B of a session that logged out through instance A', async () => {
    let second: DatabaseHandle | undefined;
    if (PG_URL) second = await openDatabase({ databaseUrl: await currentDatabaseUrl(), poolSize: 2 });
    const b = await buildTestApp({}, second ?? a.database);
    try {
      const user = await createUser(a, 'OABusinessUser');
      const t = await login(a, user);
      const onB = connectHub(await listenLocal(b.app), { token: t.jwtToken });
      expect(await onB.next()).toEqual({ type: 'Connected' });
      const out = await a.app.inject({ method: 'POST', url: '/api/Account/Logout', headers: { refreshtoken: t.refreshToken } });
      expect(out.statusCode).toBe(200);
      // B's heartbeat is 30 s: the close comes from the NOTIFY on stoa_sessions.
      expect((await onB.closed).code).toBe(4401);
    } finally {
      await b.close();
      await second?.close();
    }
  });
});
