import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, buildTestApp, createUser, login, type TestContext, type TestUser } from '../../../test/build-test-app';
import { inTransaction } from '../../platform/db/transaction';
import { auditLog } from '../audit/audit.tables';
import { dues } from '../configuration/configuration.tables';
import { notifications } from '../notifications/notifications.tables';
import { users } from '../users/users.tables';
import { runAutoDefaulter } from './defaulters';
import { AUTO_DEFAULTER_JOB } from './payments.jobs';

/** The automatic defaulter (issue 13, decision 0048) on PGlite and PostgreSQL. */
let ctx: TestContext;
let admin: string;
let sldc: TestUser;
beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(new Date('2026-11-16T06:00:00Z')); // Monday 16 Nov 2026 IST
  admin = (await login(ctx, await createUser(ctx, 'Admin'))).jwtToken;
  sldc = await createUser(ctx, 'SLDCBusinessUser');
});
afterAll(() => ctx.close());

const deps = () => ({
  db: ctx.database.db,
  clock: ctx.clock,
  audit: ctx.app.services.audit,
  notifications: ctx.app.services.notifications,
});
const run = () => runAutoDefaulter(deps());
const isDefaulter = async (id: string) => (await ctx.database.db.select().from(users).where(eq(users.id, id)))[0]!.isDefaulter;
const flagHistory = async (id: string) =>
  (
    await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'User'), eq(auditLog.entityId, id)))
      .orderBy(auditLog.id)
  )
    .filter((r) => r.action.includes('DEFAULTER'))
    .map((r) => `${r.actorRole} ${r.action}`);
const messagesOf = async (id: string) =>
  (await ctx.database.db.select().from(notifications).where(eq(notifications.userId, id))).map((n) => n.message);

let record = 0;
async function dueOf(payer: string, dueDate: string) {
  return inTransaction(ctx.database.db, (tx) =>
    ctx.app.services.configuration.raiseDue(tx, {
      payerUserId: payer,
      head: 'APPLICATION_FEE',
      on: '2026-06-01',
      quantity: '1',
      recordType: 'Application',
      recordId: `DEF-${++record}`,
      description: 'Application fee',
      dueDate,
    }),
  );
}
const settle = (id: string) => ctx.database.db.update(dues).set({ status: 'PAID' }).where(eq(dues.id, id));
const toggle = (id: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/Admin/EnableDisableUserDefaulter/${id}`, headers: bearer(admin) });

describe('automatic defaulter', () => {
  it('is a recurring job the Admin sees', async () => {
    expect(JSON.stringify(await ctx.app.services.jobs.recurringJobs())).toContain(AUTO_DEFAULTER_JOB);
  });

  it('marks a payer with a due unpaid more than 90 days after its due date, tells both sides, and clears the flag once settled', async () => {
    const payer = await createUser(ctx, 'OABusinessUser');
    // 2026-08-17 + 90 days = 2026-11-15: one day over the line on 16 Nov. 2026-08-18 is exactly 90 days: not yet.
    const late = await dueOf(payer.id, '2026-08-17');
    const onTheLine = await dueOf(payer.id, '2026-08-18');
    expect(await run()).toMatchObject({ marked: 1 });
    expect(await isDefaulter(payer.id)).toBe(true);
    expect((await messagesOf(payer.id)).join('\n')).toContain('1 due(s) of ₹5,900.00 remain unpaid more than 90 days');
    expect((await messagesOf(sldc.id)).some((m) => m.includes('has been marked as a defaulter'))).toBe(true);
    expect(await flagHistory(payer.id)).toEqual(['SYSTEM USER_MARKED_DEFAULTER']);

    // Idempotent: a second run changes nothing.
    expect(await run()).toEqual({ marked: 0, cleared: 0 });

    // The late due is paid; the other is not yet 90 days late: the flag clears.
    await settle(late.id);
    expect(await run()).toMatchObject({ cleared: 1 });
    expect(await isDefaulter(payer.id)).toBe(false);
    expect(await flagHistory(payer.id)).toEqual(['SYSTEM USER_MARKED_DEFAULTER', 'SYSTEM USER_DEFAULTER_CLEARED']);
    expect((await messagesOf(payer.id)).some((m) => m.includes('defaulter flag of your account has been cleared'))).toBe(true);
    await settle(onTheLine.id);
  });

  it('never clears a flag the Admin set, and respects the Admin clearing a flag for dues already that late', async () => {
    const manual = await createUser(ctx, 'OABusinessUser');
    expect((await toggle(manual.id)).statusCode).toBe(200);
    await run();
    expect(await isDefaulter(manual.id)).toBe(true);
    expect(await flagHistory(manual.id)).toEqual(['Admin USER_MARKED_DEFAULTER']);

    const forgiven = await createUser(ctx, 'Trader');
    await dueOf(forgiven.id, '2026-08-01');
    await run();
    expect(await isDefaulter(forgiven.id)).toBe(true);
    expect((await toggle(forgiven.id)).statusCode).toBe(200);
    await run();
    expect(await isDefaulter(forgiven.id)).toBe(false);
    // A due that crosses the line after the Admin's decision (2026-08-18 + 90 days = 16 Nov, over on the 17th) marks the payer again.
    await dueOf(forgiven.id, '2026-08-18');
    ctx.clock.set(new Date('2026-11-17T06:00:00Z'));
    await run();
    expect(await isDefaulter(forgiven.id)).toBe(true);
    expect(await flagHistory(forgiven.id)).toEqual([
      'SYSTEM USER_MARKED_DEFAULTER',
      'Admin USER_DEFAULTER_CLEARED',
      'SYSTEM USER_MARKED_DEFAULTER',
    ]);
    ctx.clock.set(new Date('2026-11-16T06:00:00Z'));
  });

  it('marks nobody when the operating rule is 0', async () => {
    const payer = await createUser(ctx, 'OABusinessUser');
    await dueOf(payer.id, '2026-01-05');
    admin = (await login(ctx, await createUser(ctx, 'Admin'))).jwtToken;
    const off = await ctx.app.inject({
      method: 'POST',
      url: '/api/Configuration/Settings/Add',
      headers: bearer(admin),
      payload: { key: 'defaulterAfterDays', value: '0', effectiveFrom: '2026-11-16' },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await run()).toMatchObject({ marked: 0 });
    expect(await isDefaulter(payer.id)).toBe(false);
  });
});
