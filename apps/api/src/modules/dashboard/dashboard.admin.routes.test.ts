import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { type DashboardItem, dashboardEndpoints } from '@stoa/shared/dashboard';
import { jobsEndpoints, type RecurringJob } from '@stoa/shared/jobs';
import { type User, usersEndpoints } from '@stoa/shared/users';

import { buildTestApp, createUser, login, type TestContext } from '../../../test/build-test-app';
import { defineJob } from '../jobs/jobs';
import { isLate } from '../jobs/jobs.service';
import { call, type SignedIn, signIn } from '../registrations/registrations.test-fixtures';

/**
 * The Admin's dashboard (issue 15, decision 0075): users pending first login, disabled and
 * defaulters, each the dataCount of the users list filtered to that status, and the recurring jobs
 * whose last run failed or whose scheduled run is late, counted on the Recurring Jobs page's rows.
 */
let ctx: TestContext;
let admin: SignedIn;

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await signIn(ctx, 'Admin');
});
afterAll(() => ctx.close());

const dashboard = async (who: SignedIn): Promise<DashboardItem[]> => {
  const res = await call(ctx, dashboardEndpoints.getWaitingWork, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items as DashboardItem[];
};
const usersIn = async (status: string): Promise<{ userList: User[]; dataCount: number }> => {
  const res = await call(ctx, usersEndpoints.getUsers, admin, { query: { pageNumber: '1', pageSize: '50', status } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const recurringJobs = async (): Promise<RecurringJob[]> => {
  const res = await call(ctx, jobsEndpoints.getRecurringJobs, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
/** Moves the clock and signs the Admin in again (a token from the old time is expired or not yet valid). */
const setClock = async (at: Date) => {
  ctx.clock.set(at);
  admin = { ...admin, token: (await login(ctx, admin)).jwtToken };
};
const figure = (items: DashboardItem[], kind: string, status: string) => items.find((i) => i.kind === kind && i.status === status);

describe('GET Dashboard/GetWaitingWork as the Admin', () => {
  it('counts the users pending first login, disabled and defaulters as the users list filtered to each', async () => {
    const never = await createUser(ctx, 'OABusinessUser');
    const noPassword = await createUser(ctx, 'SLDCBusinessUser', { passwordHash: null });
    await createUser(ctx, 'DISCOMBusinessUser', { isEnabled: false }); // disabled, never signed in: only Disabled
    const defaulter = await createUser(ctx, 'Trader');
    await login(ctx, defaulter);
    await login(ctx, await createUser(ctx, 'SLDCApproverI')); // signed in, enabled: in no figure
    const marked = await call(ctx, usersEndpoints.defaulter, admin, { params: { id: defaulter.id }, body: {} });
    expect(marked.statusCode, marked.body).toBe(200);
    const disabled = await call(ctx, usersEndpoints.enableDisable, admin, { params: { id: never.id }, body: {} });
    expect(disabled.json().data.isEnabled).toBe(false);
    await call(ctx, usersEndpoints.enableDisable, admin, { params: { id: never.id }, body: {} }); // enabled again

    const items = await dashboard(admin);
    expect(items.filter((i) => i.kind === 'users')).toEqual([
      {
        kind: 'users',
        applicationType: null,
        status: 'PendingFirstLogin',
        statusDescription: 'Pending first login',
        count: 2,
        capped: false,
        link: '/admin/users?status=PendingFirstLogin',
        deemedAt: null,
      },
      expect.objectContaining({ status: 'Disabled', statusDescription: 'Disabled', count: 1, link: '/admin/users?status=Disabled' }),
      expect.objectContaining({ status: 'Defaulter', statusDescription: 'Defaulter', count: 1, link: '/admin/users?status=Defaulter' }),
    ]);
    // Each figure is the dataCount of the list its link opens.
    for (const i of items.filter((x) => x.kind === 'users')) expect((await usersIn(i.status)).dataCount, i.status).toBe(i.count);
    const pending = await usersIn('PendingFirstLogin');
    expect(pending.userList.map((u) => u.id).sort()).toEqual([never.id, noPassword.id].sort());
    expect((await usersIn('Defaulter')).userList.map((u) => u.id)).toEqual([defaulter.id]);

    // The first sign-in takes the user out of the figure and the list alike.
    await login(ctx, never);
    expect(figure(await dashboard(admin), 'users', 'PendingFirstLogin')?.count).toBe(1);
    expect((await usersIn('PendingFirstLogin')).dataCount).toBe(1);
  });

  it('refuses an unknown user status with a 400, not a 500', async () => {
    const res = await call(ctx, usersEndpoints.getUsers, admin, { query: { pageNumber: '1', pageSize: '10', status: 'Sleeping' } });
    expect(res.statusCode).toBe(400);
  });

  it('counts the late recurring jobs as the Recurring Jobs page marks them', async () => {
    const rows = await recurringJobs();
    const created = rows.map((r) => new Date(r.created).getTime());
    // Before any schedule existed nothing can be late; no runner works in tests, so two days on every daily job is.
    await setClock(new Date(Math.min(...created) - 3_600_000));
    expect(figure(await dashboard(admin), 'jobs', 'Late')).toMatchObject({ count: 0, link: '/hangfire' });
    expect((await recurringJobs()).filter((r) => r.late)).toEqual([]);

    await setClock(new Date(Math.max(...created) + 2 * 86_400_000));
    const later = await recurringJobs();
    const late = later.filter((r) => r.late).map((r) => r.id);
    expect(late).toEqual(expect.arrayContaining(['mail.deliver', 'captcha.purge', 'sessions.purge']));
    expect(figure(await dashboard(admin), 'jobs', 'Late')).toMatchObject({
      count: late.length,
      statusDescription: 'A scheduled run is late',
      link: '/hangfire',
    });
  });

  it('tells late from on time by the first run the schedule owed since the last start', () => {
    const since = new Date('2026-03-10T04:00:00.000Z'); // 09:30 IST
    // Daily at 10:00 IST (04:30 UTC): due 04:30, late from 04:35.
    expect(isLate('0 10 * * *', 'Asia/Kolkata', since, new Date('2026-03-10T04:34:00.000Z'))).toBe(false);
    expect(isLate('0 10 * * *', 'Asia/Kolkata', since, new Date('2026-03-10T04:36:00.000Z'))).toBe(true);
    expect(isLate('not a cron', 'Asia/Kolkata', since, new Date('2027-01-01T00:00:00.000Z'))).toBe(false);
  });

  it('counts the recurring jobs whose last run failed, as the Recurring Jobs page shows them', async () => {
    await setClock(new Date());
    const jobs = ctx.app.services.jobs;
    jobs.register(
      defineJob({
        name: 'test.dashboard-fails',
        description: 'Always fails',
        schedule: '0 0 1 1 *',
        payloadSchema: z.object({}),
        retryLimit: 0,
        async handler() {
          throw new Error('nope');
        },
      }),
    );
    await jobs.start();
    expect(figure(await dashboard(admin), 'jobs', 'Failed')?.count).toBe(0);
    await jobs.enqueue('test.dashboard-fails', {});
    for (;;) {
      const row = (await recurringJobs()).find((r) => r.id === 'test.dashboard-fails');
      if (row?.lastOutcome === 'Failed') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const failed = (await recurringJobs()).filter((r) => r.lastOutcome === 'Failed').map((r) => r.id);
    expect(failed).toEqual(['test.dashboard-fails']);
    expect(figure(await dashboard(admin), 'jobs', 'Failed')).toMatchObject({
      kind: 'jobs',
      count: 1,
      statusDescription: 'Last run failed',
      link: '/hangfire',
    });
  });

  it('gives every other role no user or job figures', async () => {
    for (const role of ['SLDCBusinessUser', 'OABusinessUser', 'DISCOMBusinessUser'] as const) {
      const items = await dashboard(await signIn(ctx, role));
      expect(
        items.some((i) => i.kind === 'users' || i.kind === 'jobs'),
        role,
      ).toBe(false);
    }
  });
});
