import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import type { RecurringJob } from '@stoa/shared/jobs';

import { authStore } from '../../../lib/auth-store';
import { createQueryClient, QueryProvider } from '../../../lib/query-client';
import { buildAuthUser } from '../../../testing/fixtures';
import { fail, mockFetch, ok } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/test-utils';
import { RecurringJobsPage } from './recurring-jobs-page';

const JOBS: RecurringJob[] = [
  {
    id: 'captcha.purge',
    job: 'Deletes expired captchas',
    cron: '*/15 * * * *',
    timeZone: 'Asia/Kolkata',
    nextExecution: '2026-03-01T10:15:00.000Z',
    lastExecution: '2026-03-01T10:00:00.000Z',
    lastOutcome: 'Succeeded',
    late: false,
    created: '2026-01-05T18:45:00.000Z',
  },
  {
    id: 'mail.deliver',
    job: 'Delivers queued mail',
    cron: '* * * * *',
    timeZone: 'Asia/Kolkata',
    nextExecution: '2026-03-01T10:01:00.000Z',
    lastExecution: '2026-03-01T10:00:00.000Z',
    lastOutcome: 'Failed',
    late: false,
    created: '2026-01-05T18:45:00.000Z',
  },
  {
    id: 'sessions.purge',
    job: 'Deletes ended sessions',
    cron: '0 3 * * *',
    timeZone: 'Asia/Kolkata',
    nextExecution: '2026-03-01T21:30:00.000Z',
    lastExecution: null,
    lastOutcome: null,
    late: true,
    created: '2026-01-05T18:45:00.000Z',
  },
];

function renderPage() {
  authStore.loginSucceeded(buildAuthUser({ role: 'Admin', entityType: null }));
  return renderWithProviders(
    <QueryProvider client={createQueryClient()}>
      <RecurringJobsPage />
    </QueryProvider>,
  );
}

describe('recurring jobs page', () => {
  beforeEach(() => authStore.signOut());

  it("shows id, job, next and last execution, outcome and created, in IST as 'MMM DD, YYYY h:mm A'", async () => {
    mockFetch({ 'GET /api/Jobs/GetRecurringJobs': () => ok(JOBS) });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Recurring Jobs' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Recurring jobs' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Id', 'Job', 'Next execution', 'Last execution', 'Last outcome', 'Created', 'Actions']);
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(cells).toEqual([
      [
        'captcha.purge',
        'Deletes expired captchas*/15 * * * * (Asia/Kolkata)',
        'Mar 01, 2026 3:45 PM',
        'Mar 01, 2026 3:30 PM',
        'Succeeded',
        'Jan 06, 2026 12:15 AM',
        'Run now',
      ],
      [
        'mail.deliver',
        'Delivers queued mail* * * * * (Asia/Kolkata)',
        'Mar 01, 2026 3:31 PM',
        'Mar 01, 2026 3:30 PM',
        'Failed',
        'Jan 06, 2026 12:15 AM',
        'Run now',
      ],
      [
        'sessions.purge',
        'Deletes ended sessions0 3 * * * (Asia/Kolkata)',
        'Mar 02, 2026 3:00 AM',
        'Not run yet',
        'Late',
        'Jan 06, 2026 12:15 AM',
        'Run now',
      ],
    ]);
  });

  it('marks a job whose scheduled run has not started as Late (the Admin’s dashboard counts these)', async () => {
    mockFetch({ 'GET /api/Jobs/GetRecurringJobs': () => ok([{ ...JOBS[1]!, late: true }, JOBS[0]!]) });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Recurring jobs' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Failed')).toBeInTheDocument();
    expect(within(rows[0]!).getByLabelText('Late: A scheduled run has not started')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('Late')).not.toBeInTheDocument();
  });

  it('refreshes on demand', async () => {
    let jobs = JOBS.slice(0, 1);
    const api = mockFetch({ 'GET /api/Jobs/GetRecurringJobs': () => ok(jobs) });
    const ui = userEvent.setup();
    renderPage();
    await screen.findByText('captcha.purge');
    jobs = JOBS;
    await ui.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('mail.deliver')).toBeInTheDocument();
    expect(api.calls('GET /api/Jobs/GetRecurringJobs')).toHaveLength(2);
  });

  it('runs a job now on demand and says so', async () => {
    const api = mockFetch({
      'GET /api/Jobs/GetRecurringJobs': () => ok(JOBS),
      'POST /api/Jobs/TriggerRecurringJob/captcha.purge': () => ok({ id: 'captcha.purge', jobId: 'j-1' }),
    });
    const ui = userEvent.setup();
    renderPage();
    await ui.click(await screen.findByRole('button', { name: 'Run captcha.purge now' }));
    await waitFor(() => expect(api.calls('POST /api/Jobs/TriggerRecurringJob/captcha.purge')).toHaveLength(1));
    await waitFor(() => expect(api.calls('GET /api/Jobs/GetRecurringJobs')).toHaveLength(2));
  });

  it('has an empty state and an error state with a retry', async () => {
    let answer = fail(403, 'FORBIDDEN', 'You are not allowed to do this.');
    mockFetch({ 'GET /api/Jobs/GetRecurringJobs': () => answer });
    const ui = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Sorry! We are unable to fetch the data.')).toBeInTheDocument();
    answer = ok([]);
    await ui.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('No recurring jobs are scheduled.')).toBeInTheDocument());
  });
});
