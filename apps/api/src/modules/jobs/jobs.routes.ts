import type { FastifyInstance } from 'fastify';

import { jobsEndpoints as e } from '@stoa/shared';

import { route } from '../../platform/routes';
import type { JobService } from './jobs.service';

export function jobsRoutes(app: FastifyInstance, { jobs }: { jobs: JobService }) {
  route(app, e.getRecurringJobs, () => jobs.recurringJobs());
}
