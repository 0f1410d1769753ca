import type { z } from 'zod';

import { type FieldError, formatPaise, istDate } from '@stoa/shared/common';
import { enTdsChallans } from '@stoa/shared/messages';
import { WEB_LINKS } from '@stoa/shared/navigation';
import {
  type approveTdsPaymentInputSchema,
  type ChallanStatus,
  type makeTdsPaymentInputSchema,
  type monthlyTdsQuerySchema,
  type revertTdsPaymentInputSchema,
  type TdsChallan,
  tdsDepositDueDate,
  tdsInterestPaise,
  tdsLateMonths,
  tdsMonthLabel,
  type TdsMonthStatus,
  type TdsSection,
  type PaymentStatus,
} from '@stoa/shared/payments';
import type { ChargeHead } from '@stoa/shared/configuration';

import type { RequestUser } from '../../platform/auth';
import type { DbOrTx, Tx } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import { uniqueOr409 } from '../configuration/effective-dates';
import { raiseDue } from '../configuration/dues';
import { INTEREST_HEAD } from './interest.repository';
import { isPayerRole } from './payments.access';
import { type Meta, type PaymentsDeps, recordChange } from './payments.deps';
import { type ChallanWithNames, tdsChallansRepository as repo } from './tds-challans.repository';
import { tdsRepository } from './tds.repository';

/**
 * TDS challans (issue 13, decision 0053): the payer uploads the challan of the TDS it deducted in a
 * month (maker); the SLDC business user approves or reverts it (checker), never their own. TDS of
 * month M is due by the 7th of M+1; a later challan bears the Admin's interest per month or part of a
 * month on the late amount, raised as a due of the payer when the challan is approved (once). Each
 * change locks the challan, writes an audit row and notifies the other side, in one transaction.
 */

const E = enTdsChallans.errors;
const N = enTdsChallans.notify;
export const TDS_CHALLAN_OWNER_TYPE = 'TdsChallan';
/** The record type of an interest due raised on a late challan (the challan it is charged on). */
export const TDS_INTEREST_RECORD_TYPE = 'TdsChallan';
const FILE_KINDS = ['pdf', 'image'];

export const mapChallan = (x: ChallanWithNames): TdsChallan => ({
  id: x.challan.id,
  payerUserId: x.challan.payerUserId,
  payerName: x.payerName,
  month: x.challan.month,
  challanNo: x.challan.challanNo,
  bsrCode: x.challan.bsrCode,
  challanDate: x.challan.challanDate,
  amount: x.challan.amountPaise,
  lateMonths: x.challan.lateMonths,
  interestAmount: x.challan.interestPaise,
  interestDueId: x.challan.interestDueId,
  fileId: x.challan.fileId,
  fileName: x.fileName,
  status: x.challan.status as ChallanStatus,
  madeBy: x.challan.madeBy,
  madeAt: x.challan.madeAt.toISOString(),
  checkedBy: x.challan.checkedBy,
  checkedAt: x.challan.checkedAt?.toISOString() ?? null,
  remarks: x.challan.remarks,
});

const reload = async (tx: DbOrTx, id: string) => mapChallan((await repo.findWithNames(tx, id))!);

export async function listMonthlyTds(deps: Pick<PaymentsDeps, 'db'>, actor: RequestUser, q: z.output<typeof monthlyTdsQuerySchema>) {
  const { rows, total } = await repo.listMonths(deps.db, { ...q, payerUserId: isPayerRole(actor) ? actor.id : q.payerUserId });
  const challans = (await repo.challansOf(deps.db, rows)).map(mapChallan);
  return {
    tdsMonthList: rows.map((r) => ({
      payerUserId: r.payerUserId,
      payerName: r.payerName,
      month: r.month,
      dueBy: tdsDepositDueDate(r.month),
      deductedAmount: r.deducted,
      depositedAmount: r.deposited,
      pendingAmount: r.pending,
      shortfallAmount: Math.max(0, r.deducted - r.deposited),
      interestAmount: r.interest,
      status: r.status as TdsMonthStatus,
      challans: challans.filter((c) => c.payerUserId === r.payerUserId && c.month === r.month),
    })),
    dataCount: total,
  };
}

