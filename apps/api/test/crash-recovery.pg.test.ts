import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createAuditService } from '../src/modules/audit/audit.service';
import { auditLog } from '../src/modules/audit/audit.tables';
import { verificationCodes } from '../src/modules/account/account.tables';
import { holidays } from '../src/modules/configuration/configuration.tables';
import { users } from '../src/modules/users/users.tables';
import { mailOutbox } from '../src/platform/mail/mail.tables';
import { systemClock } from '../src/platform/clock';
import { bearer, buildTestApp, createUser, login, type TestContext, testConfig } from './build-test-app';
import { currentDatabaseUrl } from './hub-client';

const API_DIR = path.resolve(import.meta.dirname, '..');

/** Starts the API as a child process on the database of `config` and resolves its port. */
async function startChild(config: ReturnType<typeof testConfig>): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/notify-child.ts'], {
    cwd: API_DIR,
    env: { ...process.env, STOA_CHILD_CONFIG: JSON.stringify(config) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += String(d)));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += String(d);
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once('exit', (code, signal) => reject(new Error(`child exited with ${code ?? signal}: ${stderr}`)));
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

/**
 * PostgreSQL only (npm run test:pg): concurrent writes through HTTP to a real API process that is
 * killed with SIGKILL mid-way. After a restart on the same database every acknowledged write is
 * there in full (the user with its verification code, its mail and its audit row; the holiday with
 * its audit row), no record is half-written, and the audit hash chain is intact.
 */
