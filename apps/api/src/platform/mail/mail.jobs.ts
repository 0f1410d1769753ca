import { z } from 'zod';

import { defineJob } from '../../modules/jobs/jobs';
import type { OutboxWorker } from './outbox';

export const MAIL_DELIVER_JOB = 'mail.deliver';

/** Rounds of drain() per run (50 mails each); a longer queue is left to the next run, queued at once. */
const MAX_ROUNDS = 20;

/**
 * Mail delivery runs as a job: every minute (which also retries failed mail once its back-off has
 * passed), and after each commit that queued mail (outbox.kick()). Policy 'short': while one run
 * waits to start, kicking again adds nothing. Send failures never fail the job (the mail row keeps
 * its own attempts and back-off); a database error does, and pg-boss retries it.
 */
export function mailJobs(outbox: OutboxWorker, requeue: () => void) {
  return [
    defineJob({
      name: MAIL_DELIVER_JOB,
      description: 'Deliver queued mail (the outbox) by SMTP; failed mail is retried with back-off',
      schedule: '* * * * *',
      payloadSchema: z.object({}),
      policy: 'short',
      retryLimit: 5,
      retryDelaySeconds: 10,
      retryBackoff: true,
      expireInSeconds: 30 * 60,
      async handler(_payload, ctx) {
        let total = 0;
        for (let round = 0; round < MAX_ROUNDS; round++) {
          const n = await outbox.drain();
          total += n;
          if (n < outbox.batchSize) {
            if (total > 0) ctx.log.info({ processed: total }, 'mail outbox drained');
            return;
          }
        }
        ctx.log.info({ processed: total }, 'mail outbox: more mail waiting, queued another run');
        requeue();
      },
    }),
  ];
}
