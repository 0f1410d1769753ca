import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { type RecurringJob, recurringJobListSchema } from '@stoa/shared/jobs';

import { bearer, buildTestApp, createUser, login, type TestContext } from '../../../test/build-test-app';
import { defineJob } from './jobs';
import { nextRun } from './jobs.service';

let ctx: TestContext;
let token: string;
const BULK = 55;

beforeAll(async () => {
  ctx = await buildTestApp();
  token = (await login(ctx, await createUser(ctx, 'Admin'))).jwtToken;
});
afterAll(() => ctx.close());

async function list(): Promise<RecurringJob[]> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/Jobs/GetRecurringJobs', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body.isSuccessful).toBe(true);
  return recurringJobListSchema.parse(body.data);
}

async function until<T>(probe: () => Promise<T>, what: string, timeoutMs = 20_000): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('GET /api/Jobs/GetRecurringJobs', () => {
  it("lists the portal's recurring jobs with next execution from the cron in IST", async () => {
    const rows = await list();
    expect(rows.map((r) => r.id)).toEqual([
      'captcha.purge',
      'ebidding.close',
      'ebidding.reminder',
      'files.purge-unattached',
      'inter-state-registrations.deemed-consent',
      'inter-state.deemed-consent',
      'inter-state.deemed-issue',
      'inter-state.expire',
      'mail.deliver',
      'payments.auto-defaulter',
      'payments.late-interest',
      'registrations.deemed-consent',
      'registrations.expire',
      'sessions.purge',
    ]);
    const now = ctx.clock.now();
    for (const r of rows) {
      expect(r.timeZone).toBe('Asia/Kolkata');
      expect(r.created).toMatch(ISO);
      expect(r.nextExecution).toMatch(ISO);
      expect(new Date(r.nextExecution!).getTime()).toBeGreaterThan(now.getTime() - 1000);
      expect(r.lastExecution).toBeNull();
      expect(r.lastOutcome).toBeNull();
    }
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(byId['mail.deliver']).toMatchObject({ cron: '* * * * *', job: expect.stringContaining('mail') });
    expect(byId['captcha.purge']).toMatchObject({ cron: '*/15 * * * *', job: 'Delete expired captchas' });
    // 02:30 IST is 21:00 UTC, within the next 24 hours.
    const sessions = new Date(byId['sessions.purge']!.nextExecution!);
    expect(sessions.toISOString().slice(11, 19)).toBe('21:00:00');
    expect(sessions.getTime() - now.getTime()).toBeLessThanOrEqual(86_400_000);
    expect(new Date(byId['captcha.purge']!.nextExecution!).getUTCMinutes() % 15).toBe(0);
  });

  it('computes the next execution in Asia/Kolkata', () => {
    const at = new Date('2026-03-10T20:59:00.000Z'); // 02:29 IST on 11 March
    expect(nextRun('30 2 * * *', 'Asia/Kolkata', at)).toBe('2026-03-10T21:00:00.000Z');
    expect(nextRun('0 9 * * 1', 'Asia/Kolkata', at)).toBe('2026-03-16T03:30:00.000Z'); // Monday 09:00 IST
    expect(nextRun('not a cron', 'Asia/Kolkata', at)).toBeNull();
  });

  it('shows the last execution and its outcome, and only the first 50 jobs', async () => {
    const jobs = ctx.app.services.jobs;
    jobs.register(
      defineJob({
        name: 'test.a-fails',
        description: 'Always fails',
        schedule: '0 0 1 1 *',
        payloadSchema: z.object({}),
        retryLimit: 0,
        async handler() {
          throw new Error('nope');
        },
      }),
    );
    for (let i = 0; i < BULK; i++) {
      const n = String(i).padStart(2, '0');
      jobs.register(
        defineJob({
          name: `test.bulk-${n}`,
          description: `Bulk ${n}`,
          schedule: '0 3 * * *',
          payloadSchema: z.object({}),
          async handler() {},
        }),
      );
    }
    await jobs.start();
    await jobs.enqueue('mail.deliver', {});
    await jobs.enqueue('test.a-fails', {});
    const rows = await until(async () => {
      const r = await list();
      const mail = r.find((x) => x.id === 'mail.deliver');
      const fails = r.find((x) => x.id === 'test.a-fails');
      return mail?.lastOutcome === 'Succeeded' && fails?.lastOutcome === 'Failed' ? r : null;
    }, 'both runs to be recorded');
    expect(rows).toHaveLength(50);
    const all = [
      'captcha.purge',
      'ebidding.close',
      'ebidding.reminder',
      'files.purge-unattached',
      'inter-state-registrations.deemed-consent',
      'inter-state.deemed-consent',
      'inter-state.deemed-issue',
      'inter-state.expire',
      'mail.deliver',
      'payments.auto-defaulter',
      'payments.late-interest',
      'registrations.deemed-consent',
      'registrations.expire',
      'sessions.purge',
      'test.a-fails',
      ...Array.from({ length: BULK }, (_, i) => `test.bulk-${String(i).padStart(2, '0')}`),
    ].sort();
    expect(rows.map((r) => r.id)).toEqual(all.slice(0, 50));
    const mail = rows.find((r) => r.id === 'mail.deliver')!;
    expect(mail.lastExecution).toMatch(ISO);
    expect(Math.abs(new Date(mail.lastExecution!).getTime() - Date.now())).toBeLessThan(60_000);
    expect(rows.find((r) => r.id === 'test.bulk-00')).toMatchObject({ job: 'Bulk 00', lastExecution: null, lastOutcome: null });

    // Once pg-boss archives the finished runs (after 12 hours), the archive still answers.
    await ctx.app.services.jobs.stop();
    const before = (await list()).find((r) => r.id === 'mail.deliver')!;
    const cols =
      'id, name, priority, data, state, retry_limit, retry_count, retry_delay, retry_backoff, start_after, started_on, singleton_key, singleton_on, expire_in, created_on, completed_on, keep_until, dead_letter, policy, output';
    await ctx.database.db.execute(
      sql.raw(`WITH moved AS (DELETE FROM pgboss.job WHERE name = 'mail.deliver' AND state = 'completed' RETURNING *)
               INSERT INTO pgboss.archive (${cols}) SELECT ${cols} FROM moved`),
    );
    const archived = (await list()).find((r) => r.id === 'mail.deliver')!;
    expect(archived).toMatchObject({ lastExecution: before.lastExecution, lastOutcome: 'Succeeded' });
  });
});

