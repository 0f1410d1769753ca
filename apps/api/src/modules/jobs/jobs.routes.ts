import type { FastifyInstance } from 'fastify';

import { jobsEndpoints as e } from '@stoa/shared';

import { currentUser } from '../../platform/auth';
import type { Database } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { route } from '../../platform/routes';
import type { AuditService } from '../audit/audit.service';
import type { JobService } from './jobs.service';

export function jobsRoutes(app: FastifyInstance, { jobs, db, audit }: { jobs: JobService; db: Database; audit: AuditService }) {
  route(app, e.getRecurringJobs, () => jobs.recurringJobs());
  route(app, e.triggerRecurringJob, async (req) => {
    const actor = currentUser(req);
    const jobId = await jobs.triggerNow(req.params.id);
    await inTransaction(db, (tx) =>
      audit.record(tx, { actor: { id: actor.id, role: actor.role }, action: 'JOB_TRIGGERED', entity: 'RecurringJob', entityId: req.params.id, after: { jobId }, requestId: req.id }),
    );
    return { id: req.params.id, jobId };
  });
}