/** The TDS lines of one application's (or other record's) payments: a payer sees only its own. */
export async function tdsDetails(deps: Pick<PaymentsDeps, 'db'>, actor: RequestUser, recordId: string) {
  const rows = await repo.tdsLinesOfRecord(deps.db, recordId, isPayerRole(actor) ? actor.id : undefined);
  const tdsList = rows.map((r) => ({
    paymentId: r.payment.id,
    dueId: r.payment.dueId,
    head: r.due.head as ChargeHead,
    description: r.due.description,
    payerName: r.payerName,
    reference: r.payment.reference,
    paymentDate: r.payment.paymentDate,
    month: r.payment.paymentDate.slice(0, 7),
    tdsSection: (r.payment.tdsSection as TdsSection | null) ?? null,
    tdsAmount: r.payment.tdsAmountPaise,
    amount: r.payment.amountPaise,
    status: r.payment.status as PaymentStatus,
  }));
  return { tdsList, totalTds: tdsList.filter((l) => l.status === 'APPROVED').reduce((s, l) => s + l.tdsAmount, 0) };
}

async function fileErrors(deps: Pick<PaymentsDeps, 'files'>, actor: RequestUser, fileId: string): Promise<FieldError[]> {
  try {
    const file = await deps.files.get(actor, fileId);
    if (file.uploadedBy !== actor.id || file.ownerType) return [{ fieldName: 'fileId', errorMessages: [E.fileNotFound] }];
    return FILE_KINDS.includes(file.kind) ? [] : [{ fieldName: 'fileId', errorMessages: [E.fileType] }];
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return [{ fieldName: 'fileId', errorMessages: [E.fileNotFound] }];
    throw err;
  }
}

/** The months late and interest of a challan: on the part of it that covers TDS deducted and not yet deposited. */
async function interestOf(
  tx: DbOrTx,
  c: { payerUserId: string; month: string; challanDate: string; amountPaise: number },
  exceptId?: string,
) {
  const lateMonths = tdsLateMonths(c.month, c.challanDate);
  if (lateMonths === 0) return { lateMonths, interestPaise: 0 };
  const { deducted, deposited } = await repo.monthTotals(tx, c.payerUserId, c.month, exceptId);
  const late = Math.min(c.amountPaise, Math.max(0, deducted - deposited));
  const rate = await tdsRepository.interestOn(tx, c.challanDate);
  return { lateMonths, interestPaise: tdsInterestPaise(late, rate?.rateBasisPoints ?? 0, lateMonths) };
}

export async function makeTdsPayment(
  deps: PaymentsDeps,
  actor: RequestUser,
  input: z.output<typeof makeTdsPaymentInputSchema>,
  meta: Meta,
) {
  const today = istDate(deps.clock.now());
  const errors: FieldError[] = [];
  if (input.month > today.slice(0, 7)) errors.push({ fieldName: 'month', errorMessages: [E.futureMonth] });
  if (input.challanDate > today) errors.push({ fieldName: 'challanDate', errorMessages: [E.futureDate] });
  else if (input.challanDate < `${input.month}-01`) errors.push({ fieldName: 'challanDate', errorMessages: [E.beforeMonth] });
  errors.push(...(await fileErrors(deps, actor, input.fileId)));
  if (errors.length) throw new AppError('VALIDATION_FAILED', undefined, errors);

  return inTransaction(deps.db, async (tx) => {
    if (await repo.liveWithCin(tx, input)) throw AppError.field('CONFLICT', 'challanNo', E.duplicate);
    const base = { payerUserId: actor.id, month: input.month, challanDate: input.challanDate, amountPaise: input.amountPaise };
    const { lateMonths, interestPaise } = await interestOf(tx, base);
    const row = await uniqueOr409(
      () =>
        repo.insert(tx, {
          ...base,
          challanNo: input.challanNo,
          bsrCode: input.bsrCode,
          lateMonths,
          interestPaise,
          fileId: input.fileId,
          status: 'PENDING',
          madeBy: actor.id,
          madeAt: deps.clock.now(),
        }),
      'challanNo',
      E.duplicate,
    );
    await deps.files.attach(tx, actor, input.fileId, { ownerType: TDS_CHALLAN_OWNER_TYPE, ownerId: row.id }, meta);
    const after = await reload(tx, row.id);
    await recordChange(deps, tx, actor, 'TDS_CHALLAN_MADE', 'TdsChallan', row.id, null, after, meta);
    await deps.notifications.notify(tx, {
      role: 'SLDCBusinessUser',
      message: N.made(after.payerName, formatPaise(after.amount), tdsMonthLabel(after.month)),
      link: WEB_LINKS.tdsChallans(),
    });
    return after;
  });
}

