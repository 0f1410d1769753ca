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
  /**
   * A scheduled run has not started: the schedule fired after the last start (or, never run, after
   * `created`) more than RECURRING_JOB_LATE_AFTER_MINUTES ago.
   */
  late: z.boolean(),
  created: z.string(),
});
export type RecurringJob = z.infer<typeof recurringJobSchema>;

/** How long after its scheduled time a run that has not started counts as late. */
export const RECURRING_JOB_LATE_AFTER_MINUTES = 5;

/** The page shows the first 50 recurring jobs, ordered by id. */
export const RECURRING_JOBS_PAGE_SIZE = 50;
export const recurringJobListSchema = z.array(recurringJobSchema);

/** Answer of 'Run now': the queued run's id (null when an identical run is already waiting). */
export const triggerResultSchema = z.object({ id: z.string(), jobId: z.string().nullable() });
