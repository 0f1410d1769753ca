import {
  type BidAllocation,
  type BidProposal,
  enEBidding,
  type InvitationListQuery,
  type InvitationProposals,
  isBelowFloorPrice,
  type ProposalDetail,
  type ProposalSubmit,
} from '@stoa/shared/e-bidding';

import type { RequestUser } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import type { RequestMeta } from '../account/account.service';
import { isStaff, pricesSealed, proposalPermission, showsQuotedPrice, viewerOf, visibleInvitation } from './e-bidding.access';
import { allocate } from './e-bidding.allocation';
import { assertProposalAccepted, processable } from './e-bidding.deadline';
import type { EBiddingDeps } from './e-bidding.deps';
import { invitationProposalRow, invitationProposalsOf, ownProposalRow, proposalDetailOf, proposalStatusOf } from './e-bidding.mapper';
import { eBiddingRepository as repo } from './e-bidding.repository';
import { type FlaggedInvitation, invitationsRepository as invitations } from './invitations.repository';
import { proposalsRepository as proposals } from './proposals.repository';

/** Form ST3, the bid proposals: save and submit, one proposal, the bidder's own list, an invitation's proposals (staff). */

const E = enEBidding.errors;
const V = enEBidding.validation;

/** The quoted price is never below the invitation's floor price (DOMAIN.md §4; the rule is shared with the form). */
function assertNotBelowFloor(f: FlaggedInvitation, quotedTt: number): void {
  if (isBelowFloorPrice(quotedTt, f.inv.floorPriceTt)) throw AppError.field('VALIDATION_FAILED', 'quotedBidPrice', V.belowFloorPrice);
}

export async function submitProposal(
  deps: EBiddingDeps,
  actor: RequestUser,
  body: ProposalSubmit,
  meta: RequestMeta,
): Promise<ProposalDetail> {
  const { db, clock, audit } = deps;
  const v = await viewerOf(db, actor);
  await inTransaction(db, async (tx) => {
    // The invitation row lock orders every proposal, the processing and the jobs of one invitation.
    const f = await invitations.invitation(tx, body.eBiddingInvitationId, { lock: true });
    if (!f || f.inv.status === 'Draft') throw new AppError('NOT_FOUND', E.invitationNotFound);
    const invited = await invitations.invitedApplication(tx, f.inv.id, body.eBiddingApplicationId, body.applicationId);
    if (!invited || !(await repo.isBidderOf(tx, v.id, body.applicationId))) throw new AppError('NOT_FOUND', E.notInvited);
    // The deadline rule (e-bidding.deadline.ts), on the database clock of this transaction.
    assertProposalAccepted(f, invited);
    const existing = await proposals.proposalOfInvited(tx, invited.id);
    if (existing && existing.status !== 'Draft') throw new AppError('CONFLICT', E.proposalLocked);
    const quoted = body.quotedBidPrice; // ten-thousandths of a rupee per kWh, read by the schema
    assertNotBelowFloor(f, quoted);
    const submitted = !body.isDraft;
    const row = await proposals.saveUnlessSent(
      tx,
      { invitationId: f.inv.id, eBiddingApplicationId: invited.id, applicationId: invited.applicationId, createdBy: v.id },
      {
        status: submitted ? 'Submitted' : 'Draft',
        quotedPriceTt: quoted,
        place: body.place ?? null,
        authorizedPersonName: body.authorizedPersonName ?? null,
        authorizedPersonDesignation: body.authorizedPersonDesignation ?? null,
        submittedBy: submitted ? v.id : null,
      },
    );
    if (!row) throw new AppError('CONFLICT', E.proposalLocked);
    if (submitted && f.inv.status === 'Initiated') await invitations.markSubmitted(tx, f.inv.id, f.inv.version + 1, clock.now());
    // The audit row does not carry the sealed price (the proposal row keeps it, unchangeable once submitted).
    await audit.record(tx, {
      actor: { id: v.id, role: v.role },
      action: submitted ? 'EBIDDING_PROPOSAL_SUBMITTED' : 'EBIDDING_PROPOSAL_SAVED',
      entity: 'EBiddingProposal',
      entityId: row.id,
      before: existing ? { status: existing.status } : null,
      after: { status: row.status, invitationId: f.inv.id, applicationId: row.applicationId },
      requestId: meta.requestId,
    });
  });
  return proposalById(deps, actor, body.eBiddingInvitationId, body.applicationId, body.eBiddingApplicationId);
}