describe('crash recovery (PostgreSQL)', () => {
  it('keeps every acknowledged write and no half-written record after SIGKILL mid-way', async () => {
    const config = testConfig({ databaseUrl: await currentDatabaseUrl(ctx) });
    const admin = await createUser(ctx, 'Admin');
    const token = (await login(ctx, admin)).jwtToken;
    const tag = `crash${Date.now().toString(36)}`;
    const first = await startChild(config);
    let second: Awaited<ReturnType<typeof startChild>> | undefined;
    try {
      const acknowledgedUsers = new Set<string>();
      const acknowledgedHolidays = new Set<string>();
      const failures: string[] = [];
      let stop = false;
      let n = 0;
      let inFlight = 0;
      let inFlightAtKill = 0;
      const headers = { ...bearer(token), 'content-type': 'application/json' };

      /** One writer: alternately adds a user and a holiday until the server dies. */
      const writer = async () => {
        while (!stop) {
          const i = n++;
          const userName = `${tag}_${i}`;
          const date = new Date(Date.UTC(2040, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
          const write =
            i % 2 === 0
              ? {
                  url: '/api/Admin/AddUser',
                  body: {
                    role: 'SLDCBusinessUser',
                    registeredAddress: '1 Grid Road',
                    firstName: 'Crash',
                    lastName: `Test ${i}`,
                    email: `${userName}@test.local`,
                    userName,
                    contactNumber: '9876543210',
                    panCardNumber: 'ABCDE1234F',
                  },
                  done: () => acknowledgedUsers.add(userName),
                }
              : {
                  url: '/api/Configuration/Holidays/Add',
                  body: { date, description: `${tag} holiday ${i}` },
                  done: () => acknowledgedHolidays.add(date),
                };
          inFlight++;
          try {
            const res = await fetch(first.base + write.url, { method: 'POST', headers, body: JSON.stringify(write.body) });
            if (res.ok) write.done();
            else failures.push(`${res.status} ${await res.text()}`);
          } catch {
            return; // the connection died with the server: the outcome of this write is unknown
          } finally {
            inFlight--;
          }
        }
      };
      const writers = Array.from({ length: 8 }, writer);
      // Kill once a good number of writes is acknowledged (and more are in flight).
      const started = Date.now();
      while (acknowledgedUsers.size + acknowledgedHolidays.size < 60 && Date.now() - started < 20_000)
        await new Promise((r) => setTimeout(r, 10));
      inFlightAtKill = inFlight;
      first.child.kill('SIGKILL');
      await killed(first.child);
      stop = true;
      await Promise.all(writers);
      expect(failures).toEqual([]);
      expect(acknowledgedUsers.size + acknowledgedHolidays.size).toBeGreaterThanOrEqual(60);
      expect(inFlightAtKill, 'writes in flight when the server was killed').toBeGreaterThan(0);

      second = await startChild(config);
      // The restarted server answers and serves what was written before the crash.
      const list = await fetch(`${second.base}/api/Configuration/Holidays/GetAll?year=2040`, { headers: bearer(token) });
      expect(list.status).toBe(200);
      const listed = new Set(((await list.json()) as { data: { holidayList: { date: string }[] } }).data.holidayList.map((h) => h.date));
      for (const date of acknowledgedHolidays) expect(listed.has(date), `holiday ${date} acknowledged but missing`).toBe(true);

      // Every user the test wrote (acknowledged, or in flight and committed) is complete.
      const db = ctx.database.db;
      const written = await db
        .select({ id: users.id, userName: users.userName, email: users.email })
        .from(users)
        .where(like(users.userName, `${tag}_%`));
      const names = new Set(written.map((u) => u.userName));
      for (const userName of acknowledgedUsers) expect(names.has(userName), `user ${userName} acknowledged but missing`).toBe(true);
      const ids = written.map((u) => u.id);
      const codes = new Set(
        (await db.select({ userId: verificationCodes.userId }).from(verificationCodes).where(inArray(verificationCodes.userId, ids))).map(
          (r) => r.userId,
        ),
      );
      const mails = new Set(
        (
          await db
            .select({ to: mailOutbox.toAddress })
            .from(mailOutbox)
            .where(like(mailOutbox.toAddress, `${tag}_%`))
        ).map((r) => r.to),
      );
      const userAudits = new Set(
        (
          await db
            .select({ entityId: auditLog.entityId })
            .from(auditLog)
            .where(and(eq(auditLog.action, 'USER_CREATED'), inArray(auditLog.entityId, ids)))
        ).map((r) => r.entityId),
      );
      for (const u of written) {
        expect(codes.has(u.id), `verification code of ${u.userName}`).toBe(true);
        expect(mails.has(u.email), `mail to ${u.email}`).toBe(true);
        expect(userAudits.has(u.id), `audit row of ${u.userName}`).toBe(true);
      }
      // No audit row or mail without its record (a commit that kept only part of a write).
      expect(userAudits.size).toBe(written.length);
      expect(mails.size).toBe(written.length);

      const holidayRows = await db
        .select({ id: holidays.id, date: holidays.date })
        .from(holidays)
        .where(like(holidays.description, `${tag} %`));
      const holidayAudits = await db
        .select({ entityId: auditLog.entityId, after: auditLog.after })
        .from(auditLog)
        .where(eq(auditLog.entity, 'Holiday'));
      const auditedHolidays = new Set(holidayAudits.map((r) => r.entityId));
      for (const h of holidayRows) expect(auditedHolidays.has(h.id), `audit row of holiday ${h.date}`).toBe(true);
      const holidayIds = new Set(holidayRows.map((h) => h.id));
      const orphanAudits = holidayAudits.filter((r) => JSON.stringify(r.after ?? '').includes(tag) && !holidayIds.has(r.entityId ?? ''));
      expect(orphanAudits).toEqual([]);

      // The hash chain of the audit trail survived the crash.
      expect(await createAuditService(systemClock).verifyChain(db)).toBeNull();

      // And the restarted server takes new writes.
      const after = await fetch(`${second.base}/api/Configuration/Holidays/Add`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ date: '2041-06-02', description: `${tag} after restart` }),
      });
      expect(after.status, await after.text()).toBe(200);
    } finally {
      if (first.child.exitCode === null && first.child.signalCode === null) {
        first.child.kill('SIGKILL');
        await killed(first.child);
      }
      if (second) {
        second.child.kill('SIGTERM');
        await killed(second.child);
      }
      rmSync(config.filesDir, { recursive: true, force: true });
    }
  }, 60_000);
});
