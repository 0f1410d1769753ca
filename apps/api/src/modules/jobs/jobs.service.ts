import cronParser from 'cron-parser';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';

import { RECURRING_JOB_LATE_AFTER_MINUTES, RECURRING_JOBS_PAGE_SIZE, type JobOutcome, type RecurringJob } from '@stoa/shared/jobs';

import type { Clock } from '../../platform/clock';
import type { DatabaseHandle } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { bossDb, type BossDb, transactionBossDb, withSyncLock } from '../../platform/db/boss';
import { type EnqueueOptions, type JobDefinition, JOBS_TIME_ZONE } from './jobs';
import { BOSS_SCHEMA, jobsRepository } from './jobs.repository';

/** pg-boss keeps its tables in this schema, apart from ours (Drizzle never sees it). */
export { BOSS_SCHEMA };

export interface JobServiceOptions {
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  clock: Clock;
  /**
   * How often an idle worker looks for due jobs, per queue. Jobs queued by this process wake
   * its worker at once, so polling only matters for delayed runs, retries and jobs queued by
   * another process. Default 2 s on PostgreSQL, 5 s on PGlite (one process, one connection).
   */
  pollingIntervalSeconds?: number;
  /** How often the scheduler checks the cron table (default 30 s; 1–45). */
  cronMonitorIntervalSeconds?: number;
  /** How often due cron runs are turned into jobs (default 5 s; 1–45). */
  cronWorkerIntervalSeconds?: number;
  /** How long stop() waits for running handlers (default 15 s). */
  stopTimeoutMs?: number;
}

const DEFAULTS = { retryLimit: 3, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 15 * 60, policy: 'standard' } as const;

/**
 * The job runner (ARCHITECTURE.md §7): pg-boss 10 on the API's own database, PostgreSQL or PGlite.
 *
 * Two pg-boss instances share one adapter: a *producer*, started by `install()` in every process
 * (creates the `pgboss` schema, the queues and the cron schedules, and queues jobs; no timers), and
 * a *runner*, started by `start()` where jobs should run (workers, cron, maintenance). Tests build
 * apps without `start()`, so nothing runs behind their back.
 */
