import { LOAD_CENTRE_ROLES, NON_ADMIN_ROLES, type Role, UTILITY_TYPES, type UtilityType } from '../account/roles';
import { enInterStateRegistration } from '../messages/en.inter-state-registration';
import { defineWorkflow, type WorkflowTransition } from '../registrations/workflow-engine';

/**
 * Inter-state registration (issue 14, decision 0076): an entity with an approved SLDC registration
 * records its inter-state participation (NOAR registration, region, the utility it is embedded in,
 * metering and energy-accounting confirmation, documents). The same workflow-as-data engine as the
 * intra-state registrations (registrations/workflow-engine.ts); the kind of a record is the utility
 * type it is embedded in, which decides whose consent the SLDC's forward asks for:
 *
 * Draft → Submitted ('Pending SLDC verification') → SLDC business user: Verify and Forward →
 * PendingDISCOMApproval or PendingTRANSCOApproval → the utility's user (its zone): Approve (deemed after
 * the configured working days) → PendingSLDCApproval → SLDC Approver I or II: Approve → Approved (number
 * issued). Each reviewer may Seek Clarification (→ …Returned, the owner edits and resubmits) or Reject.
 */
export const INTER_STATE_REGISTRATION_STATUSES = [
  'Draft',
  'Submitted',
  'PendingDISCOMApproval',
  'PendingTRANSCOApproval',
  'PendingSLDCApproval',
  'Approved',
  'SLDCReturned',
  'DISCOMReturned',
  'TRANSCOReturned',
  'Returned',
  'SLDCRejected',
  'DISCOMRejected',
  'TRANSCORejected',
  'Rejected',
] as const;
export type InterStateRegistrationStatus = (typeof INTER_STATE_REGISTRATION_STATUSES)[number];

export const INTER_STATE_REGISTRATION_STATUS_LABELS: Record<InterStateRegistrationStatus, string> = enInterStateRegistration.statusLabels;

/** The owner edits and resubmits from these. */
export const INTER_STATE_REGISTRATION_RETURNED_STATUSES = [
  'SLDCReturned',
  'DISCOMReturned',
  'TRANSCOReturned',
  'Returned',
] as const satisfies readonly InterStateRegistrationStatus[];
/** Terminal refusals: the entity may register again. */
export const INTER_STATE_REGISTRATION_REJECTED_STATUSES = [
  'SLDCRejected',
  'DISCOMRejected',
  'TRANSCORejected',
  'Rejected',
] as const satisfies readonly InterStateRegistrationStatus[];
/** Waiting on the embedding utility's consent: deemed after the configured working days (consentWorkingDays). */
export const INTER_STATE_REGISTRATION_CONSENT_STATUSES = [
  'PendingDISCOMApproval',
  'PendingTRANSCOApproval',
] as const satisfies readonly InterStateRegistrationStatus[];

/** Spec 001 §2: /inter-state-registration and /{utilityType}/{id} are for the seven non-admin roles. */
export const INTER_STATE_REGISTRATION_ROLES: readonly Role[] = NON_ADMIN_ROLES;
/** Who registers its entity (its own approved registration). */
export const INTER_STATE_REGISTRATION_OWNER_ROLES = ['OABusinessUser'] as const satisfies readonly Role[];
export { UTILITY_TYPES as INTER_STATE_UTILITY_TYPES };

export interface InterStateRegistrationTransition extends WorkflowTransition<InterStateRegistrationStatus> {
  /** Only for records embedded in these utility types (absent = all). */
  utilityTypes?: readonly UtilityType[];
}

const review = (
  from: InterStateRegistrationStatus,
  actor: Role,
  returned: InterStateRegistrationStatus,
  rejected: InterStateRegistrationStatus,
): InterStateRegistrationTransition[] => [
  { from, action: 'Return', actor, to: returned },
  { from, action: 'Reject', actor, to: rejected },
];

export const INTER_STATE_REGISTRATION_TRANSITIONS: readonly InterStateRegistrationTransition[] = [
  ...(['Draft', ...INTER_STATE_REGISTRATION_RETURNED_STATUSES] as InterStateRegistrationStatus[]).map(
    (from): InterStateRegistrationTransition => ({ from, action: 'Submit', actor: 'Owner', to: 'Submitted' }),
  ),
  { from: 'Submitted', action: 'Forward', actor: 'SLDCBusinessUser', utilityTypes: ['DISCOM'], to: 'PendingDISCOMApproval' },
  { from: 'Submitted', action: 'Forward', actor: 'SLDCBusinessUser', utilityTypes: ['TRANSCO'], to: 'PendingTRANSCOApproval' },
  ...review('Submitted', 'SLDCBusinessUser', 'SLDCReturned', 'SLDCRejected'),
  { from: 'PendingDISCOMApproval', action: 'Approve', actor: 'DISCOMBusinessUser', to: 'PendingSLDCApproval', deemable: true },
  ...review('PendingDISCOMApproval', 'DISCOMBusinessUser', 'DISCOMReturned', 'DISCOMRejected'),
  { from: 'PendingTRANSCOApproval', action: 'Approve', actor: 'TRANSCOBusinessUser', to: 'PendingSLDCApproval', deemable: true },
  ...review('PendingTRANSCOApproval', 'TRANSCOBusinessUser', 'TRANSCOReturned', 'TRANSCORejected'),
  ...(['SLDCApproverI', 'SLDCApproverII'] as const).flatMap((actor): InterStateRegistrationTransition[] => [
    { from: 'PendingSLDCApproval', action: 'Approve', actor, to: 'Approved' },
    ...review('PendingSLDCApproval', actor, 'Returned', 'Rejected'),
  ]),
];

/** The inter-state registration workflow on the shared engine: the kind of a record is the utility type it is embedded in. */
export const INTER_STATE_REGISTRATION_WORKFLOW = defineWorkflow<
  InterStateRegistrationStatus,
  UtilityType,
  InterStateRegistrationTransition
>(INTER_STATE_REGISTRATION_TRANSITIONS, (t) => t.utilityTypes);

/** Who reads every inter-state registration past Draft. */
export const INTER_STATE_REGISTRATION_STAFF: readonly Role[] = LOAD_CENTRE_ROLES;

export const isInterStateUtilityType = (x: string | undefined): x is UtilityType => (UTILITY_TYPES as readonly string[]).includes(x ?? '');
