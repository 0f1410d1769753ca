import { z } from 'zod';

import { APPLICANT_ROLES, LOAD_CENTRE_ROLES, type Role } from '../account/roles';
import { defineEndpoint, type Endpoint } from '../common/endpoint';
import {
  allocateProRataSchema,
  allocateQuantumParams,
  allocationPreviewSchema,
  applicationDecisionSchema,
  applicationDetailSchema,
  applicationFeeSchema,
  applicationIdParams,
  applicationListQuerySchema,
  applicationListSchema,
  applicationPartyListSchema,
  applicationRegistrationDetailSchema,
  applicationRegistrationIdParams,
  applicationsSinceParams,
  applicationSubmitSchema,
  applicationTypeIdParams,
  applicationTypeParams,
  appliedApplicationsQuerySchema,
  approveAllParams,
  approveAllResultSchema,
  openAccessDetailsSchema,
  openAccessParams,
  processApplicationsParams,
  processingDateListSchema,
  processingDatesQuerySchema,
  processingResultParams,
  processingResultSchema,
  quantumAllocationSchema,
  stoaCheckSchema,
  availableRegistrationListSchema,
  draweeEntityDetailsSchema,
  injectingEntityDetailsSchema,
  isDefaulterSchema,
  partiesForTraderQuerySchema,
  remainingQuantumQuerySchema,
  remainingQuantumSchema,
  updateTraderParams,
  userBasedTraderListSchema,
} from './applications.schemas';
import { applicationActionRoles } from './applications.workflow';

/** Who uses /applications (spec 001 §2): OA applicants, traders and the load-centre roles. */
export const APPLICATION_ROLES: readonly Role[] = [...APPLICANT_ROLES, ...LOAD_CENTRE_ROLES];

const path = (rest: string) => `/api/Application/${rest}`;

/**
 * STOA application calls of spec 001 §7 (phase 1: apply, verify, approve, parties, remaining
 * quantum) and phase 2 (StoaCheck, ProcessApplications, results and dates, ApproveAll, open access
 * details; decision 0011), the pro-rata allocations, the open access download and the changes since
 * login (decision 0012).
 */
