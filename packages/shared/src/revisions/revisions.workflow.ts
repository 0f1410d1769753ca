import type { Role } from '../account/roles';

/**
 * The schedule revision workflow (DOMAIN.md §3, decision 0013) as data: the applicant (or the
 * application's trader) requests a downward revision; the SLDC business user approves it (the new
 * granted values apply from the effective block, a new schedule version) or rejects it with remarks.
 */
export const REVISION_STATUSES = ['Requested', 'Approved', 'Rejected'] as const;
export type RevisionStatus = (typeof REVISION_STATUSES)[number];

/**
 * What made a version of an application's granted schedule: v0 is the schedule as approved
 * ('Approval'), every later one an approved revision or a curtailment by the SLDC (decision 0014).
 */
export const SCHEDULE_VERSION_SOURCES = ['Approval', 'Revision', 'Curtailment'] as const;
export type ScheduleVersionSource = (typeof SCHEDULE_VERSION_SOURCES)[number];

export const REVISION_ACTIONS = ['Request', 'Approve', 'Reject'] as const;
export type RevisionAction = (typeof REVISION_ACTIONS)[number];

/** Who acts: a party of the application (its applicant or trader) or a load-centre role. */
export type RevisionActor = Role | 'Applicant' | 'ApplicationTrader';

export interface RevisionTransition {
  from: RevisionStatus | null;
  action: RevisionAction;
  actor: RevisionActor;
  to: RevisionStatus;
}

export const REVISION_TRANSITIONS: readonly RevisionTransition[] = [
  { from: null, action: 'Request', actor: 'Applicant', to: 'Requested' },
  { from: null, action: 'Request', actor: 'ApplicationTrader', to: 'Requested' },
  { from: 'Requested', action: 'Approve', actor: 'SLDCBusinessUser', to: 'Approved' },
  { from: 'Requested', action: 'Reject', actor: 'SLDCBusinessUser', to: 'Rejected' },
];

/** The decisions that need remarks: a rejection tells the applicant why. */
export const REVISION_REMARKS_REQUIRED_ACTIONS: readonly RevisionAction[] = ['Reject'];

/** The roles that decide revisions (routes admit them; the service checks the status). */
export const REVISION_DECIDER_ROLES: Role[] = [
  ...new Set(
    REVISION_TRANSITIONS.filter((t) => t.from !== null && t.actor !== 'Applicant' && t.actor !== 'ApplicationTrader').map(
      (t) => t.actor as Role,
    ),
  ),
];

export function findRevisionTransition(
  from: RevisionStatus | null,
  action: RevisionAction,
  actor: RevisionActor,
): RevisionTransition | undefined {
  return REVISION_TRANSITIONS.find((t) => t.from === from && t.action === action && t.actor === actor);
}

/** The decisions a viewer acting as `actors` may take on a revision in `status`. */
export function availableRevisionActions(status: RevisionStatus, actors: readonly RevisionActor[]): RevisionAction[] {
  return REVISION_ACTIONS.filter((a) => a !== 'Request' && actors.some((actor) => findRevisionTransition(status, a, actor)));
}

/** Applications whose schedule may be revised (DOMAIN.md §3: an approved schedule). */
export const REVISABLE_APPLICATION_STATUSES = ['Approved', 'PartiallyApproved'] as const;
