import { APPLICATION_STATUS_LABELS, APPLICATION_TYPES, type ApplicationType } from '@stoa/shared/applications';
import {
  applicationStatusesWaitingOn,
  type Dashboard,
  type DashboardItem,
  registrationStatusesWaitingOn,
  standingClearanceStatusesWaitingOn,
} from '@stoa/shared/dashboard';
import { enInterState, enPayments } from '@stoa/shared/messages';
import { WEB_LINKS } from '@stoa/shared/navigation';
import { CONSENT_STATUSES, REGISTRATION_STATUS_LABELS, type RegistrationStatus } from '@stoa/shared/registrations';
import { LOAD_CENTRE_ROLES, UTILITY_ROLES, type Role } from '@stoa/shared/account';

import type { RequestUser } from '../../platform/auth';
import type { ApplicationsService } from '../applications/applications.service';
import type { InterStateService } from '../inter-state/inter-state.service';
import type { PaymentsService } from '../payments/payments.service';
import type { RegistrationsService } from '../registrations/registrations.service';
import { adminAttention, type AdminAttentionDeps } from './admin-attention';
import { ageInDays, isApprover, moreWaitingWork, type MoreWaitingWorkDeps, oldestFirst } from './more-waiting-work';

export interface DashboardDeps extends AdminAttentionDeps, MoreWaitingWorkDeps {
  applications: Pick<ApplicationsService, 'list'>;
  registrations: Pick<RegistrationsService, 'list' | 'consentDeemedAt'>;
  payments: Pick<PaymentsService, 'listPayments'>;
  interState: Pick<InterStateService, 'list' | 'listConsents'>;
}

/** The first page of a list: only its dataCount is read. */
const FIRST_PAGE = { pageNumber: 1, pageSize: 10 } as const;

const has = (roles: readonly Role[], role: Role) => roles.includes(role);

/**
 * What waits for the signed-in user (issue 15, decision 0075): for every status in which the workflow
 * lets their role take the next step, the count of the very list the link opens — the SLDC's list of
 * each application type, the user's own applications, Registration Requests and Renewal Requests —
 * so a figure and its list never disagree and scoping is the lists' own. DISCOM and TRANSCO users
 * also get the consent clock: when the longest-waiting record becomes deemed consent. The Admin, who
 * has no workflow step, gets the users and recurring jobs that need attention (admin-attention.ts).
 * Decision 0079 added the SLDC business user's payments pending approval and the standing clearances
 * waiting on the role, each again the count of its own list.
 */
