import { z } from 'zod';

import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/client';
import { defineJob } from '../jobs/jobs';
import { accountRepository } from './account.repository';

/** Expired sessions (refresh tokens) are kept this long (a reused old token still finds its family), then deleted. */
export const SESSION_RETENTION_DAYS = 30;

export function accountJobs({ db, clock }: { db: Database; clock: Clock }) {
  return [
    defineJob({
      name: 'captcha.purge',
      description: 'Delete expired captchas',
      schedule: '*/15 * * * *',
      payloadSchema: z.object({}),
      policy: 'short',
      async handler(_payload, ctx) {
        const n = await accountRepository.deleteExpiredCaptchas(db, clock.now());
        if (n > 0) ctx.log.info({ deleted: n }, 'expired captchas deleted');
      },
    }),
    defineJob({
      name: 'sessions.purge',
      description: `Delete sessions (refresh tokens) expired more than ${SESSION_RETENTION_DAYS} days ago`,
      schedule: '30 2 * * *',
      payloadSchema: z.object({}),
      policy: 'short',
      async handler(_payload, ctx) {
        const before = new Date(clock.now().getTime() - SESSION_RETENTION_DAYS * 86_400_000);
        const n = await accountRepository.deleteExpiredRefreshTokens(db, before);
        if (n > 0) ctx.log.info({ deleted: n }, 'expired sessions deleted');
      },
    }),
  ];
}
