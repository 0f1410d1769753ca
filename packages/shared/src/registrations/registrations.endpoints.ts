import { z } from 'zod';

import { ALL, ENTITY_TYPES, type EntityType, LOAD_CENTRE_ROLES, NON_ADMIN_ROLES, type Role, UTILITY_ROLES } from '../account/roles';
import { defineEndpoint, type Endpoint } from '../common/endpoint';
import {
  chargeListSchema,
  editTraderDetailsSchema,
  feeQuoteSchema,
  fileValidationListSchema,
  mandatoryCheckListSchema,
  registrationActionParams,
  registrationActionSchema,
  registrationDetailSchema,
  registrationIdParams,
  registrationListQuerySchema,
  registrationListSchema,
  registrationRenewSchema,
  registrationSubmitSchema,
  utilityListSchema,
} from './registrations.schemas';
import { REGISTRATION_WORKFLOW, type WorkflowAction } from './registrations.workflow';

/** Roles that act on registrations after submission (spec 001 §2 Registration Requests). */
export const REGISTRATION_REVIEWERS: readonly Role[] = [...LOAD_CENTRE_ROLES, ...UTILITY_ROLES];
/** Who owns (submits and renews) a registration of each entity type. */
export function registrationOwnerRoles(entityType: EntityType): Role[] {
  return entityType === 'Trader' ? ['Trader'] : ['OABusinessUser'];
}

type PerEntity<E> = Record<EntityType, E>;
function perEntity<E>(make: (t: EntityType) => E): PerEntity<E> {
  return Object.fromEntries(ENTITY_TYPES.map((t) => [t, make(t)])) as PerEntity<E>;
}

/** GET Registration/Get{EntityType}Registrations?{q}: the caller's scope (own, own utility, or all for the SLDC). */
export const getEntityRegistrationsEndpoints = perEntity((t) =>
  defineEndpoint({
    id: `Registration.Get${t}Registrations`,
    method: 'GET',
    path: `/api/Registration/Get${t}Registrations`,
    roles: NON_ADMIN_ROLES,
    summary: `${t} registrations the caller may see, paged and filtered`,
    query: registrationListQuerySchema,
    response: registrationListSchema,
  }),
);
/** GET Registration/Get{EntityType}Registration/{id}. */
export const getEntityRegistrationEndpoints = perEntity((t) =>
  defineEndpoint({
    id: `Registration.Get${t}Registration`,
    method: 'GET',
    path: `/api/Registration/Get${t}Registration/:id`,
    roles: NON_ADMIN_ROLES,
    summary: `One ${t} registration with its workflow actions for the caller`,
    params: registrationIdParams,
    response: registrationDetailSchema,
  }),
);
/** POST Registration/Submit{EntityType}Registration (new, draft save, or resubmission after a return). */
export const submitEntityRegistrationEndpoints = perEntity((t) =>
  defineEndpoint({
    id: `Registration.Submit${t}Registration`,
    method: 'POST',
    path: `/api/Registration/Submit${t}Registration`,
    roles: registrationOwnerRoles(t),
    summary: `Submit (or save as draft) a ${t} registration`,
    body: registrationSubmitSchema,
    response: registrationDetailSchema,
  }),
);
/** POST Registration/Renew{EntityType}Registration. */
export const renewEntityRegistrationEndpoints = perEntity((t) =>
  defineEndpoint({
    id: `Registration.Renew${t}Registration`,
    method: 'POST',
    path: `/api/Registration/Renew${t}Registration`,
    roles: registrationOwnerRoles(t),
    summary: `Renew an Approved or Expired ${t} registration`,
    body: registrationRenewSchema,
    response: registrationDetailSchema,
  }),
);

/** The roles that take a workflow action in some status (the route admits them; the API checks the status). */
export function workflowActionRoles(workflowAction: WorkflowAction): Role[] {
  return REGISTRATION_WORKFLOW.rolesOf(workflowAction);
}

const action = (name: string, workflowAction: WorkflowAction, summary: string) =>
  defineEndpoint({
    id: `Registration.${name}`,
    method: 'POST',
    path: `/api/Registration/${name}/:id/:type`,
    roles: workflowActionRoles(workflowAction),
    summary,
    params: registrationActionParams,
    body: registrationActionSchema,
    response: registrationDetailSchema,
  });

