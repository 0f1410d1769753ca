import type { Role } from '../account/roles';
import {
  INTER_STATE_CONSENT_STATUSES,
  INTER_STATE_CONSENT_TRANSITIONS,
  type InterStateConsentStatus,
} from '../inter-state/inter-state-consent.workflow';
import {
  INTER_STATE_REGISTRATION_OWNER_ROLES,
  INTER_STATE_REGISTRATION_STATUSES,
  INTER_STATE_REGISTRATION_TRANSITIONS,
  type InterStateRegistrationStatus,
} from '../inter-state/inter-state-registration.workflow';

/**
 * The inter-state consents whose next step forward is the role's (decision 0084, as 0079 for standing
 * clearances): the SLDC business user forwards (Submitted), an approver consents (Verified). Refusing or
 * revoking is possible from more statuses but is not work that waits.
 */
export const INTER_STATE_CONSENT_FORWARD_ACTIONS = ['Forward', 'Consent'] as const;
export function interStateConsentStatusesWaitingOn(role: Role): InterStateConsentStatus[] {
  const from = new Set(
    INTER_STATE_CONSENT_TRANSITIONS.filter(
      (t) => (INTER_STATE_CONSENT_FORWARD_ACTIONS as readonly string[]).includes(t.action) && t.roles.includes(role),
    ).map((t) => t.from),
  );
  return INTER_STATE_CONSENT_STATUSES.filter((s) => from.has(s));
}

/**
 * The inter-state registrations whose next step forward is the role's (decision 0084): the owner submits
 * (a draft or one returned for clarification), the SLDC business user forwards, the embedding utility
 * approves (consents), an approver approves. Return and Reject are not work that waits.
 */
export const INTER_STATE_REGISTRATION_FORWARD_ACTIONS = ['Submit', 'Forward', 'Approve'] as const;
export function interStateRegistrationStatusesWaitingOn(role: Role): InterStateRegistrationStatus[] {
  const actor = (INTER_STATE_REGISTRATION_OWNER_ROLES as readonly Role[]).includes(role) ? 'Owner' : role;
  const from = new Set(
    INTER_STATE_REGISTRATION_TRANSITIONS.filter(
      (t) => (INTER_STATE_REGISTRATION_FORWARD_ACTIONS as readonly string[]).includes(t.action) && t.actor === actor,
    ).map((t) => t.from),
  );
  return INTER_STATE_REGISTRATION_STATUSES.filter((s) => from.has(s));
}
