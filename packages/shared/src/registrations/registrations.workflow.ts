import type { EntityType, Role } from '../account/roles';
import { type Actor, defineWorkflow, type WorkflowAction } from './workflow-engine';

/**
 * The registration workflow of DOMAIN.md §2 as data (ARCHITECTURE §6). The API enforces it in one
 * place (registrations.service `act`) and the web derives its buttons and read-only state from it.
 * Status values and filter labels are the specification's (spec 001 §4).
 */
export const REGISTRATION_STATUSES = [
  'Draft',
  'Submitted',
  'Approved',
  'Rejected',
  'Returned',
  'Expired',
  'Renewed',
  'PendingTRANSCOApproval',
  'PendingDISCOMApproval',
  'PendingSTOACheck',
  'SLDCRejected',
  'SLDCReturned',
  'TRANSCORejected',
  'TRANSCOReturned',
  'DISCOMRejected',
  'DISCOMReturned',
  'STOAApproved',
  'STOARejected',
  'STOAReturned',
  'SLDCApproverIApproved',
] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** Filter labels of spec 001 §4; the other statuses show their own name. */
export const REGISTRATION_STATUS_LABELS: Record<RegistrationStatus, string> = {
  Draft: 'Draft',
  Submitted: 'Pending SLDC verification',
  Approved: 'Approved',
  Rejected: 'Rejected',
  Returned: 'Returned',
  Expired: 'Expired',
  Renewed: 'Renewed',
  PendingTRANSCOApproval: 'Pending TRANSCO approval',
  PendingDISCOMApproval: 'Pending DISCOM approval',
  PendingSTOACheck: 'Pending STOA availibility check',
  SLDCRejected: 'SLDCRejected',
  SLDCReturned: 'SLDCReturned',
  TRANSCORejected: 'TRANSCORejected',
  TRANSCOReturned: 'TRANSCOReturned',
  DISCOMRejected: 'DISCOMRejected',
  DISCOMReturned: 'DISCOMReturned',
  STOAApproved: 'STOAApproved',
  STOARejected: 'STOARejected',
  STOAReturned: 'STOAReturned',
  SLDCApproverIApproved: 'Pending SLDC approval',
};

/** Statuses from which the applicant edits and resubmits. */
export const RETURNED_STATUSES = [
  'SLDCReturned',
  'DISCOMReturned',
  'TRANSCOReturned',
  'STOAReturned',
  'Returned',
] as const satisfies readonly RegistrationStatus[];
/** Terminal refusals: the applicant may start a new registration. */
export const REJECTED_STATUSES = [
  'SLDCRejected',
  'DISCOMRejected',
  'TRANSCORejected',
  'STOARejected',
  'Rejected',
] as const satisfies readonly RegistrationStatus[];
/** Renew is offered only for these (spec 001 §2). */
export const RENEWABLE_STATUSES = ['Approved', 'Expired'] as const satisfies readonly RegistrationStatus[];
/** Statuses that wait on a DISCOM/TRANSCO user and become deemed consent after the configured working days. */
export const CONSENT_STATUSES = ['PendingDISCOMApproval', 'PendingTRANSCOApproval'] as const satisfies readonly RegistrationStatus[];

export { type Actor, WORKFLOW_ACTION_LABELS, WORKFLOW_ACTIONS, type WorkflowAction } from './workflow-engine';

export interface Transition {
  from: RegistrationStatus;
  action: WorkflowAction;
  actor: Actor;
  /** Only for these entity types (absent = all). */
  entityTypes?: readonly EntityType[];
  to: RegistrationStatus;
  /** Taken by the system when a DISCOM/TRANSCO user did not act in time. */
  deemable?: boolean;
}

const DRAWEE: EntityType[] = ['DraweeEntity'];
const INJECTING: EntityType[] = ['InjectingEntity'];
const BOTH: EntityType[] = ['BothEntity'];
const TRADER: EntityType[] = ['Trader'];

function reviewStep(from: RegistrationStatus, actor: Role, prefix: 'SLDC' | 'DISCOM' | 'TRANSCO' | 'STOA'): Transition[] {
  return [
    { from, action: 'Return', actor, to: `${prefix}Returned` as RegistrationStatus },
    { from, action: 'Reject', actor, to: `${prefix}Rejected` as RegistrationStatus },
  ];
}