export const applicationEndpoints = {
  submit: defineEndpoint({ id: 'Application.Submit', method: 'POST', path: path('Submit/:type'), roles: APPLICANT_ROLES, summary: 'Apply (or resubmit a returned application) for STOA of a type', params: applicationTypeParams, body: applicationSubmitSchema, response: applicationDetailSchema }),
  getAll: defineEndpoint({ id: 'Application.GetAll', method: 'GET', path: path('GetAll/:type'), roles: LOAD_CENTRE_ROLES, summary: 'SLDC list of applications of a type, filtered and paged', params: applicationTypeParams, query: applicationListQuerySchema, response: applicationListSchema }),
  getAppliedApplications: defineEndpoint({ id: 'Application.GetAppliedApplications', method: 'GET', path: path('GetAppliedApplications'), roles: APPLICANT_ROLES, summary: "The caller's applications (as applicant, or as trader), filtered and paged", query: appliedApplicationsQuerySchema, response: applicationListSchema }),
  get: defineEndpoint({ id: 'Application.Get', method: 'GET', path: path('Get/:id'), roles: APPLICATION_ROLES, summary: 'One application with its schedule, history and the caller actions', params: applicationIdParams, response: applicationDetailSchema }),
  approve: defineEndpoint({ id: 'Application.Approve', method: 'POST', path: path('Approve/:type/:id'), roles: applicationActionRoles('Forward', 'Approve'), summary: "'Accept' (SLDC verification) or approve (SLDC approvers)", params: applicationTypeIdParams, body: applicationDecisionSchema, response: applicationDetailSchema }),
  reject: defineEndpoint({ id: 'Application.Reject', method: 'POST', path: path('Reject/:type/:id'), roles: applicationActionRoles('Reject'), summary: 'Reject with remarks', params: applicationTypeIdParams, body: applicationDecisionSchema, response: applicationDetailSchema }),
  seekClarification: defineEndpoint({ id: 'Application.SeekClarification', method: 'POST', path: path('SeekClarification/:type/:id'), roles: applicationActionRoles('Return'), summary: "'Seek Clarification': return to the applicant with remarks", params: applicationTypeIdParams, body: applicationDecisionSchema, response: applicationDetailSchema }),
  approveTraderRequest: defineEndpoint({ id: 'Application.ApproveTraderRequest', method: 'POST', path: path('ApproveTraderRequest/:type/:id'), roles: ['OABusinessUser'], summary: "The applicant approves a trader's application made on its behalf", params: applicationTypeIdParams, body: applicationDecisionSchema, response: applicationDetailSchema }),
  rejectTraderRequest: defineEndpoint({ id: 'Application.RejectTraderRequest', method: 'POST', path: path('RejectTraderRequest/:type/:id'), roles: ['OABusinessUser'], summary: "The applicant rejects a trader's application made on its behalf", params: applicationTypeIdParams, body: applicationDecisionSchema, response: applicationDetailSchema }),
  updateTrader: defineEndpoint({ id: 'Application.UpdateTrader', method: 'POST', path: path('UpdateTrader/:applicationId/:traderId'), roles: ['OABusinessUser'], summary: "The applicant names or changes the trader of its application (the trader's registration id)", params: updateTraderParams, body: applicationDecisionSchema, response: applicationDetailSchema }),
  getSellers: defineEndpoint({ id: 'Application.GetSellers', method: 'GET', path: path('GetSellers'), roles: ['OABusinessUser'], summary: 'Approved registrations that can sell (injecting, or injecting and drawee)', response: applicationPartyListSchema }),
  getBuyers: defineEndpoint({ id: 'Application.GetBuyers', method: 'GET', path: path('GetBuyers'), roles: ['OABusinessUser'], summary: 'Approved registrations that can buy (drawee, or injecting and drawee)', response: applicationPartyListSchema }),
  getSellersForTrader: defineEndpoint({ id: 'Application.GetSellersForTrader', method: 'GET', path: path('GetSellersForTrader'), roles: ['Trader'], summary: 'Sellers for a trader: isOwn marks the associated applicants', query: partiesForTraderQuerySchema, response: applicationPartyListSchema }),
  getBuyersForTrader: defineEndpoint({ id: 'Application.GetBuyersForTrader', method: 'GET', path: path('GetBuyersForTrader'), roles: ['Trader'], summary: 'Buyers for a trader (entityType filter): isOwn marks the associated applicants', query: partiesForTraderQuerySchema, response: applicationPartyListSchema }),
  getUserBasedTraders: defineEndpoint({ id: 'Application.GetUserBasedTraders', method: 'GET', path: path('GetUserBasedTraders'), roles: ['OABusinessUser'], summary: "The applicant's traders with an approved registration", response: userBasedTraderListSchema }),
  getRemainingQuatumDetails: defineEndpoint({ id: 'Application.GetRemainingQuatumDetails', method: 'GET', path: path('GetRemainingQuatumDetails'), roles: APPLICATION_ROLES, summary: 'Remaining quantum of a seller and a buyer over dates and time blocks', query: remainingQuantumQuerySchema, response: remainingQuantumSchema }),
  getApplicationFee: defineEndpoint({ id: 'Application.GetApplicationFee', method: 'GET', path: path('GetApplicationFee'), roles: APPLICATION_ROLES, summary: 'Application fee in force today (paise, with GST)', response: applicationFeeSchema }),
  isDefaulter: defineEndpoint({ id: 'Application.IsDefaulter', method: 'GET', path: path('IsDefaulter'), roles: APPLICANT_ROLES, summary: 'Whether the caller is marked as a defaulter (cannot apply)', response: isDefaulterSchema }),
  getRegistrationDetail: defineEndpoint({ id: 'Application.GetRegistrationDetail', method: 'GET', path: path('GetRegistrationDetail/:id'), roles: APPLICATION_ROLES, summary: 'What an application shows of an approved registration (a party)', params: applicationRegistrationIdParams, response: applicationRegistrationDetailSchema }),
  getAvailableRegistrations: defineEndpoint({ id: 'Application.GetAvailableRegistrations', method: 'GET', path: path('GetAvailableRegistrations'), roles: APPLICANT_ROLES, summary: "Approved registrations the caller may apply for (own; a trader's associated applicants')", response: availableRegistrationListSchema }),
  getInjectingEntityDetails: defineEndpoint({ id: 'Application.GetInjectingEntityDetails', method: 'GET', path: path('GetInjectingEntityDetails/:id'), roles: APPLICATION_ROLES, summary: 'Seller-side details of an approved registration', params: applicationRegistrationIdParams, response: injectingEntityDetailsSchema }),
  getDraweeEntityDetails: defineEndpoint({ id: 'Application.GetDraweeEntityDetails', method: 'GET', path: path('GetDraweeEntityDetails/:id'), roles: APPLICATION_ROLES, summary: 'Buyer-side details of an approved registration', params: applicationRegistrationIdParams, response: draweeEntityDetailsSchema }),
  // ---- processing (phase 2; docs/api.md 'Applications: processing (issue 5, phase 2)') ----
  stoaCheck: defineEndpoint({ id: 'Application.StoaCheck', method: 'GET', path: path('StoaCheck/:id'), roles: LOAD_CENTRE_ROLES, summary: "The application's requests against the margin left on its path, per day and block", params: applicationIdParams, response: stoaCheckSchema }),
  processApplications: defineEndpoint({ id: 'Application.ProcessApplications', method: 'POST', path: path('ProcessApplications/:type/:date'), roles: ['SLDCBusinessUser'], summary: 'Process the batch of a type and date against the margin (one run per type and date)', params: processApplicationsParams, response: processingResultSchema }),
  getApplicationProcessingResult: defineEndpoint({ id: 'Application.GetApplicationProcessingResult', method: 'GET', path: path('GetApplicationProcessingResult/:type/:processingDate'), roles: LOAD_CENTRE_ROLES, summary: 'The run of a type and date with the outcome of each application', params: processingResultParams, response: processingResultSchema }),
  getApplicationProcessingDates: defineEndpoint({ id: 'Application.GetApplicationProcessingDates', method: 'GET', path: path('GetApplicationProcessingDates'), roles: LOAD_CENTRE_ROLES, summary: 'The processing runs, newest date first', query: processingDatesQuerySchema, response: processingDateListSchema }),
  approveAll: defineEndpoint({ id: 'Application.ApproveAll', method: 'POST', path: path('ApproveAll/:type/:processingDate/:month'), roles: ['SLDCApproverI', 'SLDCApproverII'], summary: "Approve every application of a run (and month) at the caller's approval level", params: approveAllParams, response: approveAllResultSchema }),
  // ---- decision 0012: pro-rata allocations, download, changes since login ----
  allocateProRata: defineEndpoint({ id: 'Application.AllocateProRata', method: 'POST', path: path('AllocateProRata'), roles: LOAD_CENTRE_ROLES, summary: 'Dry run: the pro-rata shares of the batch ProcessApplications would take, against the margin left now (nothing saved)', body: allocateProRataSchema, response: allocationPreviewSchema }),
  allocateQuantumProRataBasis: defineEndpoint({ id: 'Application.AllocateQuantumProRataBasis', method: 'POST', path: path('AllocateQuantumProRataBasis/:processingDate/:type'), roles: ['SLDCBusinessUser'], summary: "Share the margin left now pro-rata among a run's applications still short of their request (a congested Advance run: all of them)", params: allocateQuantumParams, response: quantumAllocationSchema }),
  downloadOpenAccessDetails: defineEndpoint({ id: 'Application.DownloadOpenAccessDetails', method: 'GET', path: path('DownloadOpenAccessDetails/:applicationId'), roles: APPLICATION_ROLES, summary: 'Requested and granted MW per day and block of an application as an Excel workbook', params: openAccessParams, response: z.unknown(), binary: true }),
  getApplications: defineEndpoint({ id: 'Application.GetApplications', method: 'GET', path: path('GetApplications/:type/:loggedInDateTime'), roles: APPLICATION_ROLES, summary: "The caller's applications of a type changed since the login time, latest change first", params: applicationsSinceParams, response: applicationListSchema }),
  getOpenAccessDetails: defineEndpoint({ id: 'Application.GetOpenAccessDetails', method: 'GET', path: path('GetOpenAccessDetails/:applicationId'), roles: APPLICATION_ROLES, summary: 'Requested and granted MW per day and block of an application', params: openAccessParams, response: openAccessDetailsSchema }),
} as const satisfies Record<string, Endpoint>;
