import { type DashboardItem, JOB_ATTENTION_STATUSES } from '@stoa/shared/dashboard';
import { WEB_LINKS } from '@stoa/shared/navigation';
import { USER_STATUS_LABELS, USER_STATUSES } from '@stoa/shared/users';
import { enDashboard } from '@stoa/shared/messages';

import type { JobService } from '../jobs/jobs.service';
import type { UsersService } from '../users/users.service';

export interface AdminAttentionDeps {
  users: Pick<UsersService, 'find'>;
  jobs: Pick<JobService, 'recurringJobs'>;
}

const item = (kind: 'users' | 'jobs', status: string, statusDescription: string, count: number, link: string): DashboardItem => ({
  kind,
  applicationType: null,
  status,
  statusDescription,
  count,
  capped: false,
  link,
  deemedAt: null,
});

/**
 * What asks for the Admin's attention (issue 15, decision 0075): per status of the users list
 * (pending first login, disabled, defaulter) the dataCount of that very list filtered to it, and the
 * recurring jobs whose last run failed or whose scheduled run is late, counted on the rows of the
 * Recurring Jobs page (the same use case), so a figure and its page never disagree.
 */
export async function adminAttention(deps: AdminAttentionDeps): Promise<DashboardItem[]> {
  const items: DashboardItem[] = [];
  for (const status of USER_STATUSES) {
    const list = await deps.users.find({ pageNumber: 1, pageSize: 10, status });
    items.push(item('users', status, USER_STATUS_LABELS[status], list.dataCount, WEB_LINKS.usersIn(status)));
  }
  const jobs = await deps.jobs.recurringJobs();
  const counts = { Failed: jobs.filter((j) => j.lastOutcome === 'Failed').length, Late: jobs.filter((j) => j.late).length };
  for (const status of JOB_ATTENTION_STATUSES) {
    items.push(item('jobs', status, enDashboard.jobStatuses[status], counts[status], WEB_LINKS.recurringJobs()));
  }
  return items;
}
