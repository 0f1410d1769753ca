import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, createUser, type TestContext } from '../../../test/build-test-app';
import { inTransaction } from '../../platform/db/transaction';
import { dues, holidays } from '../configuration/configuration.tables';
import { interestQuantity, lateExposure } from './late-interest';
import { LATE_INTEREST_JOB } from './payments.jobs';
import { payments } from './payments.tables';

/** Late-payment interest (issue 13, decision 0051) on PGlite and PostgreSQL. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(new Date('2026-11-16T06:00:00Z')); // Monday 16 Nov 2026 IST
});
afterAll(() => ctx.close());

let n = 0;
async function settledDue(payer: string, dueDate: string, paid: { amount: number; tds?: number; on: string }[]) {
  const due = await inTransaction(ctx.database.db, (tx) =>
    ctx.app.services.configuration.raiseDue(tx, {
      payerUserId: payer,
      head: 'APPLICATION_FEE',
      on: '2026-06-01',
      quantity: '1',
      recordType: 'Application',
      recordId: `LPI-${++n}`,
      description: `Application fee: LPI-${n}`,
      dueDate,
    }),
  );
  for (const [i, p] of paid.entries()) {
    await ctx.database.db.insert(payments).values({
      dueId: due.id,
      payerUserId: payer,
      mode: 'NEFT',
      reference: `UTRLPI${n}X${i}`,
      paymentDate: p.on,
      bankName: 'SBI',
      amountPaise: p.amount,
      tdsAmountPaise: p.tds ?? 0,
      status: 'APPROVED',
      madeBy: payer,
      madeAt: ctx.clock.now(),
      checkedAt: ctx.clock.now(),
    });
  }
  await ctx.database.db.update(dues).set({ status: 'PAID' }).where(eq(dues.id, due.id));
  return due;
}
const interestOn = (dueId: string) =>
  ctx.database.db
    .select()
    .from(dues)
    .where(and(eq(dues.recordType, 'Due'), eq(dues.recordId, dueId), eq(dues.head, 'LATE_PAYMENT_INTEREST')));

describe('late-payment interest', () => {
  it('weighs each late part by its own days and stops at the total (pure)', () => {
    const late: Record<string, number> = { '2026-09-30': 0, '2026-10-11': 10, '2026-10-21': 20 };
    const e = lateExposure(
      590_000,
      [
        { amountPaise: 300_000, tdsAmountPaise: 0, paymentDate: '2026-09-30' }, // early: no interest
        { amountPaise: 200_000, tdsAmountPaise: 10_000, paymentDate: '2026-10-11' }, // 10 days late
        { amountPaise: 200_000, tdsAmountPaise: 0, paymentDate: '2026-10-21' }, // 20 days late, only 80,000 of it counts
      ],
      (date) => late[date]!,
    );
    expect(e).toEqual({ paiseDays: 210_000n * 10n + 80_000n * 20n, days: 20, settledOn: '2026-10-21' });
    expect(interestQuantity(3_700_000n)).toBe('370.0000');
    expect(interestQuantity(12_345n)).toBe('1.2345');
  });

  it('is a recurring job', async () => {
    expect(JSON.stringify(await ctx.app.services.jobs.recurringJobs())).toContain(LATE_INTEREST_JOB);
  });

  it('raises interest at 0.04 % a working day as a due of its own, once, and none on a due paid in time', async () => {
    const payer = await createUser(ctx, 'OABusinessUser');
    // ₹5,900.00 due Thu 1 Oct, paid Sat 31 Oct: 30 calendar days less 4 Sundays and the 2nd and 4th
    // Saturdays (10 and 24 Oct) = 24 working days (decision 0078) × 0.04 % = 0.96 % = ₹56.64.
    const late = await settledDue(payer.id, '2026-10-01', [{ amount: 590_000, on: '2026-10-31' }]);
    const onTime = await settledDue(payer.id, '2026-10-01', [{ amount: 590_000, on: '2026-10-01' }]);
    expect(await ctx.app.services.payments.runLateInterest()).toBe(1);
    const [interest] = await interestOn(late.id);
    expect(interest).toMatchObject({ payerUserId: payer.id, totalPaise: 5_664, status: 'DUE', quantity: '1416.0000' });
    expect(interest!.description).toContain('24 working days late');
    // Due 3 working days from today (Mon 16 Nov): Thu 19 Nov.
    expect(interest!.dueDate).toBe('2026-11-19');
    expect(await interestOn(onTime.id)).toHaveLength(0);
    // Idempotent; and no interest on the interest once it is paid late.
    expect(await ctx.app.services.payments.runLateInterest()).toBe(0);
    expect(await interestOn(late.id)).toHaveLength(1);
  });

  it('counts working days only: a weekend or a holiday after the due date costs nothing (decision 0078)', async () => {
    const payer = await createUser(ctx, 'OABusinessUser');
    await ctx.database.db.insert(holidays).values({ date: '2026-09-21', description: 'Test holiday (Monday)' });
    // Due Fri 11 Sep; Sat 12 Sep is the 2nd Saturday, Sun 13 Sep a Sunday: paid on either, not late.
    const weekend = await settledDue(payer.id, '2026-09-11', [{ amount: 590_000, on: '2026-09-13' }]);
    // Due Fri 18 Sep; Sat 19 Sep is the 3rd Saturday (a working day), Mon 21 Sep a holiday: paid Mon, 1 day late.
    const holiday = await settledDue(payer.id, '2026-09-18', [{ amount: 590_000, on: '2026-09-21' }]);
    // Paid Tue 22 Sep: Sat 19 and Tue 22, 2 working days (4 calendar days).
    const tuesday = await settledDue(payer.id, '2026-09-18', [{ amount: 590_000, on: '2026-09-22' }]);
    expect(await ctx.app.services.payments.runLateInterest()).toBe(2);
    expect(await interestOn(weekend.id)).toHaveLength(0);
    const [one] = await interestOn(holiday.id);
    expect(one).toMatchObject({ quantity: '59.0000', totalPaise: 236 });
    expect(one!.description).toContain('(1 working day late)');
    const [two] = await interestOn(tuesday.id);
    expect(two).toMatchObject({ quantity: '118.0000', totalPaise: 472 });
    expect(two!.description).toContain('(2 working days late)');
  });

  it('two runs at once raise the interest once', async () => {
    const payer = await createUser(ctx, 'Trader');
    const late = await settledDue(payer.id, '2026-09-01', [{ amount: 590_000, on: '2026-09-11' }]);
    const results = await Promise.all([ctx.app.services.payments.runLateInterest(), ctx.app.services.payments.runLateInterest()]);
    expect(results.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await interestOn(late.id)).toHaveLength(1);
  });
});
