import { z } from 'zod';

import type { Role } from '../account/roles';
import {
  APPLICATION_STATUSES,
  APPLICATION_TRANSITIONS,
  APPLICATION_TYPES,
  type ApplicationStatus,
} from '../applications/applications.workflow';
import {
  STANDING_CLEARANCE_STATUSES,
  STANDING_CLEARANCE_TRANSITIONS,
  type StandingClearanceStatus,
} from '../inter-state/standing-clearance.workflow';
import { REGISTRATION_STATUSES, REGISTRATION_TRANSITIONS, type RegistrationStatus } from '../registrations/registrations.workflow';

/**
 * The statuses in which `role` takes the next step on an application (the workflow's transitions;
 * an OA applicant acts as the applicant, a trader on what it made). What waits for a person on the
 * dashboard (issue 15) is what the workflow lets them do, never a list kept beside it.
 */
export function applicationStatusesWaitingOn(role: Role): ApplicationStatus[] {
  const actors: string[] = [role];
  if (role === 'OABusinessUser') actors.push('Applicant');
  if (role === 'Trader') actors.push('ApplicationTrader');
  const from = new Set(APPLICATION_TRANSITIONS.filter((t) => actors.includes(t.actor)).map((t) => t.from));
  return APPLICATION_STATUSES.filter((s) => from.has(s));
}

/** The statuses in which `role` takes the next step on a registration or renewal (an applicant or trader as its owner). */
export function registrationStatusesWaitingOn(role: Role): RegistrationStatus[] {
  const actor = role === 'OABusinessUser' || role === 'Trader' ? 'Owner' : role;
  const from = new Set(REGISTRATION_TRANSITIONS.filter((t) => t.actor === actor).map((t) => t.from));
  return REGISTRATION_STATUSES.filter((s) => from.has(s));
}

/**
 * The statuses in which `role` takes a standing clearance's next step forward (decision 0079): the SLDC
 * business user verifies (Submitted), the DISCOM/TRANSCO user consents (ConsentPending), an approver
 * issues (Verified). Refusing or revoking is possible from more statuses but is not work that waits.
 */
export const STANDING_CLEARANCE_FORWARD_ACTIONS = ['Forward', 'Consent', 'Issue'] as const;
export function standingClearanceStatusesWaitingOn(role: Role): StandingClearanceStatus[] {
  const from = new Set(
    STANDING_CLEARANCE_TRANSITIONS.filter(
      (t) => (STANDING_CLEARANCE_FORWARD_ACTIONS as readonly string[]).includes(t.action) && t.roles.includes(role),
    ).map((t) => t.from),
  );
  return STANDING_CLEARANCE_STATUSES.filter((s) => from.has(s));
}

/**
 * One figure of the dashboard: how many records of a kind wait in a status for the signed-in user,
 * counted by the very list the link opens (so the two never disagree), and where to act on them.
 */
export const dashboardItemSchema = z.object({
  /**
   * `applications` (of `applicationType` for the SLDC roles; all types in an own list), `registrations`
   * or `renewals`; the Admin's `users` (a USER_STATUSES value) and recurring `jobs` (`Failed` or `Late`);
   * `payments` (the SLDC business user's, `PENDING` approval) and `standingClearances` (decision 0079);
   * `dues` (a payer's, status `Overdue`), `eBidding` (invitations, status `Closing` within 24 hours or
   * `ReadyToProcess`), `interStateConsents` and `interStateRegistrations` (decision 0084).
   */
  kind: z.enum([
    'applications',
    'registrations',
    'renewals',
    'users',
    'jobs',
    'payments',
    'standingClearances',
    'dues',
    'eBidding',
    'interStateConsents',
    'interStateRegistrations',
  ]),
  applicationType: z.enum(APPLICATION_TYPES).nullable(),
  status: z.string(),
  /** The list's own status label (spec 001 §4; the users list's status filter; the jobs page's chip). */
  statusDescription: z.string(),
  count: z.number().int().min(0),
  /** The list counts at most APPLICATION_LIST_COUNT_CAP applications; true when there are more. */
  capped: z.boolean(),
  /** The portal page of the list, filtered to these records where the list has a status filter. */
  link: z.string(),
  /**
   * For registrations waiting on a DISCOM or TRANSCO: the earliest instant at which one of them
   * becomes deemed consent (the response clock); null otherwise.
   */
  deemedAt: z.string().nullable(),
  /** E-bidding invitations closing: the earliest last date and time of submission among them (decision 0084). */
  closesAt: z.string().optional(),
  /**
   * What waits for an approver (decision 0084): since when the oldest of them waits (the list's oldest-first
   * row's timestamp) and its age in whole days on the server's clock.
   */
  oldestSince: z.string().optional(),
  oldestAgeDays: z.number().int().min(0).optional(),
});
export type DashboardItem = z.infer<typeof dashboardItemSchema>;

export const dashboardSchema = z.object({
  /** Every status the user acts in, with its count (zero included), in workflow order. */
  items: z.array(dashboardItemSchema),
});

/** The Admin's recurring-job figures: the last run failed, or a scheduled run has not started. */
export const JOB_ATTENTION_STATUSES = ['Failed', 'Late'] as const;
export type Dashboard = z.infer<typeof dashboardSchema>;
