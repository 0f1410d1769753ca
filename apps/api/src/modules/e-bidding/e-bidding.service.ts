import type { EBiddingDeps } from './e-bidding.deps';
import { applicant, details } from './e-bidding.details';
import { processInvitation, runClose, runReminders } from './e-bidding.processing';
import {
  congestedApplications,
  invitation,
  invitationForDownload,
  invitationRowsForDownload,
  listInvitations,
  submitInvitation,
} from './invitations';
import { invitationProposals, listOwnProposals, proposalById, submitProposal } from './proposals';

export type { EBiddingDeps } from './e-bidding.deps';

/**
 * E-bidding (DOMAIN.md §4, spec 000 §7, decisions 0015, 0016, 0024): the use cases bound to their
 * dependencies for the routes and the jobs. A table of contents, no logic — each use case is a
 * module-level function in the file named after what it does:
 *
 * - `invitations.ts`            Form ST2: save/send, detail, lists and downloads, candidate applications
 * - `proposals.ts`              Form ST3: save/submit, one proposal, own proposals, an invitation's proposals
 * - `e-bidding.processing.ts`   processing (allocation, grants, price dues), closing at the deadline, reminders
 * - `e-bidding.details.ts`      an application's applicant and e-bidding details (payments)
 * - `e-bidding.deadline.ts`     the deadline rule, wherever it is enforced
 * - `e-bidding.access.ts`       who may see and do what (viewer, staff, bidders, sealed bids)
 * - `e-bidding.margin.ts`       the margin the ATC uploads allow
 * - `e-bidding.allocation.ts`   the bid allocation over the submitted proposals
 * - `e-bidding.grants.ts`       what e-bidding writes into the applications (granted quantum, status)
 * - `e-bidding.mapper.ts`       rows → the shared DTOs
 * - `e-bidding.notify.ts`       telling the bidders
 * - `*.repository.ts`           every query (e-bidding, invitations, proposals)
 */
export function createEBiddingService(deps: EBiddingDeps) {
  const bind =
    <A extends unknown[], R>(useCase: (deps: EBiddingDeps, ...args: A) => R) =>
    (...args: A): R =>
      useCase(deps, ...args);
  return {
    submitInvitation: bind(submitInvitation),
    invitation: bind(invitation),
    listInvitations: bind(listInvitations),
    invitationRowsForDownload: bind(invitationRowsForDownload),
    /** For the PDF: the detail as the caller sees it. */
    forDownload: bind(invitationForDownload),
    submitProposal: bind(submitProposal),
    proposalById: bind(proposalById),
    listOwnProposals: bind(listOwnProposals),
    invitationProposals: bind(invitationProposals),
    process: bind(processInvitation),
    applicant: bind(applicant),
    congestedApplications: bind(congestedApplications),
    details: bind(details),
    runClose: bind(runClose),
    runReminders: bind(runReminders),
  };
}
export type EBiddingService = ReturnType<typeof createEBiddingService>;
