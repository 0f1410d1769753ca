/**
 * Allocation of a congested period's margin among e-bidding proposals (DOMAIN.md §4,
 * DOMAIN-REFERENCE.md §2.3). Pure code, no I/O.
 *
 * Units: quantities in integer centi-MW (0.01 MW, see applications/allocation.ts); prices in
 * Rs/kWh as decimal strings with up to 4 decimals, computed as integer ten-thousandths of a rupee
 * per kWh ('0.25' → 2500, common/units.ts).
 *
 * The caller has already dropped non-bidders (deemed withdrawn) and invalid proposals (below the
 * floor price, after the deadline), and calls this once per congested element and period (or block
 * range with one margin and the same bidders).
 */

import { priceToTenThousandths, tenThousandthsToPrice } from '../common/units';

export interface Bid {
  applicationId: string;
  /** Requested quantum in centi-MW, a positive integer up to 2^31 − 1. */
  quantity: number;
  /** Quoted price in Rs/kWh, up to 4 decimals. */
  price: string;
  /** Submission order: smaller is earlier; distinct integers (e.g. the rank by submission time). */
  submittedAt: number;
}

export type BidStatus = 'Allocated' | 'PartiallyAllocated' | 'Rejected';

export interface BidAllocation {
  applicationId: string;
  requested: number;
  /** Allocated quantum in centi-MW. */
  allocated: number;
  /** What the bidder pays, Rs/kWh (2–4 decimals); null when nothing was allocated (nothing to pay). */
  applicablePrice: string | null;
  status: BidStatus;
}

function checkBids(bids: readonly Bid[]): void {
  const ids = new Set<string>();
  const submitted = new Set<number>();
  for (const bid of bids) {
    if (!Number.isInteger(bid.quantity) || bid.quantity <= 0 || bid.quantity > 0x7fffffff) {
      throw new RangeError(`Quantity of ${bid.applicationId} must be a positive 32-bit integer of centi-MW (got ${bid.quantity})`);
    }
    if (!Number.isSafeInteger(bid.submittedAt)) throw new RangeError(`submittedAt of ${bid.applicationId} must be an integer`);
    if (ids.has(bid.applicationId)) throw new RangeError(`More than one bid for ${bid.applicationId}`);
    if (submitted.has(bid.submittedAt)) throw new RangeError(`Two bids share submittedAt ${bid.submittedAt}`);
    ids.add(bid.applicationId);
    submitted.add(bid.submittedAt);
  }
}

/**
 * DOMAIN.md §4, exactly: sort by quoted price, highest first; serve each price level in full while
 * the margin covers it; at the first level that does not fit, share what remains pro-rata to the
 * requested quantum, rounded down to 0.01 MW, the leftover 0.01 MW units (fewer than the bidders of
 * that level) one each by earliest submission; lower levels get nothing. A margin ≤ 0 allocates
 * nothing.
 *
 * Price: every bidder that got its full request pays the lowest price among those bidders (so if a
 * rounding leftover happens to complete a request at the shared level, that level's price becomes
 * the price of all fully served bidders); a partially served bidder pays its own quote; a bidder
 * that got nothing pays nothing (null) and its demand is rejected.
 *
 * Returns one result per bid, in the order of `bids`. Throws a RangeError on a malformed bid
 * (non-positive quantity, bad price, duplicate application or submission index).
 */
export function allocateBids(marginCenti: number, bids: readonly Bid[]): BidAllocation[] {
  if (!Number.isSafeInteger(marginCenti)) throw new RangeError(`Margin must be an integer of centi-MW (got ${marginCenti})`);
  checkBids(bids);
  const prices = bids.map((b) => priceToTenThousandths(b.price));
  const ranked = bids.map((_, i) => i).sort((i, j) => prices[j]! - prices[i]! || bids[i]!.submittedAt - bids[j]!.submittedAt);
  const allocated = new Array<number>(bids.length).fill(0);

  let remaining = Math.max(0, marginCenti);
  for (let start = 0; start < ranked.length && remaining > 0;) {
    let end = start;
    let levelTotal = 0;
    while (end < ranked.length && prices[ranked[end]!] === prices[ranked[start]!]) levelTotal += bids[ranked[end++]!]!.quantity;
    if (levelTotal <= remaining) {
      for (let k = start; k < end; k++) allocated[ranked[k]!] = bids[ranked[k]!]!.quantity;
      remaining -= levelTotal;
    } else {
      // Pro-rata within the level; `ranked` is already by earliest submission inside a level.
      let left = remaining;
      for (let k = start; k < end; k++) {
        const i = ranked[k]!;
        const share = Number((BigInt(remaining) * BigInt(bids[i]!.quantity)) / BigInt(levelTotal));
        allocated[i] = share;
        left -= share;
      }
      for (let k = start; k < end && left > 0; k++) {
        allocated[ranked[k]!]! += 1;
        left -= 1;
      }
      remaining = 0;
    }
    start = end;
  }

  let lowestFull = Infinity;
  bids.forEach((b, i) => {
    if (allocated[i] === b.quantity) lowestFull = Math.min(lowestFull, prices[i]!);
  });
  return bids.map((b, i) => {
    const got = allocated[i]!;
    const status: BidStatus = got === b.quantity ? 'Allocated' : got > 0 ? 'PartiallyAllocated' : 'Rejected';
    const applicablePrice =
      status === 'Allocated'
        ? tenThousandthsToPrice(lowestFull)
        : status === 'PartiallyAllocated'
          ? tenThousandthsToPrice(prices[i]!)
          : null;
    return { applicationId: b.applicationId, requested: b.quantity, allocated: got, applicablePrice, status };
  });
}
