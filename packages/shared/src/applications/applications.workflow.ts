import type { Role } from '../account/roles';
import type { AllocationOutcome } from './allocation';

/**
 * The STOA application workflow of DOMAIN.md §3 as data (ARCHITECTURE.md §6). The API enforces it in
 * one place (applications.service) and the web derives its buttons from it. Status values and
 * filter labels are the specification's (spec 001 §3, §4).
 */

/** Application types as they appear in the URL `{type}` (DOMAIN.md §3). */
export const APPLICATION_TYPES = ['Advance', 'DayAhead', 'FCFS', 'ContingencyDayAhead', 'ContingencySameDay'] as const;
export type ApplicationType = (typeof APPLICATION_TYPES)[number];

/** Application modes (spec 001 §3). Phase 1 applications are intra-state. */
export const APPLICATION_MODES = ['IntraState', 'InterState'] as const;
export type ApplicationMode = (typeof APPLICATION_MODES)[number];

/** The type's code in the application number `STOA/{code}/{yyyy}/{000123}`. */
export const APPLICATION_TYPE_CODES: Record<ApplicationType, string> = {
  Advance: 'AD',
  DayAhead: 'DA',
  FCFS: 'FC',
  ContingencyDayAhead: 'CD',
  ContingencySameDay: 'CS',
};

