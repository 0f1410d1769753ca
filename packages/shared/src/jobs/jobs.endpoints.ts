import { defineEndpoint } from '../common/endpoint';
import { recurringJobListSchema } from './jobs.schemas';

export const jobsEndpoints = {
  getRecurringJobs: defineEndpoint({
    id: 'Jobs.GetRecurringJobs',
    method: 'GET',
    path: '/api/Jobs/GetRecurringJobs',
    roles: ['Admin'],
    summary: 'The first 50 recurring jobs: id, job, next and last execution, created',
    response: recurringJobListSchema,
  }),
} as const;
