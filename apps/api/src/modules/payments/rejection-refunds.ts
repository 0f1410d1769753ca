import { formatPaise } from '@stoa/shared/common';
import { enRefunds } from '@stoa/shared/messages';
import { WEB_LINKS } from '@stoa/shared/navigation';

import type { Tx } from '../../platform/db/client';
import { type DefaultersDeps, reviewDefaulter } from './defaulters';
import { refundsRepository as repo } from './refunds.repository';

/**
 * What a rejection does to an application's money (decision 0064), in the rejection's transaction:
 * every unpaid due of the application — its own (the fee, while unpaid) and the e-bidding price dues
 * of its allocations — is cancelled, so nobody is asked to pay for a rejected application (a payment
 * still pending on one becomes an over-payment credit if approved, decision 0041); and the charges
 * already paid on it (approved payments less any excess, fees never) become a refund due, listed on
 * Refund as a 'Rejection' item for the maker and checker of decision 0054. Audit rows and notices.
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
  const dues = await repo.applicationDuesForUpdate(tx, app.id);
  const open = dues.filter((d) => d.status === 'DUE');
  for (const due of open) {
    await repo.cancelDue(tx, due.id);
    await deps.audit.record(tx, {
      actor,
      action: 'DUE_CANCELLED',
      entity: 'Due',
      entityId: due.id,
      before: { status: 'DUE' },
      after: { status: 'CANCELLED', reason: `Application ${app.applicationNo} rejected` },
      requestId: by.requestId,
    });
  }
  // A payer the automatic defaulter marked for a due now cancelled is cleared when nothing else is that late (decision 0048).
  if (open.length > 0) await reviewDefaulter(deps, tx, app.applicantUserId);
  const refundPaise = await repo.paidChargesOf(tx, app.id);
  if (refundPaise > 0) {
    await deps.audit.record(tx, {
      actor,
      action: 'REFUND_DUE_RAISED',
      entity: 'Application',
      entityId: app.id,
      after: { sourceType: 'Rejection', applicationNo: app.applicationNo, amountPaise: refundPaise },
      requestId: by.requestId,
    });
    await deps.notifications.notify(tx, {
      role: 'SLDCBusinessUser',
      message: N.rejectedToMake(app.applicationNo, formatPaise(refundPaise)),
      link: WEB_LINKS.refunds(),
    });
  }
  if (refundPaise > 0 || open.length > 0)
    await deps.notifications.notify(tx, {
      userId: app.applicantUserId,
      message: N.rejectedPayer(app.applicationNo, refundPaise > 0 ? formatPaise(refundPaise) : null, open.length),
      link: refundPaise > 0 ? WEB_LINKS.refunds() : WEB_LINKS.payments(),
    });
  return { cancelled: open.length, refundPaise };
}
