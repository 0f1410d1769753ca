import { z } from 'zod';

import { defineJob } from '../jobs/jobs';
import type { RegistrationsService } from './registrations.service';

export const DEEMED_CONSENT_JOB = 'registrations.deemed-consent';
export const EXPIRY_JOB = 'registrations.expire';

/** The registration jobs (DOMAIN.md §2): deemed consent and expiry, hourly and idempotent. */
export function registrationJobs(registrations: Pick<RegistrationsService, 'runDeemedConsent' | 'runExpiry'>) {
  return [
    defineJob({
      name: DEEMED_CONSENT_JOB,
      description: 'Record deemed consent for registrations a DISCOM/TRANSCO user did not act on within the configured working days',
      schedule: '5 * * * *',
      payloadSchema: z.object({}),
      policy: 'short',
      async handler(_payload, ctx) {
        const n = await registrations.runDeemedConsent();
        if (n > 0) ctx.log.info({ registrations: n }, 'deemed consent recorded');
      },
    }),
    defineJob({
      name: EXPIRY_JOB,
      description: 'Set Approved registrations past their validity to Expired',
      schedule: '15 * * * *',
      payloadSchema: z.object({}),
      policy: 'short',
      async handler(_payload, ctx) {
        const n = await registrations.runExpiry();
        if (n > 0) ctx.log.info({ registrations: n }, 'registrations expired');
      },
    }),
  ];
}
