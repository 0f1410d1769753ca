/**
 * The charges an application owes on its final approval (issue 13, DOMAIN.md §6, decision 0046):
 * the STU transmission charge on the approved energy and the SLDC operating charge per day of the
 * schedule, each at the rate in force on the approval date with its GST line, raised as dues of
 * the applicant (also when a trader filed the application) inside the approval's transaction. The
 * energy an e-bidding allocation already prices (its congestion window) is not charged again
 * (decision 0057).
 */
import { centiBlocksToKwh, divRoundHalfUp, formatScaled, istDate } from '@stoa/shared/common';
import { CHARGE_HEAD_INFO } from '@stoa/shared/configuration';
import { curtailmentRefund } from '@stoa/shared/curtailment';
import { centiBlocksOutsideWindows } from '@stoa/shared/e-bidding';

import type { Tx } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { eBiddingRepository } from '../e-bidding/e-bidding.repository';
import type { ApplicationsDeps } from './applications.access';
import { applicationsRepository as repo, type ApplicationRecord } from './applications.repository';
import { sumOf } from './margins';

/** Centi-MW × blocks in one MW-day (0.01 MW × 96 blocks of 15 minutes = 1/100 MW-day). */
const CENTI_BLOCKS_PER_MW_DAY = 9600n;

/**
 * The STU transmission charge on `centiBlocks` (Σ granted centi-MW over the 15-minute blocks) at a
 * rate of either basis: Rs/kWh × kWh (0.01 MW for a block = 2.5 kWh) or Rs/MW/day × MW-days
 * (0.01 MW for a block = 1/9600 MW-day) — the arithmetic the curtailment refund uses, so a refund
 * of curtailed quantum never exceeds what was charged for it. Exact (bigint), rounded half up once.
 */
export function transmissionCharge(centiBlocks: number, rate: { amount: string; unit: string }): { quantity: string; basePaise: number } {
  if (rate.unit === 'INR_PER_KWH')
    return {
      quantity: centiBlocksToKwh(centiBlocks),
      basePaise: curtailmentRefund(centiBlocks, rate.amount, 'INR_PER_KWH', '0').basePaise,
    };
  if (rate.unit === 'INR_PER_MW_DAY')
    return {
      // Recorded with 4 decimals for reading; the amount is computed from the exact MW-days.
      quantity: formatScaled(Number(divRoundHalfUp(BigInt(centiBlocks) * 10_000n, CENTI_BLOCKS_PER_MW_DAY)), 4),
      basePaise: curtailmentRefund(centiBlocks, rate.amount, 'INR_PER_MW_DAY', '0').basePaise,
    };
  throw new AppError(
    'BUSINESS_RULE',
    `The ${CHARGE_HEAD_INFO.STU_TRANSMISSION_CHARGE.label} is configured in an unknown unit (${rate.unit}).`,
  );
}

/** The heads raised on final approval. */
export const APPROVAL_CHARGE_HEADS = ['STU_TRANSMISSION_CHARGE', 'SLDC_OPERATING_CHARGE'] as const;

/**
 * Raises the approval charges of an application that has just reached Approved or
 * PartiallyApproved (inside the approval's transaction). Quantities come from the granted
 * schedule: Σ centi-MW × blocks for the transmission charge — less the blocks of the congestion
 * windows an e-bidding invitation allocated it in, whose energy owes the e-bidding price instead
 * (decision 0057) —, the days with any granted block (a day or part of a day) for the operating charge.
 */
export async function raiseApprovalCharges(deps: ApplicationsDeps, tx: Tx, row: ApplicationRecord, recordType: string): Promise<void> {
  const days = await repo.days(tx, row.id);
  const granted = days.map((d) => sumOf(d.granted ?? []));
  const dayCount = granted.filter((g) => g > 0).length;
  if (sumOf(granted) === 0) return; // nothing approved, nothing owed
  const windows = await eBiddingRepository.allocatedWindowsOf(tx, row.id);
  const centiBlocks = sumOf(days.map((d) => centiBlocksOutsideWindows(windows, d.day, d.granted ?? [])));
  const on = istDate(deps.clock.now());
  if (centiBlocks > 0)
    await deps.configuration.raiseDue(tx, {
      payerUserId: row.applicantUserId,
      head: 'STU_TRANSMISSION_CHARGE',
      on,
      quantity: '0',
      priced: (rate) => transmissionCharge(centiBlocks, rate),
      recordType,
      recordId: row.id,
      description:
        `${CHARGE_HEAD_INFO.STU_TRANSMISSION_CHARGE.label}` +
        `${windows.length > 0 ? ' (outside the e-bidding congestion window)' : ''}: ${row.applicationNo}`,
    });
  await deps.configuration.raiseDue(tx, {
    payerUserId: row.applicantUserId,
    head: 'SLDC_OPERATING_CHARGE',
    on,
    quantity: String(dayCount),
    recordType,
    recordId: row.id,
    description: `${CHARGE_HEAD_INFO.SLDC_OPERATING_CHARGE.label} (${dayCount} day${dayCount === 1 ? '' : 's'}): ${row.applicationNo}`,
  });
}
