import { LOAD_CENTRE_ROLES, type Role } from '../account/roles';

/**
 * Consent (concurrence) of the SLDC for inter-state STOA transactions (issue 14, decision 0068): an
 * applicant or its trader saves a draft and submits it; the SLDC business user checks it against the
 * inter-state ATC margin of the entity's connection point and the entity's dues and forwards it
 * (optionally proposing reduced MW) or refuses it; an SLDC approver consents in full, consents for less
 * (per-block reduced MW) or refuses. Not decided within the configured working days
 * (`interStateConsentWorkingDays`), a submitted or verified request is deemed consented by a job.
 */
export const INTER_STATE_CONSENT_DIRECTIONS = ['Sale', 'Purchase'] as const;
export type InterStateConsentDirection = (typeof INTER_STATE_CONSENT_DIRECTIONS)[number];

export const INTER_STATE_CONSENT_STATUSES = [
  'Draft',
  'Submitted',
  'Verified',
  'Consented',
  'PartiallyConsented',
  'Refused',
  'Revoked',
] as const;
export type InterStateConsentStatus = (typeof INTER_STATE_CONSENT_STATUSES)[number];

/** Waiting on the SLDC: the deemed-consent job acts on these once the working days have run out. */
export const INTER_STATE_CONSENT_PENDING_STATUSES = ['Submitted', 'Verified'] as const satisfies readonly InterStateConsentStatus[];

export const INTER_STATE_CONSENT_ACTIONS = ['Forward', 'Consent', 'Refuse', 'Revoke'] as const;
export type InterStateConsentAction = (typeof INTER_STATE_CONSENT_ACTIONS)[number];
/** The decisions on a pending application (Revoke has its own call and body, decision 0077). */
export type InterStateConsentDecisionAction = Exclude<InterStateConsentAction, 'Revoke'>;

/** A consent in force: these may be revoked (until the period's last day) and their certificate verifies. */
export const INTER_STATE_CONSENT_GRANTED_STATUSES = [
  'Consented',
  'PartiallyConsented',
] as const satisfies readonly InterStateConsentStatus[];

/**
 * What the list, the detail and the filter show (decision 0088): the stored statuses and Expired, a
 * consent in force whose period's last day (IST) has passed. Expiry is computed, never stored (decision 0077).
 */
export const INTER_STATE_CONSENT_DISPLAY_STATUSES = [...INTER_STATE_CONSENT_STATUSES, 'Expired'] as const;
export type InterStateConsentDisplayStatus = (typeof INTER_STATE_CONSENT_DISPLAY_STATUSES)[number];

/** A consent in force (Consented, PartiallyConsented) whose period ended before `today` (IST dates) reads Expired. */
export function consentDisplayStatusOf(status: InterStateConsentStatus, toDate: string, today: string): InterStateConsentDisplayStatus {
  return (INTER_STATE_CONSENT_GRANTED_STATUSES as readonly string[]).includes(status) && toDate < today ? 'Expired' : status;
}

export const INTER_STATE_CONSENT_APPLICANT_ROLES = ['OABusinessUser', 'Trader'] as const satisfies readonly Role[];
export const INTER_STATE_CONSENT_APPROVER_ROLES = ['SLDCApproverI', 'SLDCApproverII'] as const satisfies readonly Role[];
/** Spec 001 §2: /consent-for-inter-state-stoa-transactions is for OABusinessUser, Trader and the three SLDC roles. */
export const INTER_STATE_CONSENT_ROLES: readonly Role[] = [...INTER_STATE_CONSENT_APPLICANT_ROLES, ...LOAD_CENTRE_ROLES];

export interface InterStateConsentTransition {
  from: InterStateConsentStatus;
  action: InterStateConsentAction;
  roles: readonly Role[];
}

/**
 * Consent leads to Consented or PartiallyConsented (what was granted decides); Forward to Verified; Refuse to
 * Refused; Revoke (an approver, with a reason, while the period has not ended; decision 0077) to Revoked.
 */
export const INTER_STATE_CONSENT_TRANSITIONS: readonly InterStateConsentTransition[] = [
  { from: 'Submitted', action: 'Forward', roles: ['SLDCBusinessUser'] },
  { from: 'Submitted', action: 'Refuse', roles: ['SLDCBusinessUser'] },
  { from: 'Verified', action: 'Consent', roles: INTER_STATE_CONSENT_APPROVER_ROLES },
  { from: 'Verified', action: 'Refuse', roles: INTER_STATE_CONSENT_APPROVER_ROLES },
  { from: 'Consented', action: 'Revoke', roles: INTER_STATE_CONSENT_APPROVER_ROLES },
  { from: 'PartiallyConsented', action: 'Revoke', roles: INTER_STATE_CONSENT_APPROVER_ROLES },
];

export function findInterStateConsentTransition(from: InterStateConsentStatus, action: InterStateConsentAction, role: Role) {
  return INTER_STATE_CONSENT_TRANSITIONS.find((t) => t.from === from && t.action === action && t.roles.includes(role));
}

export function interStateConsentActionsFor(status: InterStateConsentStatus, role: Role): InterStateConsentAction[] {
  return INTER_STATE_CONSENT_TRANSITIONS.filter((t) => t.from === status && t.roles.includes(role)).map((t) => t.action);
}
