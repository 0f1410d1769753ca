import type { Role } from '../account/roles';

/**
 * The workflow-as-data engine (ARCHITECTURE §6): a table of transitions — from a status, an action by
 * an actor (the record's owner or a role), to a status, optionally only for some kinds of record and
 * optionally taken by the system when a consenting utility did not act (deemed) — and the questions
 * every workflow asks of it. The intra-state registrations (kind: the entity type) and the inter-state
 * registrations (kind: the utility type the entity is embedded in; decision 0076) are two tables of
 * this one engine.
 */

/**
 * Workflow actions (spec 001 §2): Write (the applicant fills and submits), Forward ('Verify and
 * Forward'), Reject, Return ('Seek Clarification'), Approve, ReadOnly, Edit ('Edit Trader Details').
 * `Submit` is the applicant's Write completing; ReadOnly and Edit are form modes, not transitions.
 */
export const WORKFLOW_ACTIONS = ['Submit', 'Forward', 'Approve', 'Return', 'Reject'] as const;
export type WorkflowAction = (typeof WORKFLOW_ACTIONS)[number];

/** Button labels of the actions (spec 001 §2). */
export const WORKFLOW_ACTION_LABELS: Record<WorkflowAction, string> = {
  Submit: 'Submit',
  Forward: 'Verify and Forward',
  Approve: 'Approve',
  Return: 'Seek Clarification',
  Reject: 'Reject',
};

/** The actions the actor must give remarks for (spec 001 §2): Seek Clarification and Reject, so the applicant learns why. */
export const WORKFLOW_REMARKS_REQUIRED_ACTIONS: readonly WorkflowAction[] = ['Return', 'Reject'];

/** Who acts on a transition: the record's owner (applicant or trader) or a role. */
export type Actor = Role | 'Owner';

export interface WorkflowTransition<S extends string> {
  from: S;
  action: WorkflowAction;
  actor: Actor;
  to: S;
  /** Taken by the system when a DISCOM/TRANSCO user did not act in time. */
  deemable?: boolean;
}

export interface WorkflowSubjectOf<S extends string, K extends string> {
  status: S;
  kind: K;
}

export interface Workflow<S extends string, K extends string, T extends WorkflowTransition<S>> {
  transitions: readonly T[];
  /** The transition `actor` may take with `action` on the record, or undefined when none exists. */
  find(subject: WorkflowSubjectOf<S, K>, action: WorkflowAction, actor: Actor): T | undefined;
  /** The actions available to a viewer: the owner acts as 'Owner', everyone else by role. */
  available(subject: WorkflowSubjectOf<S, K>, actor: Actor): WorkflowAction[];
  /** Write when the owner may submit, ReadOnly otherwise: reviewers never edit the applicant's data. */
  formMode(subject: WorkflowSubjectOf<S, K>, actor: Actor): 'Write' | 'ReadOnly';
  /** The transition the system takes for deemed consent in the record's status, if any. */
  deemed(subject: WorkflowSubjectOf<S, K>): T | undefined;
  /** Who acts next on a record in `subject` (roles, or 'Owner' after a return). */
  nextActors(subject: WorkflowSubjectOf<S, K>): Actor[];
  /** The roles that take `action` in some status (what an action's route admits; the status is checked per record). */
  rolesOf(action: WorkflowAction): Role[];
}

/**
 * A workflow from its table. `kindsOf` names the kinds of record a transition is limited to
 * (undefined: every kind) — the entity types of a registration's transition, the utility types of an
 * inter-state registration's.
 */
export function defineWorkflow<S extends string, K extends string, T extends WorkflowTransition<S>>(
  transitions: readonly T[],
  kindsOf: (t: T) => readonly K[] | undefined,
): Workflow<S, K, T> {
  const applies = (t: T, s: WorkflowSubjectOf<S, K>) => {
    const kinds = kindsOf(t);
    return t.from === s.status && (!kinds || kinds.includes(s.kind));
  };
  const find = (s: WorkflowSubjectOf<S, K>, action: WorkflowAction, actor: Actor) =>
    transitions.find((t) => applies(t, s) && t.action === action && t.actor === actor);
  return {
    transitions,
    find,
    available: (s, actor) => WORKFLOW_ACTIONS.filter((a) => find(s, a, actor)),
    formMode: (s, actor) => (find(s, 'Submit', actor) ? 'Write' : 'ReadOnly'),
    deemed: (s) => transitions.find((t) => t.deemable && applies(t, s)),
    nextActors: (s) => [...new Set(transitions.filter((t) => applies(t, s)).map((t) => t.actor))],
    rolesOf: (action) => [...new Set(transitions.filter((t) => t.action === action && t.actor !== 'Owner').map((t) => t.actor as Role))],
  };
}
