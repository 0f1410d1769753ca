import type { z } from 'zod';

import { formatPaise, type FieldError, istDate } from '@stoa/shared/common';
import { WEB_LINKS } from '@stoa/shared/navigation';
import { enPayments } from '@stoa/shared/messages';
import type { approvePaymentInputSchema, makePaymentInputSchema, revertPaymentInputSchema } from '@stoa/shared/payments';

import type { RequestUser } from '../../platform/auth';
import type { Tx } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import { uniqueOr409 } from '../configuration/effective-dates';
import { reviewDefaulter } from './defaulters';
import { assertCanSeeDue, assertNotMaker } from './payments.access';
import { type Meta, type PaymentsDeps, recordChange } from './payments.deps';
import { mapPayment } from './payments.mapper';
import { type DueRecord, paymentsRepository as repo } from './payments.repository';
import { issueReceipt } from './receipts';
import { tdsClaimErrors } from './tds-claim';

/**
 * The payment desk (issue 13, DOMAIN.md §6): the payer makes a payment against its due, or a trader
 * against a due of an application it acts for (decision 0071) (maker); the SLDC business user
 * approves or reverts it (checker), never their own. Approval settles the due when approved payments
 * plus their TDS reach its total; what is paid beyond becomes a refundable credit (decision 0041).
 * Each change locks its rows (due, then payment: decision 0071), writes an audit row and notifies the
 * other side, in one transaction.
 */

const E = enPayments.payments.errors;
const N = enPayments.payments.notify;
export const PAYMENT_PROOF_OWNER_TYPE = 'Payment';
const PROOF_KINDS = ['pdf', 'image'];

type MakeInput = z.output<typeof makePaymentInputSchema>;

/** The payment with its names, for the answer and the audit row. */
const reload = async (tx: Tx, id: string) => mapPayment((await repo.findPaymentWithNames(tx, id))!);

async function proofErrors(deps: Pick<PaymentsDeps, 'files'>, actor: RequestUser, fileId: string): Promise<FieldError[]> {
  try {
    const file = await deps.files.get(actor, fileId);
    if (file.uploadedBy !== actor.id || file.ownerType) return [{ fieldName: 'proofFileId', errorMessages: [E.proofNotFound] }];
    return PROOF_KINDS.includes(file.kind) ? [] : [{ fieldName: 'proofFileId', errorMessages: [E.proofType] }];
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return [{ fieldName: 'proofFileId', errorMessages: [E.proofNotFound] }];
    throw err;
  }
}

