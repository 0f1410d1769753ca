import { LOAD_CENTRE_ROLES, type Role, UTILITY_ROLES } from '../account/roles';

/**
 * Standing clearances (No-Objection Certificates) for inter-state transactions (issue 14, decision
 * 0060): the applicant (OA user or its trader) applies, the SLDC business user scrutinises
 * (Verify and Forward) or refuses; where the operating rule `standingClearanceConsentRequired` is on,
 * the embedding DISCOM/TRANSCO consents or refuses (decision 0062); an SLDC approver issues or refuses;
 * an approver may revoke an issued clearance. Not decided within the configured working days, a
 * clearance is deemed issued by a job; an issued one past its Valid To is set Expired by a job, and
 * reads Expired everywhere already before the job runs.
 */
export const STANDING_CLEARANCE_TYPES = ['PowerExchange', 'Bilateral'] as const;
export type StandingClearanceType = (typeof STANDING_CLEARANCE_TYPES)[number];

/** The path segment of each type under /standing-clearance-power (the menu's entries). */
export const STANDING_CLEARANCE_TYPE_SEGMENTS: Record<StandingClearanceType, string> = {
  PowerExchange: 'power-exchange',
  Bilateral: 'bilateral',
};
export function standingClearanceTypeOfSegment(segment: string | undefined): StandingClearanceType | undefined {
  return STANDING_CLEARANCE_TYPES.find((t) => STANDING_CLEARANCE_TYPE_SEGMENTS[t] === segment);
}

export const STANDING_CLEARANCE_STATUSES = ['Submitted', 'ConsentPending', 'Verified', 'Issued', 'Refused', 'Revoked', 'Expired'] as const;
export type StandingClearanceStatus = (typeof STANDING_CLEARANCE_STATUSES)[number];
/** What a clearance shows: its stored status, or Expired for an issued one past its Valid To (before the expiry job stores it). */
export const STANDING_CLEARANCE_DISPLAY_STATUSES = STANDING_CLEARANCE_STATUSES;
export type StandingClearanceDisplayStatus = (typeof STANDING_CLEARANCE_DISPLAY_STATUSES)[number];

/** The statuses that hold the entity's cap for their period (an overlapping application is refused). */
export const STANDING_CLEARANCE_ACTIVE_STATUSES = [
  'Submitted',
  'ConsentPending',
  'Verified',
  'Issued',
] as const satisfies readonly StandingClearanceStatus[];
/** The statuses waiting on someone: the deemed-issue job issues them once the working days have run out. */
export const STANDING_CLEARANCE_PENDING_STATUSES = [
  'Submitted',
  'ConsentPending',
  'Verified',
] as const satisfies readonly StandingClearanceStatus[];

export const STANDING_CLEARANCE_ACTIONS = ['Forward', 'Consent', 'RefuseConsent', 'Issue', 'Refuse', 'Revoke'] as const;
export type StandingClearanceAction = (typeof STANDING_CLEARANCE_ACTIONS)[number];

export const STANDING_CLEARANCE_APPLICANT_ROLES = ['OABusinessUser', 'Trader'] as const satisfies readonly Role[];
/** DISCOM/TRANSCO users see the clearances whose consent was asked of their utility (decision 0062). */
export const STANDING_CLEARANCE_ROLES: readonly Role[] = [...STANDING_CLEARANCE_APPLICANT_ROLES, ...LOAD_CENTRE_ROLES, ...UTILITY_ROLES];
export const STANDING_CLEARANCE_APPROVER_ROLES = ['SLDCApproverI', 'SLDCApproverII'] as const satisfies readonly Role[];

export interface StandingClearanceTransition {
  from: StandingClearanceStatus;
  action: StandingClearanceAction;
  roles: readonly Role[];
  to: StandingClearanceStatus;
  /** The action needs a reason (Refuse, RefuseConsent, Revoke). */
  reason: boolean;
}

export const STANDING_CLEARANCE_TRANSITIONS: readonly StandingClearanceTransition[] = [
  // Forward goes to ConsentPending instead while the operating rule standingClearanceConsentRequired is on.
  { from: 'Submitted', action: 'Forward', roles: ['SLDCBusinessUser'], to: 'Verified', reason: false },
  { from: 'Submitted', action: 'Refuse', roles: LOAD_CENTRE_ROLES, to: 'Refused', reason: true },
  { from: 'ConsentPending', action: 'Consent', roles: UTILITY_ROLES, to: 'Verified', reason: false },
  { from: 'ConsentPending', action: 'RefuseConsent', roles: UTILITY_ROLES, to: 'Refused', reason: true },
  { from: 'ConsentPending', action: 'Refuse', roles: STANDING_CLEARANCE_APPROVER_ROLES, to: 'Refused', reason: true },
  { from: 'Verified', action: 'Issue', roles: STANDING_CLEARANCE_APPROVER_ROLES, to: 'Issued', reason: false },
  { from: 'Verified', action: 'Refuse', roles: STANDING_CLEARANCE_APPROVER_ROLES, to: 'Refused', reason: true },
  { from: 'Issued', action: 'Revoke', roles: STANDING_CLEARANCE_APPROVER_ROLES, to: 'Revoked', reason: true },
];

/** The actions that need a reason (the transitions marked `reason`: Refuse, RefuseConsent, Revoke). */
export const STANDING_CLEARANCE_REASON_ACTIONS: readonly StandingClearanceAction[] = STANDING_CLEARANCE_ACTIONS.filter((a) =>
  STANDING_CLEARANCE_TRANSITIONS.some((t) => t.action === a && t.reason),
);

export function findStandingClearanceTransition(
  from: StandingClearanceStatus,
  action: StandingClearanceAction,
  role: Role,
): StandingClearanceTransition | undefined {
  return STANDING_CLEARANCE_TRANSITIONS.find((t) => t.from === from && t.action === action && t.roles.includes(role));
}

/** The actions a role may take on a clearance in `status` (an expired one can no longer be revoked). */
export function standingClearanceActionsFor(status: StandingClearanceDisplayStatus, role: Role): StandingClearanceAction[] {
  if (status === 'Expired') return [];
  return STANDING_CLEARANCE_TRANSITIONS.filter((t) => t.from === status && t.roles.includes(role)).map((t) => t.action);
}

/** The status shown on `today` (IST date): Issued past Valid To reads Expired (the expiry job then stores it). */
export function displayStatusOf(status: StandingClearanceStatus, validTo: string, today: string): StandingClearanceDisplayStatus {
  return status === 'Issued' && validTo < today ? 'Expired' : status;
}

/** Longest validity of a standing clearance, in months (DOMAIN-REFERENCE.md §5). */
export const STANDING_CLEARANCE_MAX_MONTHS = 11;

/**
 * The last Valid To allowed for a Valid From: 11 months later less one day (the day of month kept,
 * or the month's last day when it has fewer): 2026-12-01 → 2027-10-31, 2027-01-31 → 2027-12-30.
 */
export function maxValidTo(validFrom: string): string {
  const y = Number(validFrom.slice(0, 4));
  const m = Number(validFrom.slice(5, 7)) - 1 + STANDING_CLEARANCE_MAX_MONTHS;
  const d = Number(validFrom.slice(8, 10));
  const year = y + Math.floor(m / 12);
  const month = m % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const end = Date.UTC(year, month, Math.min(d, last)) - 86_400_000;
  return new Date(end).toISOString().slice(0, 10);
}

/** Whether two date ranges (inclusive) share a day. */
export const periodsOverlap = (a: { from: string; to: string }, b: { from: string; to: string }) => a.from <= b.to && b.from <= a.to;
