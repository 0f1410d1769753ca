import { z } from 'zod';

import { defineJob } from '../jobs/jobs';
import type { EBiddingService } from './e-bidding.service';

export const EBIDDING_CLOSE_JOB = 'ebidding.close';
export const EBIDDING_REMINDER_JOB = 'ebidding.reminder';

/**
 * The e-bidding jobs (DOMAIN.md §4, decision 0015), idempotent: at the deadline, invitations without
 * a submitted proposal expire and invited applications without one are deemed withdrawn; before the
 * deadline the bidders who have not submitted are reminded once.
 */
export function eBiddingJobs(eBidding: Pick<EBiddingService, 'runClose' | 'runReminders'>) {
  return [
    defineJob({
      name: EBIDDING_CLOSE_JOB,
      description:
        'Expire e-bidding invitations whose deadline passed without proposals; deem invited applications without a proposal withdrawn',
      schedule: '*/5 * * * *',
      payloadSchema: z.object({}),
      policy: 'short',
      async handler(_payload, ctx) {
        const r = await eBidding.runClose();
        if (r.invitations > 0) ctx.log.info(r, 'e-bidding invitations closed');
      },
    }),
    defineJob({
      name: EBIDDING_REMINDER_JOB,
      description: 'Remind invited bidders without a submitted proposal before the e-bidding deadline',
      schedule: '20 * * * *',
      payloadSchema: z.object({}),
      policy: 'short',
      async handler(_payload, ctx) {
        const n = await eBidding.runReminders();
        if (n > 0) ctx.log.info({ reminded: n }, 'e-bidding reminders sent');
      },
    }),
  ];
}
