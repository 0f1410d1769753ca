import { centiToMw, tenThousandthsToPrice } from '@stoa/shared/common';
import type { EbiddingAllocation } from '@stoa/shared/payments';

import type { RequestUser } from '../../platform/auth';
import type { PaymentsDeps } from './payments.deps';
import { mapPaymentDue } from './payments.mapper';
import { paymentsRepository } from './payments.repository';
import { reconciliationRepository as repo } from './reconciliation.repository';

/**
 * E-bidding payments (decision 0055): the payer's e-bidding allocations that raised a price due
 * (e-bidding.processing.ts raisePriceDue), with the invitation, the allocated quantum, the applicable
 * price and the due with paid and balance; it is paid with Payment/MakePayment on that due. The
 * schedule behind one allocation is Payment/GetEbiddingDetails/{applicationId} (e-bidding module).
 */

async function withDues(deps: Pick<PaymentsDeps, 'db'>, rows: Awaited<ReturnType<typeof repo.allocations>>['rows']) {
  const dues = new Map(
    (
      await paymentsRepository.duesWithTotals(
        deps.db,
        rows.flatMap((r) => (r.dueId ? [r.dueId] : [])),
      )
    ).map((d) => [d.due.id, mapPaymentDue(d)]),
  );
  return rows.map((r): EbiddingAllocation => ({
    id: r.id,
    invitationId: r.invitationId,
    bidInvitationNo: r.bidInvitationNo,
    applicationId: r.applicationId,
    applicationNo: r.applicationNo,
    status: r.status === 'PartiallyAllocated' ? 'PartiallyAllocated' : 'Allocated',
    allocatedMw: centiToMw(r.allocatedCenti ?? 0),
    applicablePrice: tenThousandthsToPrice(r.applicablePriceTt ?? 0),
    due: (r.dueId && dues.get(r.dueId)) || null,
  }));
}

export async function listEbiddingAllocations(
  deps: Pick<PaymentsDeps, 'db'>,
  actor: RequestUser,
  q: { pageNumber: number; pageSize: number },
) {
  const { rows, total } = await repo.allocations(deps.db, actor, q);
  return { allocationList: await withDues(deps, rows), dataCount: total };
}
