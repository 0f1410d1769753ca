import {
  type AtcMarginLimit,
  type BidAllocation,
  type BidProposal,
  congestionWindow,
  type CongestionWindow,
  EBIDDING_STATUS_LABELS,
  eBiddingFormPermission,
  type EBiddingApplicant,
  type EBiddingStatus,
  type FormPermission,
  type InvitationDetail,
  type InvitationList,
  invitationListAction,
  type InvitationProposals,
  isInvitationExpired,
  type ProposalDetail,
} from '@stoa/shared/e-bidding';
import { centiToMw, istDate, tenThousandthsToPrice } from '@stoa/shared/common';
import type { Role } from '@stoa/shared/account';

import type { InvitationRecord, ProposalRecord } from './e-bidding.repository';
import type { MarginLimit } from './e-bidding.margin';
import type { FlaggedInvitation, InvitedRow, invitationsRepository } from './invitations.repository';
import type { proposalsRepository } from './proposals.repository';

/**
 * Rows → the shared DTOs (packages/shared e-bidding contracts). Pure: what a caller may see (sealed
 * prices, form permissions) is decided by `e-bidding.access.ts` and passed in.
 */

type InvitationListRow = InvitationList['invitationList'][number];
type OwnListRow = Awaited<ReturnType<typeof invitationsRepository.listOwn>>['rows'][number];
type OwnProposalRow = Awaited<ReturnType<typeof proposalsRepository.listOwnProposals>>['rows'][number];
type ApplicantFields = Pick<
  InvitedRow,
  | 'app'
  | 'applicantName'
  | 'applicantType'
  | 'sellerOwner'
  | 'sellerNo'
  | 'sellerValidity'
  | 'sellerCategory'
  | 'buyerNo'
  | 'buyerValidity'
  | 'buyerCategory'
>;

export const statusObject = (s: EBiddingStatus) => ({ status: s, statusDescription: EBIDDING_STATUS_LABELS[s] });
export const mw = (centi: number | null | undefined) => (centi === null || centi === undefined ? null : centiToMw(centi));
export const price = (tt: number | null | undefined) => (tt === null || tt === undefined ? null : tenThousandthsToPrice(tt));

/** The congestion window of an invitation, once its period and times are all filled. */
export const windowOf = (inv: InvitationRecord): CongestionWindow | null =>
  inv.congestionFromDate && inv.congestionToDate && inv.congestionFromTime && inv.congestionToTime
    ? congestionWindow(inv.congestionFromDate, inv.congestionToDate, inv.congestionFromTime, inv.congestionToTime)
    : null;

/** The margin the ATC uploads allow (decision 0016), in MW. */
export const atcMarginView = (l: MarginLimit): AtcMarginLimit => ({
  availableMargin: mw(l.centi),
  elements: l.elements.map((e) => ({ element: e.element, availableMargin: mw(e.centi), missingDates: e.missingDates })),
});

/** An invited application's proposal status: a deemed-withdrawn application without any proposal reads Expired like an expired draft (decision 0016). */
export const proposalStatusOf = (
  invited: Pick<InvitedRow['ea'], 'status'>,
  proposal: Pick<ProposalRecord, 'status'> | undefined,
): EBiddingStatus => proposal?.status ?? (invited.status === 'Withdrawn' ? 'Expired' : 'None');

/** What Form ST3 and the dialogs show of an application's applicant: the applicant's own registration (seller side if it owns the seller). */
export function applicantOf(r: ApplicantFields): EBiddingApplicant {
  const ownSeller = r.sellerOwner === r.app.applicantUserId;
  return {
    applicationId: r.app.id,
    applicationNo: r.app.applicationNo,
    applicationDate: r.app.submittedAt ? istDate(r.app.submittedAt) : istDate(r.app.createdOn),
    registrationNo: ownSeller ? r.sellerNo : r.buyerNo,
    registrationValidity: ownSeller ? r.sellerValidity : r.buyerValidity,
    applicantName: r.applicantName,
    applicantType: r.applicantType,
    applicantCategory: ownSeller ? r.sellerCategory : r.buyerCategory,
    fromDate: r.app.fromDate,
    toDate: r.app.toDate,
  };
}

