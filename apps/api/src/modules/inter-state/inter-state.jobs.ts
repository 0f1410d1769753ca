import { z } from 'zod';

import { defineJob } from '../jobs/jobs';
import type { InterStateService } from './inter-state.service';

export const DEEMED_ISSUE_JOB = 'inter-state.deemed-issue';
export const CLEARANCE_EXPIRY_JOB = 'inter-state.expire';
export const DEEMED_CONSENT_JOB = 'inter-state.deemed-consent';

/** The inter-state jobs: deemed issue and expiry of standing clearances (decision 0062, deadlines.ts), deemed consent (decision 0068, consent-deadlines.ts); hourly and idempotent. */
export function interStateJobs(interState: Pick<InterStateService, 'runDeemedIssue' | 'runExpiry' | 'runDeemedConsent'>) {
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
    defineJob({
      name: DEEMED_CONSENT_JOB,
      description:
        'Deem consented the inter-state STOA consent applications the SLDC did not decide within the configured working days (3 by default; decision 0068)',
      schedule: '45 * * * *',
      payloadSchema: z.object({}),
      policy: 'short',
      async handler(_payload, ctx) {
        const n = await interState.runDeemedConsent();
        if (n > 0) ctx.log.info({ interStateConsents: n }, 'inter-state consents deemed');
      },
    }),
  ];
}