export async function makePayment(deps: PaymentsDeps, actor: RequestUser, dueId: string, input: MakeInput, meta: Meta) {
  // The field checks read outside the transaction (the files module reads with its own handle), before it starts,
  // so every field error shows at once; the TDS claim is checked again under the due's lock (decision 0040).
  const found = await assertCanSeeDue(deps.db, actor, await repo.findDue(deps.db, dueId));
  const errors: FieldError[] = [];
  if (input.paymentDate > istDate(deps.clock.now())) errors.push({ fieldName: 'paymentDate', errorMessages: [E.futureDate] });
  errors.push(...(await proofErrors(deps, actor, input.proofFileId)));
  errors.push(...(await tdsClaimErrors(deps.db, actor, found, input)));
  if (errors.length) throw new AppError('VALIDATION_FAILED', undefined, errors);

  return inTransaction(deps.db, async (tx) => {
    const due = await assertCanSeeDue(tx, actor, await repo.findDueForUpdate(tx, dueId));
    if (due.status === 'PAID') throw new AppError('BUSINESS_RULE', E.dueSettled);
    if (due.status === 'CANCELLED') throw new AppError('BUSINESS_RULE', E.dueCancelled);
    // Under the due's lock: another payment's claim made meanwhile counts against the maximum.
    const tdsErrors = await tdsClaimErrors(tx, actor, due, input);
    if (tdsErrors.length) throw new AppError('VALIDATION_FAILED', undefined, tdsErrors);
    if (await repo.liveWithReference(tx, input.reference)) throw AppError.field('CONFLICT', 'reference', E.duplicateReference);

    const row = await uniqueOr409(
      () =>
        repo.insertPayment(tx, {
          dueId,
          // The payer of the payment is who pays: the due's payer, or a trader paying for its applicant (decision 0071).
          payerUserId: actor.id,
          mode: input.mode,
          reference: input.reference,
          paymentDate: input.paymentDate,
          bankName: input.bankName,
          amountPaise: input.amountPaise,
          tdsSection: (input.tdsAmountPaise ?? 0) > 0 ? (input.tdsSection ?? null) : null,
          tdsAmountPaise: input.tdsAmountPaise ?? 0,
          proofFileId: input.proofFileId,
          status: 'PENDING',
          madeBy: actor.id,
          madeAt: deps.clock.now(),
        }),
      'reference',
      E.duplicateReference,
    );
    await deps.files.attach(tx, actor, input.proofFileId, { ownerType: PAYMENT_PROOF_OWNER_TYPE, ownerId: row.id }, meta);
    const after = await reload(tx, row.id);
    await recordChange(deps, tx, actor, 'PAYMENT_MADE', 'Payment', row.id, null, after, meta);
    await deps.notifications.notify(tx, {
      role: 'SLDCBusinessUser',
      message: N.made(after.payerName, formatPaise(after.amount), due.description),
      link: WEB_LINKS.paymentReconciliation(),
    });
    return after;
  });
}

/**
 * Locks a payment the actor checks, with its due: it must exist, be someone else's, and still await a
 * decision. The due is locked first, then the payment (a payment's due never changes): every path that
 * locks both — making a payment, a rejection withdrawing pending TDS claims (decision 0071) — takes
 * them in that order, so none waits on another in a cycle.
 */
async function lockPending(tx: Tx, actor: RequestUser, id: string, approving: boolean) {
  const dueId = await repo.dueIdOfPayment(tx, id);
  if (!dueId) throw new AppError('NOT_FOUND', E.paymentNotFound);
  const due = (await repo.findDueForUpdate(tx, dueId))!;
  const p = (await repo.findPaymentForUpdate(tx, id))!;
  assertNotMaker(actor, p);
  if (p.status === 'APPROVED') throw new AppError('CONFLICT', approving ? E.alreadyApproved : E.revertApproved);
  if (p.status === 'REVERTED') throw new AppError('CONFLICT', E.alreadyReverted);
  return { p, due };
}

/** What of a payment settles its due and what is left over as credit (pure, paise). */
export function settle(due: Pick<DueRecord, 'totalPaise' | 'status'>, before: { paid: number; tds: number }, amount: number, tds: number) {
  const remaining = due.status === 'CANCELLED' ? 0 : Math.max(0, due.totalPaise - before.paid - before.tds);
  const excess = Math.min(amount, Math.max(0, amount + tds - remaining));
  return { excess, settled: due.status !== 'CANCELLED' && amount + tds >= remaining };
}