/** Form ST2 as the caller sees it: `invited` and `proposals` already limited to what the caller may see. */
export function invitationDetailOf(
  role: Role,
  f: FlaggedInvitation,
  invited: InvitedRow[],
  appliedTotalCenti: number,
  proposals: Map<string, ProposalRecord>,
  atcMargin: AtcMarginLimit | null,
): InvitationDetail {
  const { inv } = f;
  const t = inv.texts;
  return {
    id: inv.id,
    bidInvitationNo: inv.bidInvitationNo,
    dateOfInvitation: inv.dateOfInvitation,
    applicationId: invited[0]?.app.id ?? null,
    version: inv.version,
    subStationDetails: t.subStationDetails,
    transmissionSystemDetails: t.transmissionSystemDetails,
    nameOfTransmissionSystem: t.nameOfTransmissionSystem,
    availableMarginSubstation: t.availableMarginSubstation,
    availableMargin: mw(inv.availableMarginCenti),
    allApplicationsAppliedQuantum: centiToMw(appliedTotalCenti),
    congestionFromDate: inv.congestionFromDate,
    congestionToDate: inv.congestionToDate,
    congestionFromTime: inv.congestionFromTime,
    congestionToTime: inv.congestionToTime,
    fromTimeSpan: inv.congestionFromTime,
    toTimeSpan: inv.congestionToTime,
    lastDateOfSubmission: inv.lastDateOfSubmission,
    deadLine: inv.deadLine,
    deadlineAt: inv.deadlineAt?.toISOString() ?? null,
    deadlinePassed: f.deadlinePassed,
    bidOpeningDate: inv.bidOpeningDate,
    bidOpeningTime: inv.bidOpeningTime,
    floorPrice: price(inv.floorPriceTt),
    place: t.place,
    date: t.date,
    authorizedPersonName: t.authorizedPersonName,
    authorizedPersonDesignation: t.authorizedPersonDesignation,
    isDraft: inv.status === 'Draft',
    status: statusObject(inv.status),
    formPermission: eBiddingFormPermission('Invitation', inv.status, role),
    eBiddedApplications: invited.map((r) => ({
      id: r.ea.id,
      ...applicantOf(r),
      appliedQuantum: centiToMw(r.ea.appliedCenti),
      status: r.ea.status,
      allocatedQuantum: mw(r.ea.allocatedCenti),
      applicablePrice: price(r.ea.applicablePriceTt),
      proposalId: proposals.get(r.ea.id)?.id ?? null,
      proposalStatus: proposalStatusOf(r.ea, proposals.get(r.ea.id)),
    })),
    atcMargin,
  };
}

/** A row of the staff invitation list: one per invitation, naming its first application (+ the count of the others). */
export function staffListRow(role: Role, f: FlaggedInvitation, invited: InvitedRow[], appliedTotalCenti: number): InvitationListRow {
  const { inv } = f;
  return {
    id: inv.id,
    bidInvitationNo: inv.bidInvitationNo,
    dateOfInvitation: inv.dateOfInvitation,
    applicationId: invited[0]?.app.id ?? null,
    applicationNo:
      invited.length === 0
        ? null
        : invited.length === 1
          ? invited[0]!.app.applicationNo
          : `${invited[0]!.app.applicationNo} (+${invited.length - 1})`,
    eBiddingApplicationId: null,
    availableMargin: mw(inv.availableMarginCenti),
    appliedQuantum: centiToMw(appliedTotalCenti),
    allApplicationsAppliedQuantum: centiToMw(appliedTotalCenti),
    congestionFromDate: inv.congestionFromDate,
    congestionToDate: inv.congestionToDate,
    fromTimeSpan: inv.congestionFromTime,
    toTimeSpan: inv.congestionToTime,
    lastDateOfSubmission: inv.lastDateOfSubmission,
    deadLine: inv.deadLine,
    floorPrice: price(inv.floorPriceTt),
    status: statusObject(inv.status),
    isExpired: isInvitationExpired(inv.status, f.deadlinePassed),
    proposalId: null,
    proposalStatus: null,
    action: invitationListAction({ role, status: inv.status, deadlinePassed: f.deadlinePassed }),
  };
}

