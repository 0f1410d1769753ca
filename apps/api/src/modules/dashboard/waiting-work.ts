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

export interface DashboardDeps extends AdminAttentionDeps {
  applications: Pick<ApplicationsService, 'list'>;
  registrations: Pick<RegistrationsService, 'list' | 'consentDeemedAt'>;
  payments: Pick<PaymentsService, 'listPayments'>;
  interState: Pick<InterStateService, 'list'>;
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
  return { items };
}
