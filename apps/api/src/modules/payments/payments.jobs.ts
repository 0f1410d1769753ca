import { z } from 'zod';

import { defineJob } from '../jobs/jobs';

export const AUTO_DEFAULTER_JOB = 'payments.auto-defaulter';
export const LATE_INTEREST_JOB = 'payments.late-interest';

/**
 * The payments jobs (issue 13), idempotent: the automatic defaulter flag (defaulters.ts, decision 0048)
 * and the late-payment interest on dues settled after their due date (late-interest.ts, decision 0051).
 */
export function paymentsJobs(run: {
  autoDefaulter: () => Promise<{ marked: number; cleared: number }>;
  lateInterest: () => Promise<number>;
}) {
  return [
    defineJob({
      name: LATE_INTEREST_JOB,
      description:
        'Raise late-payment interest (rate per day in force, per working day late) on dues settled after their due date, as dues of their own',
      schedule: '10 * * * *',
      payloadSchema: z.object({}),
      policy: 'short',
      async handler(_payload, ctx) {
        const n = await run.lateInterest();
        if (n > 0) ctx.log.info({ dues: n }, 'late-payment interest raised');
      },
    }),
    defineJob({
      name: AUTO_DEFAULTER_JOB,
      description:
        'Mark payers with a due unpaid longer than the operating rule allows after its due date as defaulters, and clear the flag this job set once they are settled',
      schedule: '25 * * * *',
      payloadSchema: z.object({}),
      policy: 'short',
      async handler(_payload, ctx) {
        const r = await run.autoDefaulter();
        if (r.marked + r.cleared > 0) ctx.log.info(r, 'defaulter flags reviewed');
      },
    }),
  ];
}