/** Form ST3 of an invited application; `id` is the proposal's or (before any proposal) the invited application's. */
export async function proposalById(
  deps: EBiddingDeps,
  actor: RequestUser,
  invitationId: string,
  applicationId: string,
  id: string,
): Promise<ProposalDetail> {
  const { db } = deps;
  const v = await viewerOf(db, actor);
  const f = await invitations.invitation(db, invitationId);
  if (!f || (f.inv.status === 'Draft' && !isStaff(v))) throw new AppError('NOT_FOUND', E.proposalNotFound);
  const invited = (await invitations.invited(db, [f.inv.id])).find((r) => r.app.id === applicationId);
  if (!invited) throw new AppError('NOT_FOUND', E.proposalNotFound);
  const proposal = await proposals.proposalOfInvited(db, invited.ea.id);
  if (id !== invited.ea.id && id !== proposal?.id) throw new AppError('NOT_FOUND', E.proposalNotFound);
  const bidder = !isStaff(v) && (await repo.isBidderOf(db, v.id, applicationId));
  if (!isStaff(v) && !bidder) throw new AppError('NOT_FOUND', E.proposalNotFound);
  const status = proposalStatusOf(invited.ea, proposal);
  return proposalDetailOf(f, invited, proposal, status, {
    showPrice: showsQuotedPrice(f, proposal, bidder),
    permission: proposalPermission(v, f, status, bidder),
  });
}

/** The bidder's own proposals. */
export async function listOwnProposals(
  deps: EBiddingDeps,
  actor: RequestUser,
  q: InvitationListQuery,
): Promise<{ dataCount: number; proposalList: BidProposal[] }> {
  const v = await viewerOf(deps.db, actor);
  const { rows, total } = await proposals.listOwnProposals(deps.db, v.id, q);
  return { dataCount: total, proposalList: rows.map(ownProposalRow) };
}

/** An invitation's proposals (staff): sealed before the deadline; after it, the preview of the allocation until processed. */
export async function proposalsView(dbx: DbOrTx, f: FlaggedInvitation): Promise<InvitationProposals> {
  const { inv } = f;
  const [invitedRows, totals, submitted] = await Promise.all([
    invitations.invited(dbx, [inv.id]),
    invitations.appliedTotals(dbx, [inv.id]),
    proposals.proposalsOf(dbx, inv.id, ['Submitted', 'Completed']),
  ]);
  const invited = new Map(invitedRows.map((r) => [r.ea.id, r]));
  const sealed = pricesSealed(f);
  let preview = new Map<string, BidAllocation>();
  if (!sealed && inv.status === 'Submitted' && inv.availableMarginCenti !== null) {
    preview = new Map(allocate(inv.availableMarginCenti, submitted, invited).map((r) => [r.applicationId, r]));
  }
  const proposalList = submitted.map((p) =>
    invitationProposalRow(inv, invited.get(p.eBiddingApplicationId)!, p, sealed, preview.get(p.eBiddingApplicationId)),
  );
  return invitationProposalsOf(f, totals.get(inv.id) ?? 0, proposalList, { sealed, canProcess: processable(f) && submitted.length > 0 });
}

export async function invitationProposals(deps: EBiddingDeps, actor: RequestUser, id: string): Promise<InvitationProposals> {
  const v = await viewerOf(deps.db, actor);
  return proposalsView(deps.db, await visibleInvitation(deps.db, v, id));
}
