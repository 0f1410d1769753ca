import type { FastifyInstance } from 'fastify';

import { jobsEndpoints as e } from '@stoa/shared/jobs';

import { currentUser } from '../../platform/auth';
import type { Database } from '../../platform/db/client';
import { route } from '../../platform/routes';
import type { AuditService } from '../audit/audit.service';
import type { JobService } from './jobs.service';
import { triggerRecurringJob } from './recurring-jobs';

export function jobsRoutes(app: FastifyInstance, deps: { jobs: JobService; db: Database; audit: AuditService }) {
  route(app, e.getRecurringJobs, () => deps.jobs.recurringJobs());
  route(app, e.triggerRecurringJob, (req) => triggerRecurringJob(deps, currentUser(req), req.params.id, { requestId: req.id }));
}
