import { allocateBids, type BidAllocation } from '@stoa/shared/e-bidding';
import { tenThousandthsToPrice } from '@stoa/shared/common';

import type { ProposalRecord } from './e-bidding.repository';
import type { InvitedRow } from './invitations.repository';

/**
 * allocateBids (packages/shared, DOMAIN.md §4) over the submitted proposals, in submission order
 * (database clock, then id): the preview before processing and the allocation processing records.
 * A proposal whose application asks nothing in the period (cannot happen for a sent invitation,
 * whose applications are checked) gets nothing rather than a malformed bid.
 */
export function allocate(marginCenti: number, proposals: ProposalRecord[], invited: Map<string, InvitedRow>): BidAllocation[] {
  const bids = proposals.map((p, k) => ({
    applicationId: p.eBiddingApplicationId,
    quantity: invited.get(p.eBiddingApplicationId)!.ea.appliedCenti,
    price: tenThousandthsToPrice(p.quotedPriceTt),
    submittedAt: k,
  }));
  const served = new Map(
    allocateBids(
      marginCenti,
      bids.filter((b) => b.quantity > 0),
    ).map((r) => [r.applicationId, r]),
  );
  return bids.map(
    (b) =>
      served.get(b.applicationId) ?? {
        applicationId: b.applicationId,
        requested: 0,
        allocated: 0,
        applicablePrice: null,
        status: 'Rejected' as const,
      },
  );
}
