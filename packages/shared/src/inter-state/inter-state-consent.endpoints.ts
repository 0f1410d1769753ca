import { z } from 'zod';

import { LOAD_CENTRE_ROLES } from '../account/roles';
import { defineEndpoint, type Endpoint } from '../common/endpoint';
import {
  interStateConsentApplySchema,
  interStateConsentDecisionSchema,
  interStateConsentDetailSchema,
  interStateConsentIdParams,
  interStateConsentListQuerySchema,
  interStateConsentListSchema,
  interStateConsentRevokeSchema,
  interStateConsentVerificationSchema,
} from './inter-state-consent.schemas';
import { standingClearanceCodeParams } from './standing-clearance.schemas';
import {
  INTER_STATE_CONSENT_APPLICANT_ROLES,
  INTER_STATE_CONSENT_APPROVER_ROLES,
  INTER_STATE_CONSENT_ROLES,
} from './inter-state-consent.workflow';

const path = (rest: string) => `/api/InterStateConsent/${rest}`;

/**
 * Consent for inter-state STOA transactions (issue 14, decision 0068). The specification names the
 * pages (/consent-for-inter-state-stoa-transactions, /apply/{id?}) but not the calls: these follow the
 * StandingClearance calls' style, listed in docs/api.md.
 */
export const interStateConsentEndpoints = {
  getAll: defineEndpoint({
    id: 'InterStateConsent.GetAll',
    method: 'GET',
    path: path('GetAll'),
    roles: INTER_STATE_CONSENT_ROLES,
    summary: 'Consent applications (SLDC: all but drafts; applicant/trader: those of its entities), filtered and paged',
    query: interStateConsentListQuerySchema,
    response: interStateConsentListSchema,
  }),
  get: defineEndpoint({
    id: 'InterStateConsent.Get',
    method: 'GET',
    path: path('Get/:id'),
    roles: INTER_STATE_CONSENT_ROLES,
    summary: 'One consent application with its schedule, the margin and dues check, what was consented, history and actions',
    params: interStateConsentIdParams,
    response: interStateConsentDetailSchema,
  }),
  apply: defineEndpoint({
    id: 'InterStateConsent.Apply',
    method: 'POST',
    path: path('Apply'),
    roles: INTER_STATE_CONSENT_APPLICANT_ROLES,
    summary: 'Save a consent application as a draft or submit it (new, or the caller’s draft with id and version)',
    body: interStateConsentApplySchema,
    response: interStateConsentDetailSchema,
  }),
  forward: defineEndpoint({
    id: 'InterStateConsent.Forward',
    method: 'POST',
    path: path('Forward/:id'),
    roles: ['SLDCBusinessUser'],
    summary: 'SLDC scrutiny done (margin and dues checked): forward to the approvers, optionally proposing reduced MW',
    params: interStateConsentIdParams,
    body: interStateConsentDecisionSchema,
    response: interStateConsentDetailSchema,
  }),
  consent: defineEndpoint({
    id: 'InterStateConsent.Consent',
    method: 'POST',
    path: path('Consent/:id'),
    roles: INTER_STATE_CONSENT_APPROVER_ROLES,
    summary: 'Consent in full, or for less with per-block reduced MW (never above the request or the margin left); consumes the margin',
    params: interStateConsentIdParams,
    body: interStateConsentDecisionSchema,
    response: interStateConsentDetailSchema,
  }),
  refuse: defineEndpoint({
    id: 'InterStateConsent.Refuse',
    method: 'POST',
    path: path('Refuse/:id'),
    roles: LOAD_CENTRE_ROLES,
    summary: 'Refuse a pending consent application with a reason',
    params: interStateConsentIdParams,
    body: interStateConsentDecisionSchema,
    response: interStateConsentDetailSchema,
  }),
  revoke: defineEndpoint({
    id: 'InterStateConsent.Revoke',
    method: 'POST',
    path: path('Revoke/:id'),
    roles: INTER_STATE_CONSENT_APPROVER_ROLES,
    summary: 'Revoke a consent with a reason while its period has not ended (decision 0077); its certificate then verifies as revoked',
    params: interStateConsentIdParams,
    body: interStateConsentRevokeSchema,
    response: interStateConsentDetailSchema,
  }),
  downloadCertificate: defineEndpoint({
    id: 'InterStateConsent.Certificate',
    method: 'GET',
    path: path('Certificate/:id'),
    roles: INTER_STATE_CONSENT_ROLES,
    summary: 'The consent certificate of a consented (or deemed) application as PDF, with its QR and verification code',
    params: interStateConsentIdParams,
    response: z.unknown(),
    binary: true,
  }),
  verify: defineEndpoint({
    id: 'InterStateConsent.Verify',
    method: 'GET',
    path: path('Verify/:code'),
    roles: 'public',
    summary: 'Public check of a consent certificate by its verification code: consented, deemed, revoked or expired, for whom, the period',
    params: standingClearanceCodeParams,
    response: interStateConsentVerificationSchema,
  }),
} as const satisfies Record<string, Endpoint>;