/** A row of a bidder's invitation list: one per invited application of the bidder. */
export function ownListRow(role: Role, r: OwnListRow, appliedTotalCenti: number): InvitationListRow {
  return {
    id: r.inv.id,
    bidInvitationNo: r.inv.bidInvitationNo,
    dateOfInvitation: r.inv.dateOfInvitation,
    applicationId: r.ea.applicationId,
    applicationNo: r.applicationNo,
    eBiddingApplicationId: r.ea.id,
    availableMargin: mw(r.inv.availableMarginCenti),
    appliedQuantum: centiToMw(r.ea.appliedCenti),
    allApplicationsAppliedQuantum: centiToMw(appliedTotalCenti),
    congestionFromDate: r.inv.congestionFromDate,
    congestionToDate: r.inv.congestionToDate,
    fromTimeSpan: r.inv.congestionFromTime,
    toTimeSpan: r.inv.congestionToTime,
    lastDateOfSubmission: r.inv.lastDateOfSubmission,
    deadLine: r.inv.deadLine,
    floorPrice: price(r.inv.floorPriceTt),
    status: statusObject(r.inv.status),
    isExpired: isInvitationExpired(r.inv.status, r.deadlinePassed),
    proposalId: r.proposalId ?? null,
    proposalStatus: r.proposalStatus ?? (r.ea.status === 'Withdrawn' ? ('Expired' as const) : null),
    action: invitationListAction({
      role,
      status: r.inv.status,
      deadlinePassed: r.deadlinePassed,
      proposalStatus: r.proposalStatus ?? null,
    }),
  };
}

/** Form ST3 of an invited application; `showPrice` and `permission` decided by the access rules. */
export function proposalDetailOf(
  f: FlaggedInvitation,
  invited: InvitedRow,
  proposal: ProposalRecord | undefined,
  status: EBiddingStatus,
  view: { showPrice: boolean; permission: FormPermission },
): ProposalDetail {
  const { inv } = f;
  return {
    proposalId: proposal?.id ?? null,
    eBiddingInvitationId: inv.id,
    bidInvitationId: inv.id,
    bidInvitationNo: inv.bidInvitationNo,
    eBiddingApplicationId: invited.ea.id,
    eBiddingApplication: { id: invited.ea.id },
    ...applicantOf(invited),
    congestionFromDate: inv.congestionFromDate,
    congestionToDate: inv.congestionToDate,
    congestionFromTime: inv.congestionFromTime,
    congestionToTime: inv.congestionToTime,
    availableMargin: mw(inv.availableMarginCenti),
    appliedQuantum: centiToMw(invited.ea.appliedCenti),
    lastDateOfSubmission: inv.lastDateOfSubmission,
    deadLine: inv.deadLine,
    deadlinePassed: f.deadlinePassed,
    floorPrice: price(inv.floorPriceTt),
    quotedBidPrice: proposal && view.showPrice ? price(proposal.quotedPriceTt) : null,
    place: proposal?.place ?? null,
    authorizedPersonName: proposal?.authorizedPersonName ?? null,
    authorizedPersonDesignation: proposal?.authorizedPersonDesignation ?? null,
    isDraft: status === 'None' || status === 'Draft',
    status: statusObject(status),
    submittedAt: proposal?.submittedAt?.toISOString() ?? null,
    allocatedQuantum: inv.status === 'Completed' ? mw(invited.ea.allocatedCenti) : null,
    applicablePrice: inv.status === 'Completed' ? price(invited.ea.applicablePriceTt) : null,
    formPermission: view.permission,
  };
}