export async function waitingWork(deps: DashboardDeps, actor: RequestUser): Promise<Dashboard> {
  const role = actor.role as Role;
  if (role === 'Admin') return { items: await adminAttention(deps) };
  const items: DashboardItem[] = [];
  const loadCentre = has(LOAD_CENTRE_ROLES, role);
  const owner = role === 'OABusinessUser' || role === 'Trader';

  for (const status of applicationStatusesWaitingOn(role)) {
    const types: (ApplicationType | null)[] = loadCentre ? [...APPLICATION_TYPES] : [null];
    for (const type of types) {
      const list =
        type === null
          ? await deps.applications.list(actor, { kind: 'own' }, { ...FIRST_PAGE, status })
          : await deps.applications.list(actor, { kind: 'sldc', type }, { ...FIRST_PAGE, status });
      items.push({
        kind: 'applications',
        applicationType: type,
        status,
        statusDescription: APPLICATION_STATUS_LABELS[status],
        count: list.dataCount,
        capped: list.dataCountCapped ?? false,
        link: type === null ? WEB_LINKS.oaApplicationsIn(status) : WEB_LINKS.sldcApplicationsIn(type, status),
        deemedAt: null,
      });
    }
  }

  // DISCOM and TRANSCO users review first registrations and renewals in one list (GetTranscoDiscomRegistrations).
  const kinds = has(UTILITY_ROLES, role) ? (['all'] as const) : (['registrations', 'renewals'] as const);
  for (const status of registrationStatusesWaitingOn(role)) {
    for (const kind of kinds) {
      // An owner's lists have no filter: the owner's records are counted by status here, and the link opens the list.
      const list = await deps.registrations.list(actor, { ...FIRST_PAGE, status }, { kind });
      const consent = (CONSENT_STATUSES as readonly RegistrationStatus[]).includes(status);
      items.push({
        kind: kind === 'renewals' ? 'renewals' : 'registrations',
        applicationType: null,
        status,
        statusDescription: REGISTRATION_STATUS_LABELS[status],
        count: list.dataCount,
        capped: false,
        link: WEB_LINKS.registrationsIn(kind === 'renewals' ? 'renewals' : 'registrations', owner ? undefined : status),
        deemedAt: consent && list.dataCount > 0 ? await deps.registrations.consentDeemedAt(actor, status) : null,
      });
    }
  }

  // Decision 0079: the payments the SLDC business user approves (Payment Reconciliation opens on them) …
  if (role === 'SLDCBusinessUser') {
    const list = await deps.payments.listPayments(actor, { ...FIRST_PAGE, status: 'PENDING' });
    items.push({
      kind: 'payments',
      applicationType: null,
      status: 'PENDING',
      statusDescription: enPayments.payments.statuses.PENDING,
      count: list.dataCount,
      capped: false,
      link: WEB_LINKS.paymentReconciliation(),
      deemedAt: null,
    });
  }
  // … and the standing clearances whose next step is the role's (the list of every type, by status).
  for (const status of standingClearanceStatusesWaitingOn(role)) {
    const list = await deps.interState.list(actor, { ...FIRST_PAGE, status });
    items.push({
      kind: 'standingClearances',
      applicationType: null,
      status,
      statusDescription: enInterState.standingClearance.statusLabels[status],
      count: list.dataCount,
      capped: false,
      link: WEB_LINKS.standingClearancesIn(status),
      deemedAt: null,
    });
  }
  items.push(...(await moreWaitingWork(deps, actor)));
  if (!isApprover(role)) return { items };
  // Decision 0084: an approver sees what waits for its level oldest first, with the oldest record's age.
  for (const item of items) {
    const since = item.count > 0 && !item.capped ? await oldestSinceOf(deps, actor, item) : null;
    if (since) Object.assign(item, { oldestSince: since, oldestAgeDays: ageInDays(deps.clock, since) });
  }
  return { items: oldestFirst(items) };
}

/**
 * When the oldest record behind a figure started waiting: the timestamp the list orders by, read from
 * the list's own last row (newest first, so page `count` of size 1) with the figure's filter — the
 * SLDC application list's submission, a registration's or inter-state registration's last change, a
 * standing clearance's application, a consent's submission.
 */
async function oldestSinceOf(deps: DashboardDeps, actor: RequestUser, item: DashboardItem): Promise<string | null> {
  const last = { pageNumber: item.count, pageSize: 1 } as const;
  const status = item.status as never;
  switch (item.kind) {
    case 'applications': {
      if (!item.applicationType) return null;
      const row = (await deps.applications.list(actor, { kind: 'sldc', type: item.applicationType }, { ...last, status }))
        .applicationList[0];
      return row ? (row.submittedAt ?? row.updatedOn) : null;
    }
    case 'registrations':
    case 'renewals':
      return (await deps.registrations.list(actor, { ...last, status }, { kind: item.kind })).registrationList[0]?.updatedOn ?? null;
    case 'standingClearances':
      return (await deps.interState.list(actor, { ...last, status })).standingClearanceList[0]?.appliedOn ?? null;
    case 'interStateConsents':
      return (await deps.interState.listConsents(actor, { ...last, status })).consentList[0]?.submittedOn ?? null;
    case 'interStateRegistrations':
      return (await deps.interStateRegistrations.list(actor, { ...last, status })).registrationList[0]?.updatedOn ?? null;
    default:
      return null;
  }
}
