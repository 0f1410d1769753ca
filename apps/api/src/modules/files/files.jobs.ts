import { z } from 'zod';

import { defineJob } from '../jobs/jobs';
import type { FilesService } from './files.service';

/** An upload not attached to any record (a registration, an ATC upload, a manual) is kept this long. */
export const UNATTACHED_FILE_RETENTION_MS = 24 * 3_600_000;

export function filesJobs(files: FilesService) {
  return [
    defineJob({
      name: 'files.purge-unattached',
      description: 'Delete uploaded files never attached to a record, a day after their upload',
      schedule: '40 * * * *',
      payloadSchema: z.object({}),
      policy: 'short',
      async handler(_payload, ctx) {
        const n = await files.purgeUnattached(UNATTACHED_FILE_RETENTION_MS);
        if (n > 0) ctx.log.info({ deleted: n }, 'unattached uploads deleted');
      },
    }),
  ];
}