export const REGISTRATION_TRANSITIONS: readonly Transition[] = [
  // The applicant submits a draft or resubmits a returned record.
  ...(['Draft', ...RETURNED_STATUSES] as RegistrationStatus[]).map((from): Transition => ({
    from,
    action: 'Submit',
    actor: 'Owner',
    to: 'Submitted',
  })),
  // SLDC business user verifies and forwards to the entity's DISCOM / TRANSCO (a trader goes straight to the STOA check).
  { from: 'Submitted', action: 'Forward', actor: 'SLDCBusinessUser', entityTypes: [...DRAWEE, ...BOTH], to: 'PendingDISCOMApproval' },
  { from: 'Submitted', action: 'Forward', actor: 'SLDCBusinessUser', entityTypes: INJECTING, to: 'PendingTRANSCOApproval' },
  { from: 'Submitted', action: 'Forward', actor: 'SLDCBusinessUser', entityTypes: TRADER, to: 'PendingSTOACheck' },
  ...reviewStep('Submitted', 'SLDCBusinessUser', 'SLDC'),
  // DISCOM consent (drawee and both), then TRANSCO for both.
  {
    from: 'PendingDISCOMApproval',
    action: 'Approve',
    actor: 'DISCOMBusinessUser',
    entityTypes: BOTH,
    to: 'PendingTRANSCOApproval',
    deemable: true,
  },
  {
    from: 'PendingDISCOMApproval',
    action: 'Approve',
    actor: 'DISCOMBusinessUser',
    entityTypes: DRAWEE,
    to: 'PendingSTOACheck',
    deemable: true,
  },
  ...reviewStep('PendingDISCOMApproval', 'DISCOMBusinessUser', 'DISCOM'),
  // TRANSCO consent (injecting and both).
  {
    from: 'PendingTRANSCOApproval',
    action: 'Approve',
    actor: 'TRANSCOBusinessUser',
    entityTypes: [...INJECTING, ...BOTH],
    to: 'PendingSTOACheck',
    deemable: true,
  },
  ...reviewStep('PendingTRANSCOApproval', 'TRANSCOBusinessUser', 'TRANSCO'),
  // SLDC business user checks STOA availability.
  { from: 'PendingSTOACheck', action: 'Forward', actor: 'SLDCBusinessUser', to: 'STOAApproved' },
  ...reviewStep('PendingSTOACheck', 'SLDCBusinessUser', 'STOA'),
  // Approver I, then Approver II issues the number and validity.
  { from: 'STOAApproved', action: 'Approve', actor: 'SLDCApproverI', to: 'SLDCApproverIApproved' },
  { from: 'STOAApproved', action: 'Return', actor: 'SLDCApproverI', to: 'Returned' },
  { from: 'STOAApproved', action: 'Reject', actor: 'SLDCApproverI', to: 'Rejected' },
  { from: 'SLDCApproverIApproved', action: 'Approve', actor: 'SLDCApproverII', to: 'Approved' },
  { from: 'SLDCApproverIApproved', action: 'Return', actor: 'SLDCApproverII', to: 'Returned' },
  { from: 'SLDCApproverIApproved', action: 'Reject', actor: 'SLDCApproverII', to: 'Rejected' },
];

export interface WorkflowSubject {
  status: RegistrationStatus;
  entityType: EntityType;
}

/** The registration workflow on the shared engine (workflow-engine.ts): the kind of a record is its entity type. */
export const REGISTRATION_WORKFLOW = defineWorkflow<RegistrationStatus, EntityType, Transition>(
  REGISTRATION_TRANSITIONS,
  (t) => t.entityTypes,
);
const kindOf = (subject: WorkflowSubject) => ({ status: subject.status, kind: subject.entityType });

/** The transition `actor` may take with `action` on the record, or undefined when none exists. */
export function findTransition(subject: WorkflowSubject, action: WorkflowAction, actor: Actor): Transition | undefined {
  return REGISTRATION_WORKFLOW.find(kindOf(subject), action, actor);
}

/** The actions available to a viewer: the owner acts as 'Owner', everyone else by role. */
export function availableActions(subject: WorkflowSubject, actor: Actor): WorkflowAction[] {
  return REGISTRATION_WORKFLOW.available(kindOf(subject), actor);
}

/**
 * Form mode for a viewer (spec 001 §2 workflow actions): Write when the owner may submit,
 * ReadOnly otherwise. Reviewers never edit the applicant's data.
 */
export function formMode(subject: WorkflowSubject, actor: Actor): 'Write' | 'ReadOnly' {
  return REGISTRATION_WORKFLOW.formMode(kindOf(subject), actor);
}

/** The transition the system takes for deemed consent in a consent status (DISCOM/TRANSCO did not act). */
export function deemedTransition(subject: WorkflowSubject): Transition | undefined {
  return REGISTRATION_WORKFLOW.deemed(kindOf(subject));
}

/** Renew is offered only when the status is Expired or Approved (spec 001 §2). */
export function canRenew(status: RegistrationStatus): boolean {
  return (RENEWABLE_STATUSES as readonly string[]).includes(status);
}

/**
 * 'Edit Trader Details' (spec 001 §2, workflow action Edit): the owner of an approved Trader
 * registration may update the fields of the trader step (licence, validity) without a new
 * approval round; the change is audited and the SLDC is notified.
 */
export function canEditTraderDetails(subject: WorkflowSubject, actor: Actor): boolean {
  return actor === 'Owner' && subject.entityType === 'Trader' && subject.status === 'Approved';
}
