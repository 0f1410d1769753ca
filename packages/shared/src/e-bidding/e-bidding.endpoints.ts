import { z } from 'zod';

import { defineEndpoint, type Endpoint } from '../common/endpoint';
import {
  applicantParams,
  congestedApplicationListSchema,
  congestedApplicationsQuerySchema,
  eBiddingApplicantSchema,
  eBiddingDetailsParams,
  eBiddingDetailsSchema,
  invitationDetailSchema,
  invitationIdParams,
  invitationIdQuery,
  invitationListQuerySchema,
  invitationListSchema,
  invitationProposalsSchema,
  invitationSubmitSchema,
  processingPayloadSchema,
  proposalByIdParams,
  proposalDetailSchema,
  proposalListSchema,
  proposalSubmitSchema,
} from './e-bidding.schemas';
import { EBIDDING_BIDDER_ROLES, EBIDDING_ROLES, EBIDDING_STAFF_ROLES } from './e-bidding.workflow';

const path = (rest: string) => `/api/EBidding/${rest}`;

/**
 * The e-bidding calls of spec 000 §7 (issue 6; docs/api.md 'E-bidding (issue 6)', decision 0015).
 * Paths are matched case-insensitively, so the spec's `Ebidding/…` spellings reach the same routes.
 */
export const eBiddingEndpoints = {
  submit: defineEndpoint({ id: 'EBidding.Submit', method: 'POST', path: path('Submit'), roles: ['SLDCBusinessUser'], summary: 'Form ST2: save (isDraft true) or send (isDraft false) an e-bidding invitation', body: invitationSubmitSchema, response: invitationDetailSchema }),
  submitProposal: defineEndpoint({ id: 'EBidding.SubmitProposal', method: 'POST', path: path('SubmitProposal'), roles: EBIDDING_BIDDER_ROLES, summary: 'Form ST3: save (isDraft true) or submit (isDraft false) a sealed bid proposal before the deadline', body: proposalSubmitSchema, response: proposalDetailSchema }),
  getById: defineEndpoint({ id: 'EBidding.GetById', method: 'GET', path: path('GetById'), roles: EBIDDING_ROLES, summary: 'One invitation with its affected applications and the caller form permission', query: invitationIdQuery, response: invitationDetailSchema }),
  getProposalsOfInvitation: defineEndpoint({ id: 'EBidding.GetProposalsOfInvitation', method: 'GET', path: path('GetProposals/:id'), roles: EBIDDING_STAFF_ROLES, summary: 'Process page: congestion details and the submitted proposals (prices sealed until the deadline)', params: invitationIdParams, response: invitationProposalsSchema }),
  getProposalById: defineEndpoint({ id: 'EBidding.GetProposalById', method: 'GET', path: path('GetProposalById/:invitationId/:applicationId/:id'), roles: EBIDDING_ROLES, summary: 'Form ST3 data of an invited application (id: the proposal or the e-bidding application)', params: proposalByIdParams, response: proposalDetailSchema }),
  getAllInvitations: defineEndpoint({ id: 'EBidding.GetAllInvitations', method: 'GET', path: path('GetAllInvitations'), roles: EBIDDING_STAFF_ROLES, summary: 'Every invitation, filtered and paged (load-centre staff)', query: invitationListQuerySchema, response: invitationListSchema }),
  getInvitations: defineEndpoint({ id: 'EBidding.GetInvitations', method: 'GET', path: path('GetInvitations'), roles: EBIDDING_BIDDER_ROLES, summary: "The caller's invitations: one row per invited application of theirs, filtered and paged", query: invitationListQuerySchema, response: invitationListSchema }),
  getProposals: defineEndpoint({ id: 'EBidding.GetProposals', method: 'GET', path: path('GetProposals'), roles: EBIDDING_BIDDER_ROLES, summary: "The caller's bid proposals, filtered and paged", query: invitationListQuerySchema, response: proposalListSchema }),
  processEBiddingRequest: defineEndpoint({ id: 'EBidding.ProcessEBiddingRequest', method: 'POST', path: path('ProcessEBiddingRequest'), roles: ['SLDCBusinessUser'], summary: 'Allocate the margin among the submitted proposals (allocateBids), grant the quantum, raise the dues and complete the invitation', body: processingPayloadSchema, response: invitationProposalsSchema }),
  getCongestedApplications: defineEndpoint({ id: 'EBidding.GetCongestedApplications', method: 'GET', path: path('GetCongestedApplications'), roles: EBIDDING_STAFF_ROLES, summary: 'Applications an invitation may name: congested Advance applications pending STOA check (at most 500)', query: congestedApplicationsQuerySchema, response: congestedApplicationListSchema }),
  getApplicant: defineEndpoint({ id: 'Application.GetApplicant', method: 'GET', path: '/api/Application/GetApplicant/:applicationId', roles: EBIDDING_ROLES, summary: 'Applicant details of an application for e-bidding (Form ST3, Congested Applications)', params: applicantParams, response: eBiddingApplicantSchema }),
  downloadById: defineEndpoint({ id: 'EBidding.DownloadById', method: 'GET', path: path('DownloadById'), roles: EBIDDING_ROLES, summary: 'PDF of an invitation (Form ST2)', query: invitationIdQuery, response: z.unknown(), binary: true }),
  downloadAllInvitations: defineEndpoint({ id: 'EBidding.DownloadAllInvitations', method: 'GET', path: path('DownloadAllInvitations'), roles: EBIDDING_STAFF_ROLES, summary: 'Excel of every invitation matching the filters', query: invitationListQuerySchema.omit({ pageNumber: true, pageSize: true }), response: z.unknown(), binary: true }),
  downloadInvitations: defineEndpoint({ id: 'EBidding.DownloadInvitations', method: 'GET', path: path('DownloadInvitations'), roles: EBIDDING_BIDDER_ROLES, summary: "Excel of the caller's invitations matching the filters", query: invitationListQuerySchema.omit({ pageNumber: true, pageSize: true }), response: z.unknown(), binary: true }),
  downloadProposals: defineEndpoint({ id: 'EBidding.DownloadProposals', method: 'GET', path: path('DownloadProposals/:id'), roles: EBIDDING_STAFF_ROLES, summary: 'Excel of the proposals of an invitation (prices sealed until the deadline)', params: invitationIdParams, response: z.unknown(), binary: true }),
  getEbiddingDetails: defineEndpoint({ id: 'EBidding.GetEbiddingDetails', method: 'GET', path: path('GetEbiddingDetails/:id'), roles: EBIDDING_ROLES, summary: 'E-bidding details of an application (id): per schedule row applied/approved MW and MWh, prices and totals', params: eBiddingDetailsParams, response: eBiddingDetailsSchema }),
  paymentGetEbiddingDetails: defineEndpoint({ id: 'Payment.GetEbiddingDetails', method: 'GET', path: '/api/Payment/GetEbiddingDetails/:id', roles: EBIDDING_ROLES, summary: 'E-bidding details of an application (id) for the payment page', params: eBiddingDetailsParams, response: eBiddingDetailsSchema }),
} as const satisfies Record<string, Endpoint>;