/** Locks a challan the actor checks: it must exist, be someone else's, and still await a decision. */
async function lockPending(tx: Tx, actor: RequestUser, id: string, approving: boolean) {
  const c = await repo.findForUpdate(tx, id);
  if (!c) throw new AppError('NOT_FOUND', E.challanNotFound);
  if (c.madeBy === actor.id) throw new AppError('FORBIDDEN', E.ownChallan);
  if (c.status === 'APPROVED') throw new AppError('CONFLICT', approving ? E.alreadyApproved : E.revertApproved);
  if (c.status === 'REVERTED') throw new AppError('CONFLICT', E.alreadyReverted);
  return c;
}

export async function approveTdsPayment(
  deps: PaymentsDeps,
  actor: RequestUser,
  id: string,
  input: z.output<typeof approveTdsPaymentInputSchema>,
  meta: Meta,
) {
  return inTransaction(deps.db, async (tx) => {
    const c = await lockPending(tx, actor, id, true);
    const before = await reload(tx, id);
    // The interest as of approval: the late part is what this challan covers of the TDS not yet deposited.
    const { lateMonths, interestPaise } = await interestOf(tx, c, c.id);
    const now = deps.clock.now();
    const today = istDate(now);
    let interestDueId: string | null = null;
    if (interestPaise > 0) {
      const due = await raiseDue(deps, tx, {
        payerUserId: c.payerUserId,
        head: INTEREST_HEAD,
        on: today,
        quantity: String(lateMonths),
        priced: () => ({ quantity: String(lateMonths), basePaise: interestPaise }),
        recordType: TDS_INTEREST_RECORD_TYPE,
        recordId: c.id,
        description: `Interest on late TDS deposit (${lateMonths} month${lateMonths === 1 ? '' : 's'}): challan ${c.challanNo} for ${tdsMonthLabel(c.month)}`,
      });
      interestDueId = due.id;
    }
    await repo.update(tx, id, {
      status: 'APPROVED',
      checkedBy: actor.id,
      checkedAt: now,
      remarks: input.remarks ?? null,
      lateMonths,
      interestPaise,
      interestDueId,
    });
    const after = await reload(tx, id);
    await recordChange(deps, tx, actor, 'TDS_CHALLAN_APPROVED', 'TdsChallan', id, before, after, meta);
    const parts = [N.approved(formatPaise(c.amountPaise), tdsMonthLabel(c.month))];
    if (interestPaise > 0) parts.push(N.interest(formatPaise(interestPaise), lateMonths));
    await deps.notifications.notify(tx, {
      userId: c.payerUserId,
      message: parts.join(' '),
      link: interestPaise > 0 ? WEB_LINKS.payments() : WEB_LINKS.tdsChallans(),
    });
    return after;
  });
}

export async function revertTdsPayment(
  deps: PaymentsDeps,
  actor: RequestUser,
  id: string,
  input: z.output<typeof revertTdsPaymentInputSchema>,
  meta: Meta,
) {
  return inTransaction(deps.db, async (tx) => {
    const c = await lockPending(tx, actor, id, false);
    const before = await reload(tx, id);
    await repo.update(tx, id, { status: 'REVERTED', checkedBy: actor.id, checkedAt: deps.clock.now(), remarks: input.remarks });
    const after = await reload(tx, id);
    await recordChange(deps, tx, actor, 'TDS_CHALLAN_REVERTED', 'TdsChallan', id, before, after, meta);
    await deps.notifications.notify(tx, {
      userId: c.payerUserId,
      message: N.reverted(formatPaise(c.amountPaise), tdsMonthLabel(c.month), input.remarks),
      link: WEB_LINKS.tdsChallans(),
    });
    return after;
  });
}
