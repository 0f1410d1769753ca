import { LOAD_CENTRE_ROLES, UTILITY_ROLES } from '../account/roles';
import { defineEndpoint, type Endpoint } from '../common/endpoint';
import { z } from 'zod';
import {
  standingClearanceApplySchema,
  standingClearanceCodeParams,
  standingClearanceDecisionSchema,
  standingClearanceDetailSchema,
  standingClearanceFeeSchema,
  standingClearanceIdParams,
  standingClearanceListQuerySchema,
  standingClearanceListSchema,
  standingClearanceVerificationSchema,
} from './standing-clearance.schemas';
import { utilisationSchema, utilisationUploadBodySchema, utilisationUploadResultSchema } from './standing-clearance-utilisation.schemas';
import {
  STANDING_CLEARANCE_APPLICANT_ROLES,
  STANDING_CLEARANCE_APPROVER_ROLES,
  STANDING_CLEARANCE_ROLES,
} from './standing-clearance.workflow';

const path = (rest: string) => `/api/StandingClearance/${rest}`;

/**
 * Standing clearances for inter-state power-exchange and bilateral transactions (issue 14, decision
 * 0060). The specification names the pages (/standing-clearance-power, /{id}) but not the calls
 * ("standing-clearance calls: not shown"): these follow its style, listed in docs/api.md.
 */
