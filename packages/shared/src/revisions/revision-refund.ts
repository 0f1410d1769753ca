/**
 * The refund of an approved downward revision (DOMAIN.md §3 and DOMAIN-REFERENCE.md §6, decision 0061):
 * the STU transmission charge on the released part of the cut — the reduction after min(2 days,
 * remaining period) from the effective block (the retained part stays payable) — counting only the
 * blocks outside the congestion windows of e-bidding invitations that allocated the application
 * (decision 0057: no transmission charge was levied inside them), priced at the rate, unit and GST of
 * the charge the payer was raised (not the rate of the revision day). The arithmetic is the
 * curtailment refund's (`curtailmentRefund`); the SLDC operating charge and fees are never refunded.
 * Pure: centi-MW integers, IST dates, paise.
 */
import { type CurtailmentRefund, curtailmentRefund, type TransmissionChargeUnit } from '../curtailment/curtailment.cuts';
import { centiBlocksOutsideWindows, type CongestionWindow } from '../e-bidding/e-bidding.window';
import { type BlockPoint, releasedCuts, REVISION_RETAINED_BLOCKS } from './revision-rules';

export interface RevisionRefundInput {
  /** The granted schedule before the revision and after it (per date, 96 centi-MW values). */
  before: ReadonlyMap<string, ArrayLike<number>>;
  after: ReadonlyMap<string, ArrayLike<number>>;
  /** The block the revision took effect from. */
  effective: BlockPoint;
  /** Congestion windows of the e-bidding invitations that allocated the application. */
  windows: readonly CongestionWindow[];
  /** The raised STU transmission charge's rate (Rs, up to 4 decimals), unit and GST %. */
  rate: string;
  unit: TransmissionChargeUnit;
  gstRatePercent: string;
  retainedBlocks?: number;
}

export interface RevisionRefund extends CurtailmentRefund {
  /** Released centi-MW × blocks outside the windows: what the refund is priced on. */
  chargedCentiBlocks: number;
}

export function revisionRefund(i: RevisionRefundInput): RevisionRefund {
  let charged = 0;
  for (const [day, cut] of releasedCuts(i.before, i.after, i.effective, i.retainedBlocks ?? REVISION_RETAINED_BLOCKS))
    charged += centiBlocksOutsideWindows(i.windows, day, cut);
  return { chargedCentiBlocks: charged, ...curtailmentRefund(charged, i.rate, i.unit, i.gstRatePercent) };
}