describe('POST /api/Jobs/TriggerRecurringJob/{id}', () => {
  it("queues a run of a scheduled job with its schedule's payload, audited", async () => {
    const trigger = await buildTestApp();
    try {
      const admin = (await login(trigger, await createUser(trigger, 'Admin'))).jwtToken;
      const res = await trigger.app.inject({ method: 'POST', url: '/api/Jobs/TriggerRecurringJob/captcha.purge', headers: bearer(admin) });
      expect(res.statusCode, res.body).toBe(200);
      const { data } = res.json() as { data: { id: string; jobId: string | null } };
      expect(data.id).toBe('captcha.purge');
      expect(data.jobId).toEqual(expect.any(String));
      const job = await trigger.app.services.jobs.getJob('captcha.purge', data.jobId!);
      expect(job?.name).toBe('captcha.purge');
      const audit = (await trigger.database.db.execute(
        sql`SELECT action, entity_id FROM audit_log WHERE action = 'JOB_TRIGGERED'`,
      )) as unknown as { rows: unknown[] };
      expect(audit.rows).toEqual([{ action: 'JOB_TRIGGERED', entity_id: 'captcha.purge' }]);
    } finally {
      await trigger.close();
    }
  });

  it('answers 404 for an unknown job', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/Jobs/TriggerRecurringJob/nope.nothing', headers: bearer(token) });
    expect(res.statusCode).toBe(404);
  });
});
