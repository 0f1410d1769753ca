import { EBIDDING_STAFF_ROLES } from '@stoa/shared/e-bidding';
import type { Role } from '@stoa/shared/account';

import { congestedApplication, insertInvitation, insertProposal, moveDeadline } from '../../src/modules/e-bidding/e-bidding.test-fixtures';
import type { Prepare } from '../auth-matrix';
import { createUser, type TestContext } from '../build-test-app';

type U = Parameters<Prepare>[1];
const page = { pageNumber: '1', pageSize: '10' };
const isStaff = (role: Role) => (EBIDDING_STAFF_ROLES as readonly Role[]).includes(role);

/** A sent invitation the caller may see: naming an application of the caller when a bidder, of a stranger otherwise. */
async function visibleInvitation(c: TestContext, u: U, opts: Parameters<typeof insertInvitation>[3] = {}) {
  const bidder = u.role === 'OABusinessUser' || u.role === 'Trader' ? u : null;
  const app = await congestedApplication(c, bidder);
  const sldc = await createUser(c, 'SLDCBusinessUser');
  const { invitation, invited } = await insertInvitation(c, sldc.id, [{ id: app.id, appliedCenti: 1000 }], opts);
  return { app, invitation, invited: invited[0]!, sldc };
}

/** A Completed invitation with an allocated application of the caller (or of a stranger for staff). */
async function processed(c: TestContext, u: U) {
  const { app, invitation, invited, sldc } = await visibleInvitation(c, u);
  const proposal = await insertProposal(c, invitation.id, invited.id, app.id, isStaff(u.role) ? app.applicantUserId : u.id, '0.20');
  await moveDeadline(c, invitation.id, -1);
  const body = { bidInvitationId: invitation.id, applicationDetails: [{ proposalId: proposal.id, applicationId: app.id }] };
  await c.app.services.eBidding.process({ id: sldc.id, role: 'SLDCBusinessUser', familyId: null }, body, { requestId: 'matrix' });
  return { app };
}

export const prepare: Record<string, Prepare> = {
  'EBidding.Submit': () => ({ body: { isDraft: true, nameOfTransmissionSystem: 'Anand 132 kV' } }),
  'EBidding.SubmitProposal': async (c, u) => {
    const { app, invitation, invited } = await visibleInvitation(c, u);
    return {
      body: {
        applicationId: app.id,
        eBiddingInvitationId: invitation.id,
        eBiddingApplicationId: invited.id,
        quotedBidPrice: '0.25',
        place: 'Anand',
        authorizedPersonName: 'B. Bidder',
        authorizedPersonDesignation: 'Director',
        isDraft: false,
      },
    };
  },
  'EBidding.GetById': async (c, u) => ({ query: { Id: (await visibleInvitation(c, u)).invitation.id } }),
  'EBidding.GetProposalsOfInvitation': async (c, u) => ({ params: { id: (await visibleInvitation(c, u)).invitation.id } }),
  'EBidding.GetProposalById': async (c, u) => {
    const { app, invitation, invited } = await visibleInvitation(c, u);
    return { params: { invitationId: invitation.id, applicationId: app.id, id: invited.id } };
  },
  'EBidding.GetAllInvitations': () => ({ query: page }),
  'EBidding.GetInvitations': () => ({ query: page }),
  'EBidding.GetProposals': () => ({ query: page }),
  'EBidding.ProcessEBiddingRequest': async (c, u) => {
    const { app, invitation, invited } = await visibleInvitation(c, u);
    const proposal = await insertProposal(c, invitation.id, invited.id, app.id, app.applicantUserId, '0.20');
    await moveDeadline(c, invitation.id, -1);
    return { body: { bidInvitationId: invitation.id, applicationDetails: [{ proposalId: proposal.id, applicationId: app.id }] } };
  },
  'EBidding.GetCongestedApplications': () => ({
    query: {
      month: '2031-05',
      congestionFromDate: '2031-05-10',
      congestionToDate: '2031-05-10',
      congestionFromTime: '10:00',
      congestionToTime: '12:00',
    },
  }),
  'Application.GetApplicant': async (c, u) => ({ params: { applicationId: (await visibleInvitation(c, u)).app.id } }),
  'EBidding.DownloadById': async (c, u) => ({ query: { Id: (await visibleInvitation(c, u)).invitation.id } }),
  'EBidding.DownloadAllInvitations': () => ({ query: {} }),
  'EBidding.DownloadInvitations': () => ({ query: {} }),
  'EBidding.DownloadProposals': async (c, u) => ({ params: { id: (await visibleInvitation(c, u)).invitation.id } }),
  'EBidding.GetEbiddingDetails': async (c, u) => ({ params: { id: (await processed(c, u)).app.id } }),
  'Payment.GetEbiddingDetails': async (c, u) => ({ params: { id: (await processed(c, u)).app.id } }),
};
