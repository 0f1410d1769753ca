import { z } from 'zod';

/** How the last run of a recurring job ended ('Failed' also covers a failed attempt awaiting its retry). */
export const jobOutcomeSchema = z.enum(['Succeeded', 'Failed', 'Processing']);
export type JobOutcome = z.infer<typeof jobOutcomeSchema>;

/** One row of the Admin's 'Recurring Jobs' table (spec 000 §2 /hangfire). Instants are ISO 8601. */
export const recurringJobSchema = z.object({
  /** The recurring job's id: its queue name, e.g. 'mail.deliver'. */
  id: z.string(),
  /** What the job does. */
  job: z.string(),
  /** Cron expression, evaluated in `timeZone`. */
  cron: z.string(),
  timeZone: z.string(),
  nextExecution: z.string().nullable(),
  lastExecution: z.string().nullable(),
  lastOutcome: jobOutcomeSchema.nullable(),
  created: z.string(),
});
export type RecurringJob = z.infer<typeof recurringJobSchema>;

/** The page shows the first 50 recurring jobs, ordered by id. */
export const RECURRING_JOBS_PAGE_SIZE = 50;
export const recurringJobListSchema = z.array(recurringJobSchema);

/** Answer of 'Run now': the queued run's id (null when an identical run is already waiting). */
export const triggerResultSchema = z.object({ id: z.string(), jobId: z.string().nullable() });
