import { z } from 'zod';

import { defineJob } from '../jobs/jobs';

export const AUTO_DEFAULTER_JOB = 'payments.auto-defaulter';

/** The payments jobs (issue 13), idempotent: the automatic defaulter flag (defaulters.ts, decision 0048). */
export function paymentsJobs(run: { autoDefaulter: () => Promise<{ marked: number; cleared: number }> }) {
  return [
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
