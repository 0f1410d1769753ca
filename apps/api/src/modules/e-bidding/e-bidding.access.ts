import {
  EBIDDING_STAFF_ROLES,
  eBiddingFormPermission,
  type EBiddingStatus,
  enEBidding,
  type FormPermission,
  type ProposalStatus,
} from '@stoa/shared/e-bidding';
import type { Role } from '@stoa/shared/account';

import type { RequestUser } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { registrationsRepository, type Viewer } from '../registrations/registrations.repository';
import { openForProposals } from './e-bidding.deadline';
import { eBiddingRepository, type ProposalRecord } from './e-bidding.repository';
import { type FlaggedInvitation, invitationsRepository, type InvitedRow } from './invitations.repository';

/**
 * Who may see and do what in e-bidding (ARCHITECTURE.md §5, decision 0015). The routes check the
 * role; these check the record: SLDC staff see every invitation, a bidder (the applicant, the trader
 * who filed the application, or the owner of its trader registration) only the sent invitations
 * naming an application of theirs, and only those applications in it. Anything else is a 404.
 * Sealed bids: no SLDC user reads a quoted price before the deadline, nor a bidder's unsent draft.
 */

const E = enEBidding.errors;
const STAFF: readonly Role[] = EBIDDING_STAFF_ROLES;

export async function viewerOf(dbx: DbOrTx, actor: RequestUser): Promise<Viewer> {
  const v = await registrationsRepository.viewer(dbx, actor.id);
  if (!v) throw new AppError('UNAUTHENTICATED');
  return v;
}

export const isStaff = (v: Viewer) => STAFF.includes(v.role);

/** The invitation if the viewer may see it: staff any; a bidder a sent one naming an application of theirs. 404 otherwise. */
export async function visibleInvitation(dbx: DbOrTx, v: Viewer, id: string, opts: { lock?: boolean } = {}): Promise<FlaggedInvitation> {
  const row = await invitationsRepository.invitation(dbx, id, opts);
  if (!row) throw new AppError('NOT_FOUND', E.invitationNotFound);
  if (isStaff(v)) return row;
  if (row.inv.status === 'Draft') throw new AppError('NOT_FOUND', E.invitationNotFound);
  if ((await invitationsRepository.bidderApplicationIds(dbx, v.id, row.inv.id)).size > 0) return row;
  throw new AppError('NOT_FOUND', E.invitationNotFound);
}

/** The invited applications of an invitation the viewer may see: all for staff, a bidder's own otherwise. */
export async function visibleInvited(dbx: DbOrTx, v: Viewer, invitationId: string, invited: InvitedRow[]): Promise<InvitedRow[]> {
  if (isStaff(v)) return invited;
  const own = await invitationsRepository.bidderApplicationIds(dbx, v.id, invitationId);
  return invited.filter((r) => own.has(r.app.id));
}

/** The proposal statuses the viewer is told of: staff are not told of a bidder's unsent draft. */
export const visibleProposalStatuses = (v: Viewer): ProposalStatus[] =>
  isStaff(v) ? ['Submitted', 'Completed', 'Expired'] : ['Draft', 'Submitted', 'Completed', 'Expired'];

/** The margin the ATC uploads allow is shown to staff only (bidders see the offered margin, not the grid's data). */
export const seesAtcMargin = (v: Viewer) => isStaff(v);

/** Whether the viewer may read an application's e-bidding (applicant, details): staff, or a bidder for it. */
export async function mayReadApplication(dbx: DbOrTx, v: Viewer, applicationId: string): Promise<boolean> {
  return isStaff(v) || (await eBiddingRepository.isBidderOf(dbx, v.id, applicationId));
}

/** Sealed bids: the prices of an invitation's proposals are hidden from staff until the deadline passed. */
export const pricesSealed = (f: FlaggedInvitation) => !f.deadlinePassed;

/** Whether Form ST3 shows the quoted price: always to its bidder; to staff once unsealed and never of an unsent draft. */
export const showsQuotedPrice = (f: FlaggedInvitation, proposal: Pick<ProposalRecord, 'status'> | undefined, bidder: boolean) =>
  bidder || (!pricesSealed(f) && proposal?.status !== 'Draft');

/** Form ST3's permission: the status table's, and Write only for its bidder while the invitation takes proposals. */
export function proposalPermission(v: Viewer, f: FlaggedInvitation, status: EBiddingStatus, bidder: boolean): FormPermission {
  const permission = eBiddingFormPermission('Proposal', status, v.role);
  return permission === 'Write' && (!bidder || !openForProposals(f)) ? 'ReadOnly' : permission;
}
