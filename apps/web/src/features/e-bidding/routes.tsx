import { WEB_ROUTES } from '@stoa/shared/navigation';

import { type FeatureRoute, lazyPage, pageTable } from '../../lib/lazy-page';

const page = pageTable(() => import('./pages').then((m) => m.eBiddingPages));

/** The e-bidding pages (issue 6; spec 000 §2: OA applicants, traders and the load-centre roles). */
export const eBiddingRoutes: FeatureRoute[] = [
  { route: WEB_ROUTES.eBidding, Page: lazyPage(page('EBiddingListPage')) },
  { route: WEB_ROUTES.eBiddingInvitation, Page: lazyPage(page('InvitationPage')) },
  { route: WEB_ROUTES.eBiddingApply, Page: lazyPage(page('ProposalPage')) },
  { route: WEB_ROUTES.eBiddingProcess, Page: lazyPage(page('ProcessPage')) },
  { route: WEB_ROUTES.eBiddingDetails, Page: lazyPage(page('EBiddingDetailsPage')) },
  { route: WEB_ROUTES.eBiddingRequests, Page: lazyPage(page('EBiddingRequestsPage')) },
  { route: WEB_ROUTES.eBiddingApplyInvitation, Page: lazyPage(page('InvitedApplicationsPage')) },
];
