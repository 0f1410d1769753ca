import { z } from 'zod';

import { defineJob } from '../jobs/jobs';
import type { InterStateRegistrationsService } from './inter-state-registrations.service';

export const INTER_STATE_REGISTRATION_DEEMED_CONSENT_JOB = 'inter-state-registrations.deemed-consent';

/** Deemed consent of the embedding DISCOM/TRANSCO (decision 0076): hourly, idempotent. */
export function interStateRegistrationJobs(s: Pick<InterStateRegistrationsService, 'runDeemedConsent'>) {
  return [
    defineJob({
      name: INTER_STATE_REGISTRATION_DEEMED_CONSENT_JOB,
      description:
        'Record deemed consent for inter-state registrations a DISCOM/TRANSCO user did not act on within the configured working days',
      schedule: '45 * * * *',
      payloadSchema: z.object({}),
      policy: 'short',
      async handler(_payload, ctx) {
        const n = await s.runDeemedConsent();
        if (n > 0) ctx.log.info({ interStateRegistrations: n }, 'deemed consent recorded');
      },
    }),
  ];
}
