import { z } from 'zod';

import { defineJob } from '../jobs/jobs';
import type { InterStateService } from './inter-state.service';

export const DEEMED_ISSUE_JOB = 'inter-state.deemed-issue';
export const CLEARANCE_EXPIRY_JOB = 'inter-state.expire';

/** The standing-clearance jobs (decision 0062): deemed issue and expiry, hourly and idempotent (deadlines.ts). */
export function interStateJobs(interState: Pick<InterStateService, 'runDeemedIssue' | 'runExpiry'>) {
  return [
    defineJob({
      name: DEEMED_ISSUE_JOB,
      description:
        'Deem issued the standing clearances the SLDC did not decide within the configured working days (3 power exchange, 7 bilateral by default)',
      schedule: '35 * * * *',
      payloadSchema: z.object({}),
      policy: 'short',
      async handler(_payload, ctx) {
        const n = await interState.runDeemedIssue();
        if (n > 0) ctx.log.info({ standingClearances: n }, 'standing clearances deemed issued');
      },
    }),
    defineJob({
      name: CLEARANCE_EXPIRY_JOB,
      description: 'Set issued standing clearances past their Valid To to Expired and tell their applicants',
      schedule: '40 * * * *',
      payloadSchema: z.object({}),
      policy: 'short',
      async handler(_payload, ctx) {
        const n = await interState.runExpiry();
        if (n > 0) ctx.log.info({ standingClearances: n }, 'standing clearances expired');
      },
    }),
  ];
}