/** A row of the bidder's own proposal list (the bidder's own prices: never sealed from the bidder). */
export function ownProposalRow(r: OwnProposalRow): BidProposal {
  return {
    proposalId: r.p.id,
    bidInvitationId: r.inv.id,
    bidInvitationNo: r.inv.bidInvitationNo,
    eBiddingApplicationId: r.ea.id,
    applicationId: r.p.applicationId,
    applicationNo: r.applicationNo,
    applicantName: r.applicantName ?? '',
    availableQuantum: mw(r.inv.availableMarginCenti),
    appliedQuantum: centiToMw(r.ea.appliedCenti),
    quotedPrice: price(r.p.quotedPriceTt),
    floorPrice: price(r.inv.floorPriceTt),
    allocatedQuantum: r.inv.status === 'Completed' ? mw(r.ea.allocatedCenti) : null,
    applicablePrice: r.inv.status === 'Completed' ? price(r.ea.applicablePriceTt) : null,
    submittedAt: r.p.submittedAt?.toISOString() ?? null,
    status: statusObject(r.p.status),
  };
}

/**
 * A row of an invitation's proposals (staff): the quoted price only once unsealed; the allocation
 * once processed, or the preview of it (`preview`) before.
 */
export function invitationProposalRow(
  inv: InvitationRecord,
  r: InvitedRow,
  p: ProposalRecord,
  sealed: boolean,
  preview: BidAllocation | undefined,
): BidProposal {
  const done = inv.status === 'Completed';
  return {
    proposalId: p.id,
    bidInvitationId: inv.id,
    bidInvitationNo: inv.bidInvitationNo,
    eBiddingApplicationId: p.eBiddingApplicationId,
    applicationId: p.applicationId,
    applicationNo: r.app.applicationNo,
    applicantName: r.applicantName,
    availableQuantum: mw(inv.availableMarginCenti),
    appliedQuantum: centiToMw(r.ea.appliedCenti),
    quotedPrice: sealed ? null : price(p.quotedPriceTt),
    floorPrice: price(inv.floorPriceTt),
    allocatedQuantum: done ? mw(r.ea.allocatedCenti) : preview ? centiToMw(preview.allocated) : null,
    applicablePrice: done ? price(r.ea.applicablePriceTt) : preview ? preview.applicablePrice : null,
    submittedAt: p.submittedAt?.toISOString() ?? null,
    status: statusObject(p.status),
  };
}

/** The proposals page of an invitation (staff). */
export function invitationProposalsOf(
  f: FlaggedInvitation,
  appliedTotalCenti: number,
  proposalList: BidProposal[],
  flags: { sealed: boolean; canProcess: boolean },
): InvitationProposals {
  const { inv } = f;
  return {
    bidInvitationId: inv.id,
    bidInvitationNo: inv.bidInvitationNo,
    status: statusObject(inv.status),
    congestionFromDate: inv.congestionFromDate,
    congestionFromTime: inv.congestionFromTime,
    congestionToDate: inv.congestionToDate,
    congestionToTime: inv.congestionToTime,
    lastDateOfSubmission: inv.lastDateOfSubmission,
    deadLine: inv.deadLine,
    deadlinePassed: f.deadlinePassed,
    bidOpeningDate: inv.bidOpeningDate,
    bidOpeningTime: inv.bidOpeningTime,
    allApplicationsAppliedQuantum: centiToMw(appliedTotalCenti),
    availableMargin: mw(inv.availableMarginCenti),
    floorPrice: price(inv.floorPriceTt),
    sealed: flags.sealed,
    canProcess: flags.canProcess,
    proposalList,
    dataCount: proposalList.length,
  };
}