export const registrationEndpoints = {
  getRegistrations: defineEndpoint({
    id: 'Registration.GetRegistrations',
    method: 'GET',
    path: '/api/Registration/GetRegistrations',
    roles: NON_ADMIN_ROLES,
    summary: 'Registrations of every entity type in the caller scope (requests for reviewers)',
    query: registrationListQuerySchema,
    response: registrationListSchema,
  }),
  getTranscoDiscomRegistrations: defineEndpoint({
    id: 'Registration.GetTranscoDiscomRegistrations',
    method: 'GET',
    path: '/api/Registration/GetTranscoDiscomRegistrations',
    roles: UTILITY_ROLES,
    summary: 'Registrations of the caller utility and zone',
    query: registrationListQuerySchema,
    response: registrationListSchema,
  }),
  getRenewalRegistrations: defineEndpoint({
    id: 'Registration.GetRenewalRegistrations',
    method: 'GET',
    path: '/api/Registration/GetRenewalRegistrations',
    roles: NON_ADMIN_ROLES,
    summary: 'Renewals in the caller scope; for an owner also the registrations it may renew',
    query: registrationListQuerySchema,
    response: registrationListSchema,
  }),
  approveAndForward: action('ApproveAndForward', 'Forward', "'Verify and Forward' (SLDC verification, STOA availability check)"),
  approve: action('Approve', 'Approve', 'Approve (DISCOM/TRANSCO consent, SLDC Approver I and II)'),
  reject: action('Reject', 'Reject', 'Reject with remarks'),
  seekClarification: action('SeekClarification', 'Return', "'Seek Clarification': return to the applicant with remarks"),
  editTraderDetails: defineEndpoint({
    id: 'Registration.EditTraderDetails',
    method: 'PATCH',
    path: '/api/Registration/EditTraderDetails/:id',
    roles: ['Trader'],
    summary: "'Edit Trader Details' of an approved Trader registration",
    params: registrationIdParams,
    body: editTraderDetailsSchema,
    response: registrationDetailSchema,
  }),
  getFileValidationDetails: defineEndpoint({
    id: 'Registration.GetFileValidationDetails',
    method: 'GET',
    path: '/api/Registration/GetFileValidationDetails/:id/:type',
    roles: NON_ADMIN_ROLES,
    summary: 'Documents of a registration with validity and the SLDC verdict',
    params: registrationActionParams,
    response: fileValidationListSchema,
  }),
  getMandatoryCheckDetails: defineEndpoint({
    id: 'Registration.GetMandatoryCheckDetails',
    method: 'GET',
    path: '/api/Registration/GetMandatoryCheckDetails/:id',
    roles: REGISTRATION_REVIEWERS,
    summary: 'Eligibility and document checks of a registration',
    params: registrationIdParams,
    response: mandatoryCheckListSchema,
  }),
  getTranscos: defineEndpoint({
    id: 'Registration.GetTranscos',
    method: 'GET',
    path: '/api/Registration/GetTranscos',
    roles: ALL,
    summary: 'TRANSCO utilities',
    response: utilityListSchema,
  }),
  getDiscoms: defineEndpoint({
    id: 'Registration.GetDiscoms',
    method: 'GET',
    path: '/api/Registration/GetDiscoms',
    roles: ALL,
    summary: 'DISCOM utilities',
    response: utilityListSchema,
  }),
  getTranscosDiscoms: defineEndpoint({
    id: 'Registration.GetTranscomsDISCOMs',
    method: 'GET',
    path: '/api/Registration/GetTranscomsDISCOMs',
    roles: ALL,
    summary: 'TRANSCO and DISCOM utilities',
    response: utilityListSchema,
  }),
  getRegistrationFee: defineEndpoint({
    id: 'Registration.GetRegistrationFee',
    method: 'GET',
    path: '/api/Registration/GetRegistrationFee',
    roles: ALL,
    summary: 'Registration fee in force today (paise, with GST)',
    response: feeQuoteSchema,
  }),
  getRenewalFee: defineEndpoint({
    id: 'Registration.GetRenewalFee',
    method: 'GET',
    path: '/api/Registration/GetRenewalFee',
    roles: ALL,
    summary: 'Renewal fee in force today (paise, with GST)',
    response: feeQuoteSchema,
  }),
  getCharges: defineEndpoint({
    id: 'Registration.GetCharges',
    method: 'GET',
    path: '/api/Registration/GetCharges',
    roles: ALL,
    summary: 'Fees and charges in force today',
    response: chargeListSchema,
  }),
  downloadRegistrationDetail: defineEndpoint({
    id: 'Registration.DownloadRegistrationDetail',
    method: 'GET',
    path: '/api/Registration/DownloadRegistrationDetail/:id',
    roles: LOAD_CENTRE_ROLES,
    summary: 'PDF of a registration with its history',
    params: registrationIdParams,
    response: z.unknown(),
    binary: true,
  }),
  downloadRegistrationComparison: defineEndpoint({
    id: 'Registration.DownloadRegistrationComparison',
    method: 'GET',
    path: '/api/Registration/DownloadRegistrationComparisons/:id',
    roles: LOAD_CENTRE_ROLES,
    summary: 'PDF comparing a renewal with the previous version, field by field',
    params: registrationIdParams,
    response: z.unknown(),
    binary: true,
  }),
} as const;

/** Every registration endpoint, for registration in ALL_ENDPOINTS. */
export const allRegistrationEndpoints: Record<string, Endpoint> = {
  ...Object.fromEntries(
    ENTITY_TYPES.flatMap((t) => [
      [`get${t}Registrations`, getEntityRegistrationsEndpoints[t]],
      [`get${t}Registration`, getEntityRegistrationEndpoints[t]],
      [`submit${t}Registration`, submitEntityRegistrationEndpoints[t]],
      [`renew${t}Registration`, renewEntityRegistrationEndpoints[t]],
    ]),
  ),
  ...registrationEndpoints,
};
