import { formatPaise, istDate } from '@stoa/shared/common';
import { WEB_LINKS } from '@stoa/shared/navigation';

import type { Tx } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import { addWorkingDays, workingDaysAfter } from '../configuration/calendar';
import { raiseDue } from '../configuration/dues';
import { settingOn } from '../configuration/settings';
import { INTEREST_HEAD, INTEREST_RECORD_TYPE, interestRepository as repo } from './interest.repository';
import type { PaymentsDeps } from './payments.deps';

/**
 * Late-payment interest (issue 13, DOMAIN.md §6, decision 0051): once a due is settled, each part of
 * it paid after the due date bears simple interest at the configured rate per day (the
 * LATE_PAYMENT_INTEREST charge in force on the day of settlement, 0.04 %/day by default) for the
 * working days after the due date up to that payment's date (issue 13: "from the due date in working
 * days"; Sundays, holidays and 2nd/4th Saturdays when configured do not count, decision 0078 —
 * `workingDaysAfter`, the calendar the deadlines use). It is raised as a due of its own (one per
 * due: the ledger's unique head-and-record index makes two runs raise it once), never added to the
 * settled due. No interest on interest.
 */

/**
 * Σ (part of the due paid late, in paise × days late), applying the approved payments in date order
 * until the due's total is met; and the days of the latest late part. `daysLate` says how many
 * (working) days late a payment date is. Pure.
 */
export function lateExposure(
  totalPaise: number,
  paid: { amountPaise: number; tdsAmountPaise: number; paymentDate: string }[],
  daysLate: (paymentDate: string) => number,
) {
  let remaining = BigInt(totalPaise);
  let paiseDays = 0n;
  let days = 0;
  let settledOn = '';
  for (const p of paid) {
    if (remaining <= 0n) break;
    const part = BigInt(p.amountPaise + p.tdsAmountPaise) < remaining ? BigInt(p.amountPaise + p.tdsAmountPaise) : remaining;
    remaining -= part;
    settledOn = p.paymentDate;
    const late = daysLate(p.paymentDate);
    if (late > 0) {
      paiseDays += part * BigInt(late);
      days = Math.max(days, late);
    }
  }
  return { paiseDays, days, settledOn };
}

/** paise × days → the quantity the rate in %/day multiplies (rupees × days / 100), exact to 4 decimals. */
export function interestQuantity(paiseDays: bigint): string {
  const whole = paiseDays / 10_000n;
  const frac = (paiseDays % 10_000n).toString().padStart(4, '0');
  return `${whole}.${frac}`;
}

async function raiseFor(
  deps: PaymentsDeps,
  tx: Tx,
  due: { id: string; payerUserId: string; description: string; dueDate: string; totalPaise: number },
) {
  if (!(await repo.lockSettled(tx, due.id))) return false;
  const paid = await repo.approvedPaymentsOf(tx, due.id);
  // Working days late of each payment date (decision 0078), read once per date.
  const late = new Map<string, number>();
  for (const date of new Set(paid.map((p) => p.paymentDate))) late.set(date, await workingDaysAfter(tx, due.dueDate, date));
  const { paiseDays, days, settledOn } = lateExposure(due.totalPaise, paid, (date) => late.get(date) ?? 0);
  if (paiseDays === 0n) return false;
  // The rate of the day of settlement; payable like any charge, counted from today.
  const today = istDate(deps.clock.now());
  const dueDate = await addWorkingDays(tx, today, Number(await settingOn(tx, 'paymentDueWorkingDays', today)));
  const interest = await raiseDue(deps, tx, {
    payerUserId: due.payerUserId,
    head: INTEREST_HEAD,
    on: settledOn,
    quantity: interestQuantity(paiseDays),
    recordType: INTEREST_RECORD_TYPE,
    recordId: due.id,
    description: `Late-payment interest (${days} working day${days === 1 ? '' : 's'} late): ${due.description}`,
    dueDate,
  });
  if (interest.totalAmount === 0) return true;
  await deps.notifications.notify(tx, {
    userId: due.payerUserId,
    message: `Late-payment interest of ${formatPaise(interest.totalAmount)} is due on ${due.description}, paid ${days} working day${days === 1 ? '' : 's'} after its due date.`,
    link: WEB_LINKS.payments(),
  });
  return true;
}

/** The job: interest on every due settled late since the last run, one transaction each. */
export async function runLateInterest(deps: PaymentsDeps, batch = 500): Promise<number> {
  let raised = 0;
  for (const due of await repo.settledLateWithoutInterest(deps.db, batch)) {
    try {
      if (await inTransaction(deps.db, (tx) => raiseFor(deps, tx, due))) raised++;
    } catch (err) {
      // Another process raised it first (the ledger's unique index): exactly one interest due.
      if (err instanceof AppError && err.code === 'CONFLICT') continue;
      throw err;
    }
  }
  return raised;
}