export function createJobService(opts: JobServiceOptions) {
  const { database, log, clock } = opts;
  const pglite = database.kind === 'pglite';
  const pollingIntervalSeconds = opts.pollingIntervalSeconds ?? (pglite ? 5 : 2);
  const defs = new Map<string, JobDefinition>();
  const synced = new Set<string>();
  const workerIds = new Map<string, string>();

  // Every pg-boss statement goes through here, so stop() can wait for those already sent (pg-boss
  // completes jobs without awaiting) and nothing reaches the database after it. A statement after
  // stop() gets no result, as from pg-boss's own pool once closed (its callers tolerate that).
  const raw = bossDb(database);
  let inFlight = 0;
  let active = 0;
  let closed = false;
  const db: BossDb = {
    async executeSql(text, values) {
      if (closed) return undefined as unknown as { rows: unknown[] };
      inFlight++;
      try {
        return await raw.executeSql(text, values);
      } finally {
        inFlight--;
      }
    },
  };
  const assertOpen = () => {
    if (closed) throw new Error('jobs: stopped');
  };

  const onError = (err: unknown) => {
    if (closed) return;
    log.error({ err }, 'jobs: pg-boss error');
  };
  const producer = new PgBoss({ db, schema: BOSS_SCHEMA, schedule: false, supervise: false, migrate: true });
  producer.on('error', onError);
  let runner: PgBoss | undefined;
  let installing: Promise<void> | undefined;
  let starting: Promise<void> | undefined;
  let stopping: Promise<void> | undefined;
  const pending = new Set<Promise<unknown>>();

  function definition(name: string): JobDefinition {
    const def = defs.get(name);
    if (!def) throw new Error(`jobs: no job named '${name}' is registered`);
    return def;
  }

  /**
   * Creates or updates the queues of the registered jobs and their cron schedules, and drops
   * schedules of jobs no longer declared, in one transaction under an advisory lock.
   */
  async function sync() {
    assertOpen();
    const names = [...defs.keys()];
    await withSyncLock(database, async (lockedDb) => {
      const boss = new PgBoss({ db: lockedDb, schema: BOSS_SCHEMA, schedule: false, supervise: false, migrate: false });
      for (const def of defs.values()) {
        const queue = {
          name: def.name,
          policy: def.policy ?? DEFAULTS.policy,
          retryLimit: def.retryLimit ?? DEFAULTS.retryLimit,
          retryDelay: def.retryDelaySeconds ?? DEFAULTS.retryDelaySeconds,
          retryBackoff: def.retryBackoff ?? DEFAULTS.retryBackoff,
          expireInSeconds: def.expireInSeconds ?? DEFAULTS.expireInSeconds,
        };
        await boss.createQueue(def.name, queue);
        // createQueue keeps an existing queue as it was; a changed definition updates it.
        await boss.updateQueue(def.name, queue);
        if (def.schedule) {
          const payload = def.payloadSchema.parse(def.schedulePayload ?? {}) as object;
          await boss.schedule(def.name, def.schedule, payload, { tz: JOBS_TIME_ZONE });
        }
      }
      for (const s of await boss.getSchedules()) {
        if (!defs.get(s.name)?.schedule) await boss.unschedule(s.name);
      }
    });
    for (const name of names) synced.add(name);
  }

  async function runOne(def: JobDefinition, job: PgBoss.JobWithMetadata<unknown>) {
    const ctx = { id: job.id, name: def.name, attempt: job.retryCount + 1, log: log.child({ job: def.name, jobId: job.id }) };
    active++;
    try {
      const payload = def.payloadSchema.parse(job.data ?? {});
      await def.handler(payload, ctx);
    } catch (err) {
      const willRetry = job.retryCount < job.retryLimit;
      ctx.log.warn({ err, attempt: ctx.attempt, willRetry }, `job ${def.name} failed`);
      throw err;
    } finally {
      active--;
    }
  }

  const service = {
    /** Declares a job. Register every job before start(); install() and start() create its queue. */
    register<D extends JobDefinition>(def: D): void {
      if (runner) throw new Error(`jobs: register '${def.name}' before start()`);
      if (defs.has(def.name)) throw new Error(`jobs: '${def.name}' is registered twice`);
      if (!/^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/i.test(def.name)) throw new Error(`jobs: bad job name '${def.name}' (use module.verb)`);
      if (def.schedule) cronParser.parseExpression(def.schedule, { tz: JOBS_TIME_ZONE });
      defs.set(def.name, def as unknown as JobDefinition);
    },

    /** Installs or upgrades the pgboss schema, creates queues and schedules. Safe in every process, at once. */
    async install() {
      installing ??= (async () => {
        await producer.start();
      })();
      await installing;
      await sync();
    },

    /**
     * Queues a run. Returns the job id, or null when policy 'short' already has one waiting.
     * With `tx` the job is written in the caller's transaction and exists only if it commits.
     * Without it the job is written at once, on its own: call it after your commit. (On PGlite,
     * awaiting it inside an open transaction never returns: the one connection is that transaction's.)
     */
    async enqueue(name: string, payload: unknown, options: EnqueueOptions = {}): Promise<string | null> {
      assertOpen();
      const def = definition(name);
      const data = def.payloadSchema.parse(payload) as object;
      if (!synced.has(name)) {
        // Registered after install(): its queue must exist first (not from inside a transaction).
        if (options.tx) throw new Error(`jobs: '${name}' has no queue yet; call install() after register()`);
        await service.install();
      }
      const send: PgBoss.SendOptions = {};
      if (options.singletonKey) send.singletonKey = options.singletonKey;
      if (options.startAfter !== undefined) send.startAfter = options.startAfter;
      if (options.tx) send.db = transactionBossDb(options.tx);
      const id = await producer.send(name, data, send);
      if (!options.tx && options.startAfter === undefined) service.notify(name);
      return id;
    },

    /** Fire-and-forget enqueue (errors are logged); stop() waits for it. */
    trigger(name: string, payload: unknown = {}, options: Omit<EnqueueOptions, 'tx'> = {}) {
      if (closed || stopping) return;
      const p = service
        .enqueue(name, payload, options)
        .catch((err: unknown) => log.error({ err, job: name }, 'jobs: could not queue a job'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },

    /** Wakes this process's worker of a queue (after a commit that queued a job in a transaction). */
    notify(name: string) {
      const id = workerIds.get(name);
      if (id && runner) runner.notifyWorker(id);
    },

    /** Starts workers for every registered job, the cron scheduler and pg-boss maintenance. */
    async start() {
      starting ??= (async () => {
        await service.install();
        const boss = new PgBoss({
          db,
          schema: BOSS_SCHEMA,
          migrate: true,
          schedule: true,
          supervise: true,
          pollingIntervalSeconds,
          cronMonitorIntervalSeconds: opts.cronMonitorIntervalSeconds ?? 30,
          cronWorkerIntervalSeconds: opts.cronWorkerIntervalSeconds ?? 5,
        });
        boss.on('error', onError);
        runner = boss;
        await boss.start();
        for (const def of defs.values()) {
          const worker: { id?: string } = {};
          worker.id = await boss.work<unknown>(def.name, { pollingIntervalSeconds, batchSize: 1, includeMetadata: true }, async ([job]) => {
            if (!job) return;
            try {
              await runOne(def, job);
            } finally {
              // A worker fetches one job per polling interval; having found one, look again at once.
              if (worker.id && !stopping) boss.notifyWorker(worker.id);
            }
          });
          workerIds.set(def.name, worker.id);
        }
        log.info({ jobs: [...defs.keys()], pollingIntervalSeconds }, 'jobs: workers started');
      })();
      await starting;
    },

    /** Stops workers (running handlers may finish), then the producer. Called by app.close(). */
    async stop() {
      stopping ??= (async () => {
        await starting?.catch(() => undefined);
        await Promise.allSettled([...pending]);
        const timeout = opts.stopTimeoutMs ?? 15_000;
        if (runner) await runner.stop({ graceful: true, timeout, close: false }).catch(onError);
        await installing?.catch(() => undefined);
        await producer.stop({ graceful: true, timeout: 1_000, close: false }).catch(onError);
        // pg-boss's stop() can resolve while a worker's last fetch is still in flight (and hands
        // over one more job), and it completes jobs without awaiting: wait until nothing runs and
        // no statement is on its way, twice in a row, before the database may close.
        const deadline = Date.now() + timeout;
        for (let quiet = 0; quiet < 2 && Date.now() < deadline;) {
          quiet = inFlight === 0 && active === 0 ? quiet + 1 : 0;
          await new Promise((r) => setTimeout(r, 20));
        }
        closed = true;
      })();
      await stopping;
    },

    /** The Admin's Recurring Jobs page: the first 50 schedules by id (the Admin's dashboard counts its Failed and late rows). */
    async recurringJobs(limit = RECURRING_JOBS_PAGE_SIZE): Promise<RecurringJob[]> {
      // A read of pg-boss's tables; works whether or not this process runs workers.
      const rows = await jobsRepository.schedulesWithLatestRun(raw, limit);
      const now = clock.now();
      return rows.map((r) => ({
        id: r.name,
        late: isLate(r.cron, r.timezone ?? 'UTC', new Date(r.started_on ?? r.created_on), now),
        job: defs.get(r.name)?.description ?? r.name,
        cron: r.cron,
        timeZone: r.timezone ?? 'UTC',
        nextExecution: nextRun(r.cron, r.timezone ?? 'UTC', now),
        lastExecution: r.started_on ? new Date(r.started_on).toISOString() : null,
        lastOutcome: r.state ? (OUTCOME[r.state] ?? null) : null,
        created: new Date(r.created_on).toISOString(),
      }));
    },

    /**
     * 'Run now' from the Admin's Recurring Jobs page: queues a run of a scheduled job with its
     * schedule's payload. Unknown or unscheduled names are 404.
     */
    async triggerNow(name: string): Promise<string | null> {
      const def = defs.get(name);
      if (!def?.schedule) throw new AppError('NOT_FOUND');
      return service.enqueue(name, def.schedulePayload ?? {});
    },

    /** A job by id (with the archive): for tests and diagnostics. */
    getJob(name: string, id: string) {
      return producer.getJobById<unknown>(name, id, { includeArchive: true });
    },

    /** Runs pg-boss maintenance (expire, archive, drop) now. */
    maintain: () => producer.maintain(),
  };
  return service;
}

const OUTCOME: Record<string, JobOutcome> = {
  active: 'Processing',
  completed: 'Succeeded',
  failed: 'Failed',
  retry: 'Failed',
};

/** The next time a cron expression fires after `now`, computed by the parser pg-boss uses itself. */
export function nextRun(cron: string, tz: string, now: Date): string | null {
  try {
    return cronParser.parseExpression(cron, { tz, currentDate: now }).next().toDate().toISOString();
  } catch {
    return null;
  }
}

/**
 * Whether a scheduled run has not started: the first time the cron fired after `since` (the last start,
 * or the schedule's creation) is more than RECURRING_JOB_LATE_AFTER_MINUTES before `now`.
 */
export function isLate(cron: string, tz: string, since: Date, now: Date): boolean {
  try {
    const due = cronParser.parseExpression(cron, { tz, currentDate: since }).next().toDate();
    return due.getTime() + RECURRING_JOB_LATE_AFTER_MINUTES * 60_000 < now.getTime();
  } catch {
    return false;
  }
}

export type JobService = ReturnType<typeof createJobService>;
