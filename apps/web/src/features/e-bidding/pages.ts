/** The e-bidding pages, each its own chunk, loaded through this module on first use (decision 0030). */
export const eBiddingPages = {
  EBiddingListPage: () => import('./components/e-bidding-list-page').then((m) => m.EBiddingListPage),
  InvitationPage: () => import('./components/invitation-page').then((m) => m.InvitationPage),
  ProposalPage: () => import('./components/proposal-page').then((m) => m.ProposalPage),
  ProcessPage: () => import('./components/process-page').then((m) => m.ProcessPage),
  EBiddingDetailsPage: () => import('./components/details-page').then((m) => m.EBiddingDetailsPage),
  EBiddingRequestsPage: () => import('./components/e-bidding-list-page').then((m) => m.EBiddingRequestsPage),
  InvitedApplicationsPage: () => import('./components/invited-applications-page').then((m) => m.InvitedApplicationsPage),
};
