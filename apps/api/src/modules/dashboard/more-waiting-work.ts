import { LOAD_CENTRE_ROLES, type Role } from '@stoa/shared/account';
import { type DashboardItem, interStateConsentStatusesWaitingOn, interStateRegistrationStatusesWaitingOn } from '@stoa/shared/dashboard';
import { EBIDDING_BIDDER_ROLES, type InvitationDeadlineFilter, type InvitationList } from '@stoa/shared/e-bidding';
import { INTER_STATE_REGISTRATION_STATUS_LABELS } from '@stoa/shared/inter-state';
import { enDashboard, enInterStateConsent } from '@stoa/shared/messages';
import { WEB_LINKS } from '@stoa/shared/navigation';

import type { RequestUser } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import type { EBiddingService } from '../e-bidding/e-bidding.service';
import type { InterStateService } from '../inter-state/inter-state.service';
import type { InterStateRegistrationsService } from '../inter-state-registrations/inter-state-registrations.service';
import type { PaymentsService } from '../payments/payments.service';

/**
 * Decision 0084: the figures 0079 left out because no list had a matching filter, each again the
 * dataCount of the list its link opens — a payer's overdue dues (Payment Details `?overdue=true`), the
 * e-bidding invitations closing within 24 hours or ready to process (`?deadline=`), the inter-state
 * consents and registrations whose next step forward is the role's (`?status=`) — and, for the
 * approvers, the age of the oldest record behind each figure, read from the list's own last row.
 */
export interface MoreWaitingWorkDeps {
  clock: Clock;
  payments: Pick<PaymentsService, 'listPayments'>;
  eBidding: Pick<EBiddingService, 'listInvitations'>;
  interState: Pick<InterStateService, 'listConsents'>;
  interStateRegistrations: Pick<InterStateRegistrationsService, 'list'>;
}

const FIRST_PAGE = { pageNumber: 1, pageSize: 10 } as const;
/** The e-bidding windows are small: one page of this many rows carries every deadline of them. */
const DEADLINE_PAGE = { pageNumber: 1, pageSize: 100 } as const;
const DAY = 86_400_000;

const figure = (item: Omit<DashboardItem, 'applicationType' | 'capped' | 'deemedAt'>): DashboardItem => ({
  applicationType: null,
  capped: false,
  deemedAt: null,
  ...item,
});

/** The instant of an invitation row's last date and time of submission (IST), when both are known. */
function deadlineOf(row: InvitationList['invitationList'][number]): number | null {
  if (!row.lastDateOfSubmission || !row.deadLine) return null;
  const t = Date.parse(`${row.lastDateOfSubmission}T${row.deadLine.slice(0, 5)}:00+05:30`);
  return Number.isNaN(t) ? null : t;
}

/** The e-bidding windows a role acts in: bidders bid before the deadline; the SLDC business user also processes. */
function eBiddingWindowsOf(role: Role): InvitationDeadlineFilter[] {
  if ((EBIDDING_BIDDER_ROLES as readonly Role[]).includes(role)) return ['Closing'];
  if (role === 'SLDCBusinessUser') return ['Closing', 'ReadyToProcess'];
  return [];
}

export async function moreWaitingWork(deps: MoreWaitingWorkDeps, actor: RequestUser): Promise<DashboardItem[]> {
  const role = actor.role as Role;
  const items: DashboardItem[] = [];
  const bidder = (EBIDDING_BIDDER_ROLES as readonly Role[]).includes(role);

  // A payer's dues past their due date and unpaid (Payment Details filtered to them).
  if (bidder) {
    const list = await deps.payments.listPayments(actor, { ...FIRST_PAGE, overdue: 'true' });
    items.push(
      figure({
        kind: 'dues',
        status: 'Overdue',
        statusDescription: enDashboard.dueStatuses.Overdue,
        count: list.dataCount,
        link: WEB_LINKS.overdueDues(),
      }),
    );
  }

  // E-bidding invitations by deadline window (the staff list for the SLDC, the bidder's own rows for a bidder).
  for (const deadline of eBiddingWindowsOf(role)) {
    const list = await deps.eBidding.listInvitations(actor, { ...DEADLINE_PAGE, deadline }, bidder ? 'own' : 'all');
    const deadlines = list.invitationList.map(deadlineOf).filter((t): t is number => t !== null);
    items.push(
      figure({
        kind: 'eBidding',
        status: deadline,
        statusDescription: enDashboard.eBiddingWindows[deadline],
        count: list.dataCount,
        link: WEB_LINKS.eBiddingIn(deadline),
        ...(deadline === 'Closing' && deadlines.length > 0 ? { closesAt: new Date(Math.min(...deadlines)).toISOString() } : {}),
      }),
    );
  }

  for (const status of interStateConsentStatusesWaitingOn(role)) {
    const list = await deps.interState.listConsents(actor, { ...FIRST_PAGE, status });
    items.push(
      figure({
        kind: 'interStateConsents',
        status,
        statusDescription: enInterStateConsent.statusLabels[status],
        count: list.dataCount,
        link: WEB_LINKS.interStateConsentsIn(status),
      }),
    );
  }

  for (const status of interStateRegistrationStatusesWaitingOn(role)) {
    const list = await deps.interStateRegistrations.list(actor, { ...FIRST_PAGE, status });
    items.push(
      figure({
        kind: 'interStateRegistrations',
        status,
        statusDescription: INTER_STATE_REGISTRATION_STATUS_LABELS[status],
        count: list.dataCount,
        link: WEB_LINKS.interStateRegistrationsIn(status),
      }),
    );
  }
  return items;
}

/** Whether the role is an approver: its figures carry the oldest record's age and come oldest first. */
export const isApprover = (role: Role) => (LOAD_CENTRE_ROLES as readonly Role[]).includes(role) && role !== 'SLDCBusinessUser';

/** The age in whole days of a record waiting since `since`, on the server's clock. */
export const ageInDays = (clock: Clock, since: string) => Math.max(0, Math.floor((clock.now().getTime() - Date.parse(since)) / DAY));

/** Approver figures oldest first (those without an oldest record, e.g. zero, after them in their order). */
export function oldestFirst(items: DashboardItem[]): DashboardItem[] {
  const key = (i: DashboardItem) => (i.oldestSince ? Date.parse(i.oldestSince) : Number.POSITIVE_INFINITY);
  return items
    .map((item, n) => ({ item, n }))
    .sort((a, b) => key(a.item) - key(b.item) || a.n - b.n)
    .map((x) => x.item);
}