export const APPLICATION_STATUSES = [
  'PendingApplicantApproval',
  'Submitted',
  'Returned',
  'Rejected',
  'PendingSTOAApproval',
  'STOAApproved',
  'SLDCApproverIApproved',
  'Approved',
  'PartiallyApproved',
  'NoSTOARejected',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** Filter labels of spec 001 §4 (SLDCApproverIApproved takes the specification's registration label). */
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  PendingApplicantApproval: 'Pending Applicant approval',
  Submitted: 'Pending SLDC verification',
  Returned: 'More clarification required',
  Rejected: 'Rejected',
  PendingSTOAApproval: 'Pending STOA check',
  STOAApproved: 'Pending SLDC approval',
  SLDCApproverIApproved: 'Pending SLDC approval',
  Approved: 'Approved',
  PartiallyApproved: 'Partially Approved (As per Margin Availability)',
  NoSTOARejected: 'Rejected (No Margin)',
};

/**
 * Every status shown with the same label as `status` (APPLICATION_STATUS_LABELS), in workflow
 * order: a filter entry by label covers them all ('Pending SLDC approval' = STOAApproved and
 * SLDCApproverIApproved); a status with a label of its own gives just itself.
 */
export function statusesLabelledAs(status: ApplicationStatus): ApplicationStatus[] {
  return APPLICATION_STATUSES.filter((s) => APPLICATION_STATUS_LABELS[s] === APPLICATION_STATUS_LABELS[status]);
}

/**
 * Statuses whose granted quantum is taken from a seller's or buyer's registered quantum
 * ("already approved", DOMAIN.md §3 remaining quantum): processed and not refused.
 */
export const QUANTUM_HOLDING_STATUSES = [
  'STOAApproved',
  'SLDCApproverIApproved',
  'Approved',
  'PartiallyApproved',
] as const satisfies readonly ApplicationStatus[];

/** Statuses the SLDC lists do not show: the applicant has not yet approved the trader's request. */
export const NOT_YET_SUBMITTED_STATUSES = ['PendingApplicantApproval'] as const satisfies readonly ApplicationStatus[];

/**
 * Actions (spec 001 §2 workflow actions): Submit (the applicant's or trader's Write completing),
 * Forward ('Accept'), Approve, Return ('Seek Clarification'), Reject; Process is the STOA check of
 * phase 2 (allocation against the margin).
 */
export const APPLICATION_ACTIONS = ['Submit', 'Forward', 'Approve', 'Return', 'Reject', 'Process'] as const;
export type ApplicationAction = (typeof APPLICATION_ACTIONS)[number];

/**
 * Who acts: a load-centre role, or a party of the application — `Applicant` is the OA applicant the
 * application is for, `ApplicationTrader` the trader who filed it or whom the applicant named.
 */
export type ApplicationActor = Role | 'Applicant' | 'ApplicationTrader';

export interface ApplicationTransition {
  from: ApplicationStatus;
  action: ApplicationAction;
  actor: ApplicationActor;
  to: ApplicationStatus;
  /** Only when the allocation had this outcome (processing and the final approval). */
  when?: AllocationOutcome;
}

const review = (from: ApplicationStatus, actor: Role): ApplicationTransition[] => [
  { from, action: 'Return', actor, to: 'Returned' },
  { from, action: 'Reject', actor, to: 'Rejected' },
];

export const APPLICATION_TRANSITIONS: readonly ApplicationTransition[] = [
  // A trader's request: the applicant approves (ApproveTraderRequest) or rejects (RejectTraderRequest).
  { from: 'PendingApplicantApproval', action: 'Approve', actor: 'Applicant', to: 'Submitted' },
  { from: 'PendingApplicantApproval', action: 'Reject', actor: 'Applicant', to: 'Rejected' },
  // Resubmission after 'More clarification required'; a trader's resubmission goes to the applicant again.
  { from: 'Returned', action: 'Submit', actor: 'Applicant', to: 'Submitted' },
  { from: 'Returned', action: 'Submit', actor: 'ApplicationTrader', to: 'PendingApplicantApproval' },
  // SLDC verification: Accept, Seek Clarification, Reject.
  { from: 'Submitted', action: 'Forward', actor: 'SLDCBusinessUser', to: 'PendingSTOAApproval' },
  ...review('Submitted', 'SLDCBusinessUser'),
  // STOA check (phase 2: allocation against the margin).
  { from: 'PendingSTOAApproval', action: 'Process', actor: 'SLDCBusinessUser', when: 'Approved', to: 'STOAApproved' },
  { from: 'PendingSTOAApproval', action: 'Process', actor: 'SLDCBusinessUser', when: 'PartiallyApproved', to: 'STOAApproved' },
  { from: 'PendingSTOAApproval', action: 'Process', actor: 'SLDCBusinessUser', when: 'NoSTOARejected', to: 'NoSTOARejected' },
  // Approvers: I, then II decides Approved or PartiallyApproved from the granted quantum.
  { from: 'STOAApproved', action: 'Approve', actor: 'SLDCApproverI', to: 'SLDCApproverIApproved' },
  ...review('STOAApproved', 'SLDCApproverI'),
  { from: 'SLDCApproverIApproved', action: 'Approve', actor: 'SLDCApproverII', when: 'Approved', to: 'Approved' },
  { from: 'SLDCApproverIApproved', action: 'Approve', actor: 'SLDCApproverII', when: 'PartiallyApproved', to: 'PartiallyApproved' },
  ...review('SLDCApproverIApproved', 'SLDCApproverII'),
];

/** The status a new application starts in: the applicant's own goes to the SLDC, a trader's to the applicant. */
export function initialApplicationStatus(actor: 'Applicant' | 'ApplicationTrader'): ApplicationStatus {
  return actor === 'Applicant' ? 'Submitted' : 'PendingApplicantApproval';
}

/**
 * The transition `actor` may take with `action` on an application in `status`, or undefined. Where
 * the result depends on the allocation (`when`), pass the outcome; without it, the first such
 * transition is returned (enough to know the action is allowed).
 */
export function findApplicationTransition(
  status: ApplicationStatus,
  action: ApplicationAction,
  actor: ApplicationActor,
  outcome?: AllocationOutcome,
): ApplicationTransition | undefined {
  return APPLICATION_TRANSITIONS.find(
    (t) =>
      t.from === status &&
      t.action === action &&
      t.actor === actor &&
      (outcome === undefined || t.when === undefined || t.when === outcome),
  );
}

/** The actions a viewer may take now (Process is the SLDC's batch run, not a button of one application). */
export function availableApplicationActions(status: ApplicationStatus, actors: readonly ApplicationActor[]): ApplicationAction[] {
  return APPLICATION_ACTIONS.filter((a) => a !== 'Process' && actors.some((actor) => findApplicationTransition(status, a, actor)));
}

/** Write when the viewer may (re)submit the application, ReadOnly otherwise. */
export function applicationFormMode(status: ApplicationStatus, actors: readonly ApplicationActor[]): 'Write' | 'ReadOnly' {
  return actors.some((a) => findApplicationTransition(status, 'Submit', a)) ? 'Write' : 'ReadOnly';
}

/** The roles that take `action` in some status (routes admit them; the service checks the status). */
export function applicationActionRoles(...actions: ApplicationAction[]): Role[] {
  const roles = APPLICATION_TRANSITIONS.filter(
    (t) => actions.includes(t.action) && t.actor !== 'Applicant' && t.actor !== 'ApplicationTrader',
  ).map((t) => t.actor as Role);
  return [...new Set(roles)];
}

/** The roles or parties that act next on an application in `status` (whom to notify). */
export function nextApplicationActors(status: ApplicationStatus): ApplicationActor[] {
  return [...new Set(APPLICATION_TRANSITIONS.filter((t) => t.from === status).map((t) => t.actor))];
}

/** The applicant may name or change the trader of its application until the SLDC accepts it. */
export const TRADER_UPDATABLE_STATUSES = ['Submitted', 'Returned'] as const satisfies readonly ApplicationStatus[];
