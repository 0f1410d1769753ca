import { z } from 'zod';

import { defineEndpoint } from '../common/endpoint';
import {
  interStateEligibleListSchema,
  interStateFileIdParams,
  interStateRegistrationActionSchema,
  interStateRegistrationDetailSchema,
  interStateRegistrationIdParams,
  interStateRegistrationListQuerySchema,
  interStateRegistrationListSchema,
  interStateRegistrationSubmitSchema,
} from './inter-state-registration.schemas';
import {
  INTER_STATE_REGISTRATION_OWNER_ROLES,
  INTER_STATE_REGISTRATION_ROLES,
  INTER_STATE_REGISTRATION_WORKFLOW,
} from './inter-state-registration.workflow';

const path = (rest: string) => `/api/InterState/${rest}`;

const action = (name: string, workflowAction: 'Forward' | 'Approve' | 'Return' | 'Reject', summary: string) =>
  defineEndpoint({
    id: `InterState.${name}`,
    method: 'POST',
    path: path(`${name}/:id`),
    roles: INTER_STATE_REGISTRATION_WORKFLOW.rolesOf(workflowAction),
    summary,
    params: interStateRegistrationIdParams,
    body: interStateRegistrationActionSchema,
    response: interStateRegistrationDetailSchema,
  });

/**
 * Inter-state registration (issue 14, decision 0076). The specification names the pages
 * (/inter-state-registration, /{utilityType}/{id}) and the downloads (InterState/DownloadRegistrationDetail,
 * DownloadRegistrationComparisons); the other calls follow the registrations' style, listed in docs/api.md.
 */
export const interStateRegistrationEndpoints = {
  getRegistrations: defineEndpoint({
    id: 'InterState.GetRegistrations',
    method: 'GET',
    path: path('GetRegistrations'),
    roles: INTER_STATE_REGISTRATION_ROLES,
    summary:
      'Inter-state registrations the caller may see (own; a trader: its applicants; DISCOM/TRANSCO: embedded in it, its zone; SLDC: all but drafts), filtered and paged',
    query: interStateRegistrationListQuerySchema,
    response: interStateRegistrationListSchema,
  }),
  getRegistration: defineEndpoint({
    id: 'InterState.GetRegistration',
    method: 'GET',
    path: path('GetRegistration/:id'),
    roles: INTER_STATE_REGISTRATION_ROLES,
    summary: 'One inter-state registration with its documents, history and the workflow actions of the caller',
    params: interStateRegistrationIdParams,
    response: interStateRegistrationDetailSchema,
  }),
  getEligibleRegistrations: defineEndpoint({
    id: 'InterState.GetEligibleRegistrations',
    method: 'GET',
    path: path('GetEligibleRegistrations'),
    roles: INTER_STATE_REGISTRATION_OWNER_ROLES,
    summary: "The caller's approved registrations that may register for inter-state, with the utilities each names",
    response: interStateEligibleListSchema,
  }),
  submitRegistration: defineEndpoint({
    id: 'InterState.SubmitRegistration',
    method: 'POST',
    path: path('SubmitRegistration'),
    roles: INTER_STATE_REGISTRATION_OWNER_ROLES,
    summary: 'Save as draft or submit an inter-state registration (new, a draft, or a returned one resubmitted)',
    body: interStateRegistrationSubmitSchema,
    response: interStateRegistrationDetailSchema,
  }),
  approveAndForward: action('ApproveAndForward', 'Forward', "SLDC 'Verify and Forward' to the embedding DISCOM/TRANSCO for consent"),
  approve: action('Approve', 'Approve', 'Consent of the embedding DISCOM/TRANSCO, or the SLDC approver’s approval (issues the number)'),
  seekClarification: action('SeekClarification', 'Return', "'Seek Clarification': return to the applicant with remarks"),
  reject: action('Reject', 'Reject', 'Reject with remarks'),
  downloadRegistrationDetail: defineEndpoint({
    id: 'InterState.DownloadRegistrationDetail',
    method: 'GET',
    path: path('DownloadRegistrationDetail/:id'),
    roles: INTER_STATE_REGISTRATION_ROLES,
    summary: 'PDF of an inter-state registration with its documents and history (those who may see it)',
    params: interStateRegistrationIdParams,
    response: z.unknown(),
    binary: true,
  }),
  downloadRegistrationComparison: defineEndpoint({
    id: 'InterState.DownloadRegistrationComparisons',
    method: 'GET',
    path: path('DownloadRegistrationComparisons/:id'),
    roles: INTER_STATE_REGISTRATION_ROLES,
    summary: 'PDF comparing the last submitted version of an inter-state registration with the one before, field by field',
    params: interStateRegistrationIdParams,
    response: z.unknown(),
    binary: true,
  }),
  downloadFile: defineEndpoint({
    id: 'InterState.DownloadFile',
    method: 'GET',
    path: path('DownloadFile/:fileId'),
    roles: INTER_STATE_REGISTRATION_ROLES,
    summary: 'A document of an inter-state registration the caller may see (404 otherwise)',
    params: interStateFileIdParams,
    response: z.unknown(),
    binary: true,
  }),
} as const;
