import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { buildTestApp, createUser, type TestContext } from '../../../test/build-test-app';
import { type DatabaseHandle, openDatabase } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { mailOutbox } from '../../platform/mail/mail.tables';
import { accountRepository } from '../account/account.repository';
import { captchas, refreshTokens } from '../account/account.tables';
import { defineJob } from './jobs';
import { BOSS_SCHEMA } from './jobs.service';

/**
 * The job runner on the test database: PGlite (one process, one connection: two runners share it)
 * or, with TEST_DATABASE_URL, PostgreSQL (each extra instance has its own pool, like a process).
 */
let ctx: TestContext;
const extra: TestContext[] = [];
const handles: DatabaseHandle[] = [];

beforeAll(async () => {
  ctx = await buildTestApp();
});
afterEach(async () => {
  for (const c of extra.splice(0)) await c.close();
  for (const h of handles.splice(0)) await h.close();
});
afterAll(() => ctx.close());

/** Another API instance on the same database. */
async function instance(): Promise<TestContext> {
  let database = ctx.database;
  if (ctx.database.kind === 'postgres') {
    database = await openDatabase({ databaseUrl: ctx.database.pool!.options.connectionString!, poolSize: 4 });
    handles.push(database);
  }
  const c = await buildTestApp({}, database);
  extra.push(c);
  return c;
}