export async function approvePayment(
  deps: PaymentsDeps,
  actor: RequestUser,
  id: string,
  input: z.output<typeof approvePaymentInputSchema>,
  meta: Meta,
) {
  return inTransaction(deps.db, async (tx) => {
    const { p, due } = await lockPending(tx, actor, id, true);
    const clash = await repo.liveWithReference(tx, p.reference, p.id);
    if (clash?.status === 'APPROVED') throw AppError.field('CONFLICT', 'reference', E.duplicateReference);
    const before = await reload(tx, id);
    // A cancelled due has nothing left for TDS to settle: a claim still on the payment is withdrawn, never
    // accepted (a rejection withdraws them at once, decision 0071; this covers any left from before).
    const withdrawTds = due.status === 'CANCELLED' && p.tdsAmountPaise > 0;
    if (withdrawTds) {
      await repo.updatePayment(tx, id, { tdsAmountPaise: 0, tdsSection: null });
      const claim = { tdsSection: p.tdsSection, tdsAmountPaise: p.tdsAmountPaise };
      const none = { tdsSection: null, tdsAmountPaise: 0, reason: 'Due cancelled' };
      await recordChange(deps, tx, actor, 'PAYMENT_TDS_CLAIM_WITHDRAWN', 'Payment', id, claim, none, meta);
    }
    const tds = withdrawTds ? 0 : p.tdsAmountPaise;
    const { excess, settled } = settle(due, await repo.approvedTotals(tx, due.id), p.amountPaise, tds);
    const now = deps.clock.now();
    await repo.updatePayment(tx, id, {
      status: 'APPROVED',
      checkedBy: actor.id,
      checkedAt: now,
      remarks: input.remarks ?? null,
      excessPaise: excess,
    });
    // The receipt in the same transaction (decision 0049): an approved payment always has exactly one.
    await issueReceipt(tx, id, now);
    if (excess > 0) {
      const credit = await repo.insertCredit(tx, {
        payerUserId: p.payerUserId,
        paymentId: id,
        dueId: due.id,
        amountPaise: excess,
        createdAt: now,
      });
      await recordChange(deps, tx, actor, 'PAYMENT_CREDIT_ADDED', 'PaymentCredit', credit.id, null, credit, meta);
    }
    if (settled && due.status === 'DUE') {
      await repo.setDueStatus(tx, due.id, 'PAID');
      await recordChange(deps, tx, actor, 'DUE_SETTLED', 'Due', due.id, { status: due.status }, { status: 'PAID' }, meta);
      // A payer the automatic defaulter marked is cleared at once when nothing is that late any more (decision 0048).
      // The due's payer is whom the rule marks (a trader paying for its applicant is not; decision 0078).
      await reviewDefaulter(deps, tx, due.payerUserId);
    }
    const after = await reload(tx, id);
    await recordChange(deps, tx, actor, 'PAYMENT_APPROVED', 'Payment', id, before, after, meta);
    const parts = [N.approved(formatPaise(p.amountPaise), due.description)];
    if (after.receiptNo) parts.push(N.receipt(after.receiptNo));
    if (settled && due.status === 'DUE') parts.push(N.settled(due.description));
    if (excess > 0) parts.push(N.credit(formatPaise(excess)));
    await deps.notifications.notify(tx, { userId: p.payerUserId, message: parts.join(' '), link: WEB_LINKS.payments() });
    // A trader paid the applicant's due (decision 0071): the applicant hears of it too.
    if (due.payerUserId !== p.payerUserId) {
      const forPayer = [N.approvedOnBehalf(after.payerName, formatPaise(p.amountPaise), due.description)];
      if (settled && due.status === 'DUE') forPayer.push(N.settled(due.description));
      await deps.notifications.notify(tx, { userId: due.payerUserId, message: forPayer.join(' '), link: WEB_LINKS.payments() });
    }
    return after;
  });
}

export async function revertPayment(
  deps: PaymentsDeps,
  actor: RequestUser,
  id: string,
  input: z.output<typeof revertPaymentInputSchema>,
  meta: Meta,
) {
  return inTransaction(deps.db, async (tx) => {
    const { p, due } = await lockPending(tx, actor, id, false);
    const before = await reload(tx, id);
    await repo.updatePayment(tx, id, { status: 'REVERTED', checkedBy: actor.id, checkedAt: deps.clock.now(), remarks: input.remarks });
    const after = await reload(tx, id);
    await recordChange(deps, tx, actor, 'PAYMENT_REVERTED', 'Payment', id, before, after, meta);
    await deps.notifications.notify(tx, {
      userId: p.payerUserId,
      message: N.reverted(formatPaise(p.amountPaise), due.description, input.remarks),
      link: WEB_LINKS.payments(),
    });
    return after;
  });
}
