import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';

import type { DbOrTx } from '../../platform/db/client';

/** Cron schedules are read in India Standard Time. */
export const JOBS_TIME_ZONE = 'Asia/Kolkata';

export interface JobContext {
  /** pg-boss job id. */
  id: string;
  name: string;
  /** 1 for the first run, 2 for the first retry, … */
  attempt: number;
  log: FastifyBaseLogger;
}

/**
 * A job, declared as data (STYLE.md rule 14) in `<module>.jobs.ts` and registered with
 * `jobs.register(def)` in app.ts. The runner is pg-boss; nothing outside modules/jobs imports it.
 */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  /** Queue name, `<module>.<verb>`; also the recurring job's id on the Admin page. */
  name: string;
  /** One line for the Admin's 'Recurring Jobs' table. */
  description: string;
  /** Cron expression (5 fields, or 6 with seconds) in Asia/Kolkata time; omit for queued-only jobs. */
  schedule?: string;
  /** Payload of the scheduled runs (default `{}`); must satisfy payloadSchema. */
  schedulePayload?: z.input<S>;
  payloadSchema: S;
  handler(payload: z.output<S>, ctx: JobContext): Promise<void>;
  /** Retries after the first failed run (default 3). */
  retryLimit?: number;
  /** Seconds before a retry (default 30). */
  retryDelaySeconds?: number;
  /** Double the delay on each retry, with jitter (default true). */
  retryBackoff?: boolean;
  /** A run taking longer than this fails (and is retried); default 15 minutes. */
  expireInSeconds?: number;
  /**
   * 'standard' (default): every enqueue is a run. 'short': at most one run waiting to start
   * (enqueueing again while one waits is a no-op), for "something changed, go and look" jobs.
   * 'singleton': at most one run active at a time.
   */
  policy?: 'standard' | 'short' | 'singleton';
}

/** Declares a job (keeps the payload type of the handler tied to its schema). */
export function defineJob<S extends z.ZodType>(def: JobDefinition<S>): JobDefinition<S> {
  return def;
}

export interface EnqueueOptions {
  /** With policy 'short', one waiting run per key; with 'standard', informative only. */
  singletonKey?: string;
  /** Run at (Date) or after so many seconds (number). */
  startAfter?: Date | number;
  /**
   * Queue the job inside this Drizzle transaction: it exists only if the transaction commits.
   * Without it the job is queued at once, on its own.
   */
  tx?: DbOrTx;
}