async function until<T>(probe: () => Promise<T> | T, what: string, timeoutMs = 20_000): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
/** Rows of a raw query (the drivers agree on `rows`). */
async function rows<T>(query: SQL): Promise<T[]> {
  return ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const echo = (seen: unknown[], tag = 'a') =>
  defineJob({
    name: 'test.echo',
    description: 'Echo',
    payloadSchema: z.object({ n: z.number().int() }),
    retryLimit: 0,
    async handler(payload) {
      seen.push({ ...payload, tag });
    },
  });

describe('pg-boss on the API database', () => {
  it('installs its own schema beside ours and leaves the Drizzle migrations alone', async () => {
    const [version] = await rows<{ version: number }>(sql`select version from pgboss.version`);
    expect(Number(version!.version)).toBeGreaterThanOrEqual(24);
    const queues = await rows<{ name: string }>(sql`select name from pgboss.queue order by name`);
    expect(queues.map((r) => r.name)).toEqual(expect.arrayContaining(['captcha.purge', 'mail.deliver', 'sessions.purge']));
    // Re-running our migrations is a no-op, and pg-boss installs again without complaint.
    await ctx.database.migrate();
    await ctx.app.services.jobs.install();
    // Maintenance runs pg-boss's multi-statement commands (BEGIN; advisory lock; …; COMMIT).
    await ctx.app.services.jobs.maintain();
    const [ours] = await rows<{ n: number }>(
      sql`select count(*)::int as n from information_schema.tables where table_schema = 'public' and table_name = 'mail_outbox'`,
    );
    expect(ours!.n).toBe(1);
    expect(BOSS_SCHEMA).toBe('pgboss');
  });

  it('runs a registered job with its validated payload, once', async () => {
    const a = await instance();
    const seen: unknown[] = [];
    a.app.services.jobs.register(echo(seen));
    await a.app.services.jobs.start();
    const id = await a.app.services.jobs.enqueue('test.echo', { n: 7 });
    await until(() => seen.length === 1, 'the job to run');
    expect(seen).toEqual([{ n: 7, tag: 'a' }]);
    const job = await until(async () => {
      const j = await a.app.services.jobs.getJob('test.echo', id!);
      return j?.state === 'completed' ? j : null;
    }, 'completion');
    expect(job.retryCount).toBe(0);
    await expect(a.app.services.jobs.enqueue('test.echo', { n: 'seven' })).rejects.toThrow();
    await expect(a.app.services.jobs.enqueue('test.unknown', {})).rejects.toThrow(/no job named/);
  });

  it('retries a failing handler and then succeeds', async () => {
    const a = await instance();
    const attempts: number[] = [];
    a.app.services.jobs.register(
      defineJob({
        name: 'test.flaky',
        description: 'Fails twice',
        payloadSchema: z.object({}),
        retryLimit: 3,
        retryDelaySeconds: 0,
        retryBackoff: false,
        async handler(_p, jobCtx) {
          attempts.push(jobCtx.attempt);
          if (jobCtx.attempt < 3) throw new Error(`attempt ${jobCtx.attempt} failed`);
        },
      }),
    );
    a.app.services.jobs.register(
      defineJob({
        name: 'test.broken',
        description: 'Always fails',
        payloadSchema: z.object({}),
        retryLimit: 1,
        retryDelaySeconds: 0,
        retryBackoff: false,
        async handler() {
          throw new Error('always');
        },
      }),
    );
    await a.app.services.jobs.start();
    const id = await a.app.services.jobs.enqueue('test.flaky', {});
    const broken = await a.app.services.jobs.enqueue('test.broken', {});
    const job = await until(async () => {
      const j = await a.app.services.jobs.getJob('test.flaky', id!);
      return j?.state === 'completed' ? j : null;
    }, 'the flaky job to succeed');
    expect(attempts).toEqual([1, 2, 3]);
    expect(job.retryCount).toBe(2);
    const failed = await until(async () => {
      const j = await a.app.services.jobs.getJob('test.broken', broken!);
      return j?.state === 'failed' ? j : null;
    }, 'the broken job to give up');
    expect(failed.retryCount).toBe(1);
    expect(JSON.stringify(failed.output)).toContain('always');
  });

  it('runs each job exactly once with two instances working the same queue', async () => {
    const [a, b] = [await instance(), await instance()];
    const seen: { n: number; tag: string }[] = [];
    const slow = (tag: string) =>
      defineJob({
        ...echo([], tag),
        name: 'test.once',
        async handler(payload: { n: number }) {
          seen.push({ n: payload.n, tag });
          await sleep(5);
        },
      });
    a.app.services.jobs.register(slow('a'));
    b.app.services.jobs.register(slow('b'));
    await Promise.all([a.app.services.jobs.start(), b.app.services.jobs.start()]);
    const N = 40;
    await Promise.all(Array.from({ length: N }, (_, n) => (n % 2 ? a : b).app.services.jobs.enqueue('test.once', { n })));
    await until(() => seen.length >= N, `${N} runs`, 40_000);
    await sleep(1_500); // a duplicate would show up by now
    expect(seen).toHaveLength(N);
    expect(new Set(seen.map((s) => s.n)).size).toBe(N);
    const [done] = await rows<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'test.once' and state = 'completed'`,
    );
    expect(done!.n).toBe(N);
  });

  it('fires a cron schedule once per slot even when two instances run the scheduler', async () => {
    // Keep the run inside one minute: '* * * * *' fires once per minute.
    if (new Date().getSeconds() > 48) await sleep((61 - new Date().getSeconds()) * 1000);
    const [a, b] = [await instance(), await instance()];
    const runs: string[] = [];
    const tick = (tag: string) =>
      defineJob({
        name: 'test.tick',
        description: 'Every minute',
        schedule: '* * * * *',
        payloadSchema: z.object({}),
        async handler() {
          runs.push(tag);
        },
      });
    a.app.services.jobs.register(tick('a'));
    b.app.services.jobs.register(tick('b'));
    await Promise.all([a.app.services.jobs.start(), b.app.services.jobs.start()]);
    await until(() => runs.length > 0, 'the scheduled run', 15_000);
    await sleep(4_000); // both schedulers have looked at the cron table several times since
    expect(runs).toHaveLength(1);
    const list = await a.app.services.jobs.recurringJobs();
    const row = list.find((r) => r.id === 'test.tick')!;
    expect(row).toMatchObject({ job: 'Every minute', cron: '* * * * *', timeZone: 'Asia/Kolkata' });
    await until(
      async () => (await a.app.services.jobs.recurringJobs()).find((r) => r.id === 'test.tick')?.lastOutcome === 'Succeeded',
      'the outcome',
    );
  });

  it('queues a job inside a transaction: only if the transaction commits', async () => {
    const a = await instance();
    a.app.services.jobs.register(echo([]));
    await a.app.services.jobs.install();
    const db = a.database.db;
    let rolledBack: string | null = null;
    await expect(
      inTransaction(db, async (tx) => {
        rolledBack = await a.app.services.jobs.enqueue('test.echo', { n: 1 }, { tx, startAfter: 5 });
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    expect(rolledBack).toMatch(/^[0-9a-f-]{36}$/);
    expect(await a.app.services.jobs.getJob('test.echo', rolledBack!)).toBeNull();
    const committed = await inTransaction(db, (tx) =>
      a.app.services.jobs.enqueue('test.echo', { n: 2 }, { tx, startAfter: new Date(Date.now() + 60_000) }),
    );
    const job = await a.app.services.jobs.getJob('test.echo', committed!);
    expect(job).toMatchObject({ state: 'created', data: { n: 2 } });
  });

  it("keeps one waiting 'mail.deliver' run however often mail is queued", async () => {
    const jobs = ctx.app.services.jobs;
    await ctx.database.db.execute(sql`delete from pgboss.job where name = 'mail.deliver'`);
    const first = await jobs.enqueue('mail.deliver', {});
    const second = await jobs.enqueue('mail.deliver', {});
    expect(first).not.toBeNull();
    expect(second).toBeNull();
  });
});

describe('the recurring jobs of the portal', () => {
  it('delivers queued mail through the mail.deliver job, retrying with back-off', async () => {
    const a = await instance();
    await a.app.services.jobs.start();
    const u = await createUser(a, 'OABusinessUser');
    const res = await a.app.inject({ method: 'POST', url: '/api/Account/ForgotPassword', payload: { emailAddress: u.email } });
    expect(res.statusCode).toBe(200);
    // No drain() here: the commit kicked the job.
    await until(() => a.mail.sent.some((m) => m.to === u.email), 'the mail');
    expect(a.mail.codeFor(u.email)).toMatch(/^[A-Z0-9]{8}$/);

    a.mail.failNext = 1;
    await a.app.inject({ method: 'POST', url: '/api/Account/ForgotPassword', payload: { emailAddress: u.email } });
    const failed = await until(async () => {
      const [row] = await a.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, u.email))
        .orderBy(sql`${mailOutbox.id} desc`)
        .limit(1);
      return row && row.attempts === 1 && row.status === 'PENDING' ? row : null;
    }, 'the failed attempt');
    expect(failed.lastError).toBe('SMTP unavailable');
    await a.app.services.jobs.enqueue('mail.deliver', {});
    await sleep(700);
    expect(a.mail.sent.filter((m) => m.to === u.email)).toHaveLength(1); // backing off
    a.clock.advance(31_000);
    await a.app.services.jobs.enqueue('mail.deliver', {});
    await until(() => a.mail.sent.filter((m) => m.to === u.email).length === 2, 'the retried mail');
  });

  it('purges expired captchas and long-expired sessions', async () => {
    const a = await instance();
    const now = a.clock.now();
    const [old, live] = await a.database.db
      .insert(captchas)
      .values([
        { answerHash: 'x', expiresAt: new Date(now.getTime() - 60_000) },
        { answerHash: 'y', expiresAt: new Date(now.getTime() + 60_000) },
      ])
      .returning();
    const u = await createUser(a, 'Trader');
    const family = '00000000-0000-4000-8000-000000000001';
    await accountRepository.insertRefreshToken(a.database.db, {
      userId: u.id,
      familyId: family,
      tokenHash: `old-${u.id}`,
      expiresAt: new Date(now.getTime() - 31 * 86_400_000),
    });
    await accountRepository.insertRefreshToken(a.database.db, {
      userId: u.id,
      familyId: family,
      tokenHash: `recent-${u.id}`,
      expiresAt: new Date(now.getTime() - 86_400_000),
    });
    await a.app.services.jobs.start();
    await a.app.services.jobs.enqueue('captcha.purge', {});
    await a.app.services.jobs.enqueue('sessions.purge', {});
    await until(async () => (await a.database.db.select().from(captchas).where(eq(captchas.id, old!.id))).length === 0, 'captcha purge');
    expect(await a.database.db.select().from(captchas).where(eq(captchas.id, live!.id))).toHaveLength(1);
    await until(async () => {
      const rows = await a.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, u.id));
      return rows.length === 1 && rows[0]!.tokenHash === `recent-${u.id}`;
    }, 'session purge');
  });

  it('app.close() stops the workers gracefully: a running job finishes, nothing runs after', async () => {
    const a = await instance();
    let finished = false;
    a.app.services.jobs.register(
      defineJob({
        name: 'test.slow',
        description: 'Slow',
        payloadSchema: z.object({}),
        async handler() {
          await sleep(600);
          finished = true;
        },
      }),
    );
    await a.app.services.jobs.start();
    const id = await a.app.services.jobs.enqueue('test.slow', {});
    await until(async () => (await a.app.services.jobs.getJob('test.slow', id!))?.state === 'active', 'the job to start');
    extra.splice(extra.indexOf(a), 1);
    const t0 = Date.now();
    await a.app.close();
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect(finished).toBe(true);
    expect((await ctx.app.services.jobs.getJob('test.slow', id!))?.state).toBe('completed');
    await expect(a.app.services.jobs.enqueue('test.slow', {})).rejects.toThrow('jobs: stopped');
  });
});
