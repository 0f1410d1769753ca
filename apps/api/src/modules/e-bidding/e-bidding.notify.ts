import { WEB_LINKS } from '@stoa/shared/navigation';

import type { Tx } from '../../platform/db/client';
import type { EBiddingDeps } from './e-bidding.deps';
import { eBiddingRepository } from './e-bidding.repository';

/** Tells the bidders of each application (applicant, who filed it, trader registration owner), once each, in the transaction. */
export async function tellBidders(
  deps: Pick<EBiddingDeps, 'notifications'>,
  tx: Tx,
  applicationIds: string[],
  message: (applicationId: string) => string,
  link: (applicationId: string) => string = () => WEB_LINKS.eBidding(),
): Promise<void> {
  const bidders = await eBiddingRepository.biddersOf(tx, applicationIds);
  for (const id of applicationIds) {
    const userIds = bidders.get(id) ?? [];
    if (userIds.length > 0) await deps.notifications.notify(tx, { userIds, message: message(id), link: link(id) });
  }
}
