import { z } from 'zod';

import { defineEndpoint } from '../common/endpoint';
import { recurringJobListSchema, triggerResultSchema } from './jobs.schemas';

export const jobsEndpoints = {
  getRecurringJobs: defineEndpoint({
    id: 'Jobs.GetRecurringJobs',
    method: 'GET',
    path: '/api/Jobs/GetRecurringJobs',
    roles: ['Admin'],
    summary: 'The first 50 recurring jobs: id, job, next and last execution, created',
    response: recurringJobListSchema,
  }),
  triggerRecurringJob: defineEndpoint({
    id: 'Jobs.TriggerRecurringJob',
    method: 'POST',
    path: '/api/Jobs/TriggerRecurringJob/:id',
    roles: ['Admin'],
    summary: 'Queue a run of a recurring job now (as its schedule would), e.g. after changing a rule it reads',
    params: z.object({ id: z.string().min(1).max(100) }),
    response: triggerResultSchema,
  }),
} as const;
