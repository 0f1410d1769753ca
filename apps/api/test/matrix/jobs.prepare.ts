import type { Prepare } from '../auth-matrix';

export const prepare: Record<string, Prepare> = {
  'Jobs.GetRecurringJobs': () => ({}),
  'Jobs.TriggerRecurringJob': () => ({ params: { id: 'captcha.purge' } }),
};
