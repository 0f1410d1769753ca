import { LOAD_CENTRE_ROLES, type Role } from '../account/roles';

/**
 * Standing clearances (No-Objection Certificates) for inter-state transactions (issue 14, decision
 * 0060): the applicant (OA user or its trader) applies, the SLDC business user scrutinises
 * (Verify and Forward) or refuses, an SLDC approver issues or refuses; an approver may revoke an
 * issued clearance. "Expired" is not stored: an issued clearance whose Valid To has passed reads as
 * Expired everywhere (list, detail, certificate check).
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

export const STANDING_CLEARANCE_STATUSES = ['Submitted', 'Verified', 'Issued', 'Refused', 'Revoked'] as const;
export type StandingClearanceStatus = (typeof STANDING_CLEARANCE_STATUSES)[number];
/** What a clearance shows: its stored status, or Expired for an issued one past its Valid To. */
export const STANDING_CLEARANCE_DISPLAY_STATUSES = [...STANDING_CLEARANCE_STATUSES, 'Expired'] as const;
export type StandingClearanceDisplayStatus = (typeof STANDING_CLEARANCE_DISPLAY_STATUSES)[number];

/** The statuses that hold the entity's cap for their period (an overlapping application is refused). */
export const STANDING_CLEARANCE_ACTIVE_STATUSES = ['Submitted', 'Verified', 'Issued'] as const satisfies readonly StandingClearanceStatus[];

export const STANDING_CLEARANCE_ACTIONS = ['Forward', 'Issue', 'Refuse', 'Revoke'] as const;
export type StandingClearanceAction = (typeof STANDING_CLEARANCE_ACTIONS)[number];

export const STANDING_CLEARANCE_APPLICANT_ROLES = ['OABusinessUser', 'Trader'] as const satisfies readonly Role[];
export const STANDING_CLEARANCE_ROLES: readonly Role[] = [...STANDING_CLEARANCE_APPLICANT_ROLES, ...LOAD_CENTRE_ROLES];
export const STANDING_CLEARANCE_APPROVER_ROLES = ['SLDCApproverI', 'SLDCApproverII'] as const satisfies readonly Role[];

export interface StandingClearanceTransition {
  from: StandingClearanceStatus;
  action: StandingClearanceAction;
  roles: readonly Role[];
  to: StandingClearanceStatus;
  /** The action needs a reason (Refuse, Revoke). */
  reason: boolean;
}

export const STANDING_CLEARANCE_TRANSITIONS: readonly StandingClearanceTransition[] = [
  { from: 'Submitted', action: 'Forward', roles: ['SLDCBusinessUser'], to: 'Verified', reason: false },
  { from: 'Submitted', action: 'Refuse', roles: LOAD_CENTRE_ROLES, to: 'Refused', reason: true },
  { from: 'Verified', action: 'Issue', roles: STANDING_CLEARANCE_APPROVER_ROLES, to: 'Issued', reason: false },
  { from: 'Verified', action: 'Refuse', roles: STANDING_CLEARANCE_APPROVER_ROLES, to: 'Refused', reason: true },
  { from: 'Issued', action: 'Revoke', roles: STANDING_CLEARANCE_APPROVER_ROLES, to: 'Revoked', reason: true },
];

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

/** The status shown on `today` (IST date): Issued past Valid To reads Expired. */
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