export const standingClearanceEndpoints = {
  getAll: defineEndpoint({
    id: 'StandingClearance.GetAll',
    method: 'GET',
    path: path('GetAll'),
    roles: STANDING_CLEARANCE_ROLES,
    summary:
      'Standing clearances (SLDC: all; applicant/trader: those of its entities; DISCOM/TRANSCO: those whose consent was asked of it), filtered and paged',
    query: standingClearanceListQuerySchema,
    response: standingClearanceListSchema,
  }),
  get: defineEndpoint({
    id: 'StandingClearance.Get',
    method: 'GET',
    path: path('Get/:id'),
    roles: STANDING_CLEARANCE_ROLES,
    summary: 'One standing clearance with its history and the actions the caller may take',
    params: standingClearanceIdParams,
    response: standingClearanceDetailSchema,
  }),
  getFee: defineEndpoint({
    id: 'StandingClearance.GetFee',
    method: 'GET',
    path: path('GetFee'),
    roles: STANDING_CLEARANCE_APPLICANT_ROLES,
    summary: 'The standing clearance fee in force today, with its GST line (paise)',
    response: standingClearanceFeeSchema,
  }),
  apply: defineEndpoint({
    id: 'StandingClearance.Apply',
    method: 'POST',
    path: path('Apply'),
    roles: STANDING_CLEARANCE_APPLICANT_ROLES,
    summary: 'Apply for a standing clearance (maximum MW to buy and/or sell, validity up to 11 months); raises the fee due',
    body: standingClearanceApplySchema,
    response: standingClearanceDetailSchema,
  }),
  forward: defineEndpoint({
    id: 'StandingClearance.Forward',
    method: 'POST',
    path: path('Forward/:id'),
    roles: ['SLDCBusinessUser'],
    summary: 'SLDC scrutiny done: verify and forward a submitted clearance to the approvers (fee paid)',
    params: standingClearanceIdParams,
    body: standingClearanceDecisionSchema,
    response: standingClearanceDetailSchema,
  }),
  consent: defineEndpoint({
    id: 'StandingClearance.Consent',
    method: 'POST',
    path: path('Consent/:id'),
    roles: UTILITY_ROLES,
    summary: 'DISCOM/TRANSCO consent to a verified clearance of an entity embedded in its network (where the operating rule asks for it)',
    params: standingClearanceIdParams,
    body: standingClearanceDecisionSchema,
    response: standingClearanceDetailSchema,
  }),
  refuseConsent: defineEndpoint({
    id: 'StandingClearance.RefuseConsent',
    method: 'POST',
    path: path('RefuseConsent/:id'),
    roles: UTILITY_ROLES,
    summary: 'DISCOM/TRANSCO refusal of consent with a reason: the clearance is refused',
    params: standingClearanceIdParams,
    body: standingClearanceDecisionSchema,
    response: standingClearanceDetailSchema,
  }),
  issue: defineEndpoint({
    id: 'StandingClearance.Issue',
    method: 'POST',
    path: path('Issue/:id'),
    roles: STANDING_CLEARANCE_APPROVER_ROLES,
    summary: 'Issue a verified clearance: certificate number and verification code',
    params: standingClearanceIdParams,
    body: standingClearanceDecisionSchema,
    response: standingClearanceDetailSchema,
  }),
  refuse: defineEndpoint({
    id: 'StandingClearance.Refuse',
    method: 'POST',
    path: path('Refuse/:id'),
    roles: LOAD_CENTRE_ROLES,
    summary: 'Refuse a pending clearance with a reason',
    params: standingClearanceIdParams,
    body: standingClearanceDecisionSchema,
    response: standingClearanceDetailSchema,
  }),
  revoke: defineEndpoint({
    id: 'StandingClearance.Revoke',
    method: 'POST',
    path: path('Revoke/:id'),
    roles: STANDING_CLEARANCE_APPROVER_ROLES,
    summary: 'Revoke an issued clearance with a reason (its certificate then verifies as revoked)',
    params: standingClearanceIdParams,
    body: standingClearanceDecisionSchema,
    response: standingClearanceDetailSchema,
  }),
  downloadCertificate: defineEndpoint({
    id: 'StandingClearance.Certificate',
    method: 'GET',
    path: path('Certificate/:id'),
    roles: STANDING_CLEARANCE_ROLES,
    summary: 'The certificate of an issued (or since revoked or expired) clearance as PDF, with its QR and verification code',
    params: standingClearanceIdParams,
    response: z.unknown(),
    binary: true,
  }),
  uploadUtilisation: defineEndpoint({
    id: 'StandingClearance.UploadUtilisation',
    method: 'POST',
    path: path('UploadUtilisation'),
    roles: ['SLDCBusinessUser'],
    summary:
      "Upload the power exchange's cleared volumes (CSV/Excel: Date, Certificate No, Direction, 96 blocks in MW); every row error listed, else each clearance's day and direction stored (a re-upload replaces it)",
    body: utilisationUploadBodySchema,
    response: utilisationUploadResultSchema,
  }),
  uploadNoarSchedule: defineEndpoint({
    id: 'StandingClearance.UploadNoarSchedule',
    method: 'POST',
    path: path('UploadNoarSchedule'),
    roles: ['SLDCBusinessUser'],
    summary:
      'Upload the NOAR schedule of bilateral transactions (CSV/Excel: Date, Certificate No, Direction, optional NOAR Application No, 96 blocks in MW); every row error listed, else the summed schedule of each bilateral clearance, day and direction stored',
    body: utilisationUploadBodySchema,
    response: utilisationUploadResultSchema,
  }),
  getUtilisation: defineEndpoint({
    id: 'StandingClearance.GetUtilisation',
    method: 'GET',
    path: path('GetUtilisation/:id'),
    roles: STANDING_CLEARANCE_ROLES,
    summary: 'Per day and direction the largest cleared block of a clearance against its cap, the blocks above it and a warning flag',
    params: standingClearanceIdParams,
    response: utilisationSchema,
  }),
  verify: defineEndpoint({
    id: 'StandingClearance.Verify',
    method: 'GET',
    path: path('Verify/:code'),
    roles: 'public',
    summary: 'Public check of a certificate by its verification code: valid, revoked or expired, for whom, MW and period',
    params: standingClearanceCodeParams,
    response: standingClearanceVerificationSchema,
  }),
} as const satisfies Record<string, Endpoint>;
