import type { Role } from '../account/roles';

/**
 * E-bidding as data (spec 000 §4, DOMAIN.md §4, decision 0015): statuses, the form permission table
 * and the action shown in the invitation list. The API enforces these; the web derives its buttons.
 */

/** Status values of spec 000 §4 (invitations and proposals share them). */
export const EBIDDING_STATUSES = ['None', 'Draft', 'Initiated', 'Submitted', 'Completed', 'Expired'] as const;
export type EBiddingStatus = (typeof EBIDDING_STATUSES)[number];

export const EBIDDING_STATUS_LABELS: Record<EBiddingStatus, string> = {
  None: 'Draft',
  Draft: 'Draft',
  Initiated: 'Initiated',
  Submitted: 'Submitted',
  Completed: 'Completed',
  Expired: 'Expired',
};

/** The statuses the list filter offers (spec 000 §2: 'Submitted or Completed'). */
export const EBIDDING_FILTER_STATUSES = ['Submitted', 'Completed'] as const;

/** Invitation statuses stored by the API (None only ever arrives from a client and means Draft). */
export const INVITATION_STATUSES = ['Draft', 'Initiated', 'Submitted', 'Completed', 'Expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/**
 * Proposal statuses stored by the API. `Expired`: a proposal never submitted by the deadline, whose
 * application was deemed withdrawn (decision 0016); it stays read-only.
 */
export const PROPOSAL_STATUSES = ['Draft', 'Submitted', 'Completed', 'Expired'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/**
 * What became of an invited application: `Invited` until the deadline; `Withdrawn` when no proposal
 * was submitted by the deadline (deemed withdrawal, DOMAIN.md §4); after processing the allocation
 * outcome (`Allocated`, `PartiallyAllocated`, `Rejected`).
 */
export const INVITED_APPLICATION_STATUSES = ['Invited', 'Withdrawn', 'Allocated', 'PartiallyAllocated', 'Rejected'] as const;
export type InvitedApplicationStatus = (typeof INVITED_APPLICATION_STATUSES)[number];

/** Roles of the e-bidding routes (spec 000 §2, §6). DISCOM and TRANSCO users have no access. */
export const EBIDDING_ROLES = [
  'OABusinessUser',
  'Trader',
  'SLDCApproverI',
  'SLDCApproverII',
  'SLDCBusinessUser',
] as const satisfies readonly Role[];
/** Bidders: the applicant of an invited application or its trader. */
export const EBIDDING_BIDDER_ROLES = ['OABusinessUser', 'Trader'] as const satisfies readonly Role[];
/** Load-centre staff see every invitation (spec 000 §4). */
export const EBIDDING_STAFF_ROLES = ['SLDCBusinessUser', 'SLDCApproverI', 'SLDCApproverII'] as const satisfies readonly Role[];

export type FormPermission = 'Write' | 'ReadOnly' | 'NoAccess';

/** None is treated as Draft (spec 000 §4). */
export const normaliseEBiddingStatus = (status: EBiddingStatus | null | undefined): Exclude<EBiddingStatus, 'None'> =>
  !status || status === 'None' ? 'Draft' : status;

/**
 * Form permissions by status (spec 000 §4 table). Invitation form: in Draft the SLDC business user
 * writes; everyone else with e-bidding access reads. Proposal form: in Draft the OA applicant and the
 * trader write; SLDC users and approvers read. Any later status: read only. DISCOM, TRANSCO (and
 * Admin, who has no e-bidding route): no access. Record scope (which invitation / proposal a bidder
 * may see at all) is checked separately.
 */
export function eBiddingFormPermission(
  form: 'Invitation' | 'Proposal',
  status: EBiddingStatus | null | undefined,
  role: Role,
): FormPermission {
  if (!(EBIDDING_ROLES as readonly Role[]).includes(role)) return 'NoAccess';
  if (normaliseEBiddingStatus(status) !== 'Draft') return 'ReadOnly';
  const writers: readonly Role[] = form === 'Invitation' ? ['SLDCBusinessUser'] : EBIDDING_BIDDER_ROLES;
  return writers.includes(role) ? 'Write' : 'ReadOnly';
}

/** The action shown in an invitation list row (spec 000 §4 'Action shown in the invitation list'). */
export type InvitationListAction = 'Invite' | 'Initiated' | 'Process' | 'Result' | 'Apply' | 'View' | 'Invitation Expired' | null;

/**
 * An invitation counts as expired for an applicant when its deadline (last date of submission plus
 * the deadline time) has passed while it is Draft, None or Initiated, or when it is Expired.
 */
export function isInvitationExpired(status: EBiddingStatus, deadlinePassed: boolean): boolean {
  return status === 'Expired' || (deadlinePassed && (status === 'Draft' || status === 'None' || status === 'Initiated'));
}

export function invitationListAction(input: {
  role: Role;
  status: EBiddingStatus;
  deadlinePassed: boolean;
  /** The caller's own proposal status for this row (bidders), if any. */
  proposalStatus?: ProposalStatus | null;
}): InvitationListAction {
  const { role, deadlinePassed } = input;
  const status = input.status;
  if (role === 'SLDCBusinessUser') {
    if (status === 'Draft' || status === 'None') return 'Invite';
    if (status === 'Initiated') return 'Initiated';
    if (status === 'Submitted') return 'Process';
    return 'Result';
  }
  if (role === 'SLDCApproverI' || role === 'SLDCApproverII') {
    if (status === 'Initiated') return 'Initiated';
    return status === 'Submitted' || status === 'Completed' || status === 'Expired' ? 'Result' : null;
  }
  if ((EBIDDING_BIDDER_ROLES as readonly Role[]).includes(role)) {
    if (status === 'Submitted' || status === 'Completed') {
      // The invitation moved on: a bidder whose own proposal is still a draft after the deadline has nothing to apply to.
      if (input.proposalStatus === 'Submitted' || input.proposalStatus === 'Completed' || deadlinePassed || status === 'Completed')
        return 'View';
      return 'Apply';
    }
    if (isInvitationExpired(status, deadlinePassed)) return 'Invitation Expired';
    return 'Apply';
  }
  return null;
}
