import type { z } from 'zod';

import { formatPaise, istDate } from '@stoa/shared/common';
import { enRefunds } from '@stoa/shared/messages';
import { WEB_LINKS } from '@stoa/shared/navigation';
import type { approveRefundInputSchema, makeRefundInputSchema, returnRefundInputSchema } from '@stoa/shared/payments';

import type { RequestUser } from '../../platform/auth';
import type { Tx } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import { type Meta, type PaymentsDeps, recordChange } from './payments.deps';
import { mapRefund, refundsRepository as repo } from './refunds.repository';

/**
 * The refund desk (issue 13, decision 0054): the SLDC business user proposes a refund of a refundable
 * item, at most its balance (refundable − paid out − pending), to the payer's registered bank account
 * (maker); an SLDC approver approves it with the payout reference and date, or returns it (checker),
 * never their own. The item's source row is locked first, so two makers of one item queue and the
 * second sees the first's refund; each change writes an audit row and notifies the payer, in one
 * transaction.
 */

const E = enRefunds.errors;
const N = enRefunds.notify;
const reload = async (tx: Tx, id: string) => mapRefund((await repo.findWithNames(tx, id))!);

export async function makeRefund(deps: PaymentsDeps, actor: RequestUser, input: z.output<typeof makeRefundInputSchema>, meta: Meta) {
  return inTransaction(deps.db, async (tx) => {
    const key = { sourceType: input.sourceType, sourceId: input.sourceId, recordId: input.recordId };
    if (!(await repo.lockSource(tx, key))) throw new AppError('NOT_FOUND', E.itemNotFound);
    // An item paid by two payers (an applicant and its trader) is one item per payer (decision 0078).
    const items = (await repo.listItems(tx, { key: { ...key, payerUserId: input.payerUserId } }, { pageNumber: 1, pageSize: 2 })).rows;
    if (items.length > 1) throw AppError.field('VALIDATION_FAILED', 'payerUserId', E.payerRequired);
    const item = items[0];
    if (!item) throw new AppError('NOT_FOUND', E.itemNotFound);
    const balance = item.amount - item.refunded - item.pending;
    if (balance <= 0) throw AppError.field('CONFLICT', 'amountPaise', E.nothingRefundable);
    if (input.amountPaise > balance) throw AppError.field('VALIDATION_FAILED', 'amountPaise', E.exceedsBalance(formatPaise(balance)));
    const bank = (await repo.bankAccounts(tx, [item.payerUserId])).get(item.payerUserId);
    if (!bank) throw new AppError('BUSINESS_RULE', E.noBankAccount);

    const row = await repo.insert(tx, {
      ...key,
      recordType: item.recordType,
      payerUserId: item.payerUserId,
      description: item.description,
      amountPaise: input.amountPaise,
      ...bank,
      remarks: input.remarks,
      status: 'PENDING',
      madeBy: actor.id,
      madeAt: deps.clock.now(),
    });
    const after = await reload(tx, row.id);
    await recordChange(deps, tx, actor, 'REFUND_MADE', 'Refund', row.id, null, after, meta);
    const amount = formatPaise(input.amountPaise);
    await deps.notifications.notify(tx, { userId: item.payerUserId, message: N.made(amount, item.description), link: WEB_LINKS.refunds() });
    for (const role of ['SLDCApproverI', 'SLDCApproverII'] as const)
      await deps.notifications.notify(tx, {
        role,
        message: N.toApprove(item.payerName, amount, item.description),
        link: WEB_LINKS.refunds(),
      });
    return after;
  });
}

/** Locks a refund the actor checks: it must exist, be someone else's, and still await a decision. */
async function lockPending(tx: Tx, actor: RequestUser, id: string) {
  const r = await repo.findForUpdate(tx, id);
  if (!r) throw new AppError('NOT_FOUND', E.refundNotFound);
  if (r.madeBy === actor.id) throw new AppError('FORBIDDEN', E.ownRefund);
  if (r.status === 'PAID') throw new AppError('CONFLICT', E.alreadyPaid);
  if (r.status === 'RETURNED') throw new AppError('CONFLICT', E.alreadyReturned);
  return r;
}

export async function approveRefund(
  deps: PaymentsDeps,
  actor: RequestUser,
  id: string,
  input: z.output<typeof approveRefundInputSchema>,
  meta: Meta,
) {
  return inTransaction(deps.db, async (tx) => {
    const r = await lockPending(tx, actor, id);
    const now = deps.clock.now();
    if (input.payoutDate > istDate(now)) throw AppError.field('VALIDATION_FAILED', 'payoutDate', E.futurePayoutDate);
    if (input.payoutDate < istDate(r.madeAt)) throw AppError.field('VALIDATION_FAILED', 'payoutDate', E.payoutBeforeMade);
    const before = await reload(tx, id);
    await repo.update(tx, id, {
      status: 'PAID',
      checkedBy: actor.id,
      checkedAt: now,
      checkerRemarks: input.remarks ?? null,
      payoutReference: input.payoutReference,
      payoutDate: input.payoutDate,
    });
    if (r.sourceType === 'OverPayment' && (await repo.markCreditIfRefunded(tx, r.sourceId)))
      await recordChange(
        deps,
        tx,
        actor,
        'PAYMENT_CREDIT_REFUNDED',
        'PaymentCredit',
        r.sourceId,
        { status: 'AVAILABLE' },
        { status: 'REFUNDED' },
        meta,
      );
    const after = await reload(tx, id);
    await recordChange(deps, tx, actor, 'REFUND_PAID', 'Refund', id, before, after, meta);
    await deps.notifications.notify(tx, {
      userId: r.payerUserId,
      message: N.paid(formatPaise(r.amountPaise), r.description, input.payoutReference),
      link: WEB_LINKS.refunds(),
    });
    return after;
  });
}

export async function returnRefund(
  deps: PaymentsDeps,
  actor: RequestUser,
  id: string,
  input: z.output<typeof returnRefundInputSchema>,
  meta: Meta,
) {
  return inTransaction(deps.db, async (tx) => {
    const r = await lockPending(tx, actor, id);
    const before = await reload(tx, id);
    await repo.update(tx, id, { status: 'RETURNED', checkedBy: actor.id, checkedAt: deps.clock.now(), checkerRemarks: input.remarks });
    const after = await reload(tx, id);
    await recordChange(deps, tx, actor, 'REFUND_RETURNED', 'Refund', id, before, after, meta);
    const message = N.returned(formatPaise(r.amountPaise), r.description, input.remarks);
    await deps.notifications.notify(tx, { userId: r.payerUserId, message, link: WEB_LINKS.refunds() });
    await deps.notifications.notify(tx, { userId: r.madeBy, message, link: WEB_LINKS.refunds() });
    return after;
  });
}
