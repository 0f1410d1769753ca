/**
 * The e-bidding pages (issue 6; spec 000 §2: OA applicants, traders and the load-centre roles), each
 * its own chunk, reached through this one module like the other feature pages.
 */
export const eBiddingPageLoaders = {
  eBidding: () => import('../features/e-bidding/components/e-bidding-list-page').then((module) => ({ default: module.EBiddingListPage })),
  eBiddingInvitation: () => import('../features/e-bidding/components/invitation-page').then((module) => ({ default: module.InvitationPage })),
  eBiddingApply: () => import('../features/e-bidding/components/proposal-page').then((module) => ({ default: module.ProposalPage })),
  eBiddingProcess: () => import('../features/e-bidding/components/process-page').then((module) => ({ default: module.ProcessPage })),
  eBiddingDetails: () => import('../features/e-bidding/components/details-page').then((module) => ({ default: module.EBiddingDetailsPage })),
};
