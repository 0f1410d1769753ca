import { amountPaise, centiBlocksToKwh, centiBlocksToMwh, centiToMw, paiseToRupees } from '@stoa/shared/common';
import { blockEndTime, blockStartTime } from '@stoa/shared/applications';
import { type EBiddingApplicant, type EBiddingDetails, enEBidding } from '@stoa/shared/e-bidding';

import type { RequestUser } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { applicationsRepository } from '../applications/applications.repository';
import { mayReadApplication, viewerOf } from './e-bidding.access';
import type { EBiddingDeps } from './e-bidding.deps';
import { applicantOf, price, windowOf } from './e-bidding.mapper';
import { eBiddingRepository as repo, UUID } from './e-bidding.repository';
import { invitationsRepository as invitations } from './invitations.repository';

/** What an application shows of its e-bidding: the applicant on Form ST3, and the e-bidding details (price per schedule row, for payments). */

const E = enEBidding.errors;

/** The applicant of an application as Form ST3 shows it (staff, or a bidder for it). */
export async function applicant(deps: EBiddingDeps, actor: RequestUser, applicationId: string): Promise<EBiddingApplicant> {
  const v = await viewerOf(deps.db, actor);
  const row = await repo.applicant(deps.db, applicationId);
  if (!row || !(await mayReadApplication(deps.db, v, applicationId))) throw new AppError('NOT_FOUND', E.applicationNotFound);
  return applicantOf(row);
}

/**
 * The e-bidding details of a processed application: per schedule row inside the congestion window,
 * the applied and approved quantum (MW, MWh), the quoted and applicable price, and the price to pay.
 */
export async function details(deps: EBiddingDeps, actor: RequestUser, applicationId: string): Promise<EBiddingDetails> {
  const { db } = deps;
  const v = await viewerOf(db, actor);
  if (!UUID.test(applicationId) || !(await mayReadApplication(db, v, applicationId)))
    throw new AppError('NOT_FOUND', E.applicationNotFound);
  const found = await invitations.processedFor(db, applicationId);
  if (!found) throw new AppError('NOT_FOUND', E.applicationNotFound);
  const app = await repo.applicant(db, applicationId);
  const window = windowOf(found.inv)!;
  const [schedules, days] = await Promise.all([applicationsRepository.schedules(db, applicationId), repo.days(db, [applicationId])]);
  const grantedByDay = new Map(days.map((d) => [d.day, d.granted]));
  const appliedPrice = found.ea.applicablePriceTt;
  const priceText = price(appliedPrice);
  let totalPaise = 0;
  let appliedUnits = 0;
  let approvedUnits = 0;
  const rows: EBiddingDetails['ebiddingDetails'] = [];
  for (const s of schedules) {
    const from = s.fromDate > window.fromDate ? s.fromDate : window.fromDate;
    const to = s.toDate < window.toDate ? s.toDate : window.toDate;
    const fb = Math.max(s.fromBlock, window.fromBlock);
    const tb = Math.min(s.toBlock, window.toBlock);
    if (from > to || fb > tb) continue;
    let dayCount = 0;
    let approvedCentiBlocks = 0;
    let approvedMost = 0;
    for (const d of days) {
      if (d.day < from || d.day > to) continue;
      dayCount++;
      const g = grantedByDay.get(d.day) ?? [];
      for (let b = fb; b <= tb; b++) {
        const value = Math.min(g?.[b - 1] ?? 0, s.requirementCenti);
        approvedCentiBlocks += value;
        approvedMost = Math.max(approvedMost, value);
      }
    }
    const appliedCentiBlocks = s.requirementCenti * (tb - fb + 1) * dayCount;
    const total = priceText ? amountPaise(priceText, centiBlocksToKwh(approvedCentiBlocks)) : 0;
    totalPaise += total;
    appliedUnits += appliedCentiBlocks;
    approvedUnits += approvedCentiBlocks;
    rows.push({
      fromDate: from,
      toDate: to,
      fromTime: blockStartTime(fb),
      toTime: blockEndTime(tb),
      appliedQuantum: centiToMw(s.requirementCenti),
      appliedQuantumMwh: centiBlocksToMwh(appliedCentiBlocks),
      approvedQuantum: centiToMw(approvedMost),
      approvedQuantumMwh: centiBlocksToMwh(approvedCentiBlocks),
      quotedPrice: found.proposal ? price(found.proposal.quotedPriceTt) : null,
      applicableSTUPrice: priceText,
      totalApplicableSTUPrice: paiseToRupees(total),
    });
  }
  return {
    applicationId,
    applicationNo: app?.app.applicationNo ?? '',
    bidInvitationNo: found.inv.bidInvitationNo,
    ebiddingDetails: rows,
    totalPrice: paiseToRupees(totalPaise),
    totalAppliedQuantum: centiBlocksToMwh(appliedUnits),
    totalApprovedQuantum: centiBlocksToMwh(approvedUnits),
  };
}
