import { formatPaise } from '@stoa/shared/common';
import { enRefunds } from '@stoa/shared/messages';
import { WEB_LINKS } from '@stoa/shared/navigation';

import type { Tx } from '../../platform/db/client';
import { type DefaultersDeps, reviewDefaulter } from './defaulters';
import { refundsRepository as repo } from './refunds.repository';

/**
 * What a rejection does to an application's money (decisions 0064 and 0071), in the rejection's
 * transaction:
 * - every unpaid due of the application — its own (the fee, while unpaid) and the e-bidding price dues
 *   of its allocations — is cancelled, so nobody is asked to pay for a rejected application (a payment
 *   still pending on one becomes an over-payment credit if approved, decision 0041);
 * - an unpaid late-payment interest due charged on a due cancelled here is cancelled with it (interest
 *   already paid, and interest on dues that were settled, stays: the price of paying late, 0064);
 * - a TDS claim on a payment still pending on any of the application's dues is withdrawn: nothing of a
 *   rejected application is left for it to settle; the cash stays pending for the SLDC to decide;
 * - the charges already paid on it (approved payments less any excess, with the TDS accepted with them;
 *   fees never) become a refund due, listed on Refund as a 'Rejection' item for the maker and checker
 *   of decision 0054 — one per payer: who paid them, the applicant or a trader paying for it (0078).
 * Locks: the application (the caller), its dues in id order, then the interest dues, then the pending
 * payments — dues before payments, as the payment desk locks them. Audit rows and notices.
 */

const N = enRefunds.notify;

export type RejectionDeps = DefaultersDeps;
export interface RejectedApplication {
  id: string;
  applicationNo: string;
  applicantUserId: string;
}
export interface RejectedBy {
  userId: string | null;
  role: string;
  requestId: string | null;
}

export async function settleRejectedApplication(deps: RejectionDeps, tx: Tx, app: RejectedApplication, by: RejectedBy) {
  const actor = { id: by.userId, role: by.role };
  const reason = `Application ${app.applicationNo} rejected`;
  const cancel = async (dueId: string, extra: Record<string, unknown> = {}) => {
    await repo.cancelDue(tx, dueId);
    await deps.audit.record(tx, {
      actor,
      action: 'DUE_CANCELLED',
      entity: 'Due',
      entityId: dueId,
      before: { status: 'DUE' },
      after: { status: 'CANCELLED', reason, ...extra },
      requestId: by.requestId,
    });
  };

  const dues = await repo.applicationDuesForUpdate(tx, app.id);
  const open = dues.filter((d) => d.status === 'DUE');
  for (const due of open) await cancel(due.id);
  // Interest charged on a due cancelled here goes with it (decision 0071).
  const interest = await repo.unpaidInterestOnForUpdate(
    tx,
    open.map((d) => d.id),
  );
  for (const id of interest) await cancel(id, { interestOn: 'cancelled due' });
  // Pending TDS claims on any of its dues are withdrawn before they can count as accepted TDS (decision 0071).
  const claims = await repo.pendingTdsClaimsForUpdate(
    tx,
    dues.map((d) => d.id),
  );
  for (const c of claims) {
    await repo.dropTdsClaim(tx, c.id);
    await deps.audit.record(tx, {
      actor,
      action: 'PAYMENT_TDS_CLAIM_WITHDRAWN',
      entity: 'Payment',
      entityId: c.id,
      before: { status: 'PENDING', tdsSection: c.tdsSection, tdsAmountPaise: c.tdsAmountPaise },
      after: { status: 'PENDING', tdsSection: null, tdsAmountPaise: 0, reason },
      requestId: by.requestId,
    });
  }
  const cancelled = open.length + interest.length;
  // A payer the automatic defaulter marked for a due now cancelled is cleared when nothing else is that late (decision 0048).
  if (cancelled > 0) await reviewDefaulter(deps, tx, app.applicantUserId);
  // Each payer is refunded what it paid: the applicant, or the trader that paid for it (decision 0078).
  const paid = await repo.paidChargesOf(tx, app.id);
  const refundPaise = paid.reduce((sum, p) => sum + p.amount, 0);
  const tdsPaise = paid.reduce((sum, p) => sum + p.tds, 0);
  if (refundPaise > 0) {
    await deps.audit.record(tx, {
      actor,
      action: 'REFUND_DUE_RAISED',
      entity: 'Application',
      entityId: app.id,
      after: {
        sourceType: 'Rejection',
        applicationNo: app.applicationNo,
        amountPaise: refundPaise,
        tdsPaise,
        payers: paid.map((p) => ({ payerUserId: p.payerUserId, amountPaise: p.amount, tdsPaise: p.tds })),
      },
      requestId: by.requestId,
    });
    await deps.notifications.notify(tx, {
      role: 'SLDCBusinessUser',
      message: N.rejectedToMake(app.applicationNo, formatPaise(refundPaise), tdsPaise > 0 ? formatPaise(tdsPaise) : null),
      link: WEB_LINKS.refunds(),
    });
  }
  // The payer of a payment is who made it: the applicant, or its trader (decision 0071), told of its own refund and claims.
  const claimsOf = (userId: string) => claims.filter((c) => c.payerUserId === userId).length;
  const refundOf = (userId: string) => paid.find((p) => p.payerUserId === userId)?.amount ?? 0;
  const tell = async (userId: string, cancelledHere: number) => {
    const refund = refundOf(userId);
    if (refund === 0 && cancelledHere === 0 && claimsOf(userId) === 0) return;
    await deps.notifications.notify(tx, {
      userId,
      message: N.rejectedPayer(app.applicationNo, refund > 0 ? formatPaise(refund) : null, cancelledHere, claimsOf(userId)),
      link: refund > 0 ? WEB_LINKS.refunds() : WEB_LINKS.payments(),
    });
  };
  await tell(app.applicantUserId, cancelled);
  const others = new Set([...paid.map((p) => p.payerUserId), ...claims.map((c) => c.payerUserId)]);
  others.delete(app.applicantUserId);
  for (const payer of others) await tell(payer, 0);
  return { cancelled, refundPaise, tdsPaise, tdsClaimsWithdrawn: claims.length };
}
