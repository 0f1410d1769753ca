import type { ApplicationType } from '../applications/applications.workflow';
import type { Role } from '../account/roles';

/**
 * Paths of one record in the SPA (the routes of WEB_ROUTES filled in), for links stored with a
 * notification: the bell opens the record the notification is about.
 */
export const WEB_LINKS = {
  profile: () => '/profile',
  traders: () => '/traders',
  entities: () => '/entities',
  /** An application on the applicant's or trader's side. */
  oaApplication: (type: ApplicationType, id: string) => `/applications/oa/${type}/${id}`,
  /** An application on the SLDC's side. */
  sldcApplication: (type: ApplicationType, id: string) => `/applications/sldc/${type}/${id}`,
  /** An application as `role` opens it: load-centre roles on the SLDC's side, everyone else on the applicant's. */
  applicationFor: (role: Role, type: ApplicationType, id: string) =>
    role === 'SLDCBusinessUser' || role === 'SLDCApproverI' || role === 'SLDCApproverII'
      ? WEB_LINKS.sldcApplication(type, id)
      : WEB_LINKS.oaApplication(type, id),
  /** The processing screen of a type (SLDC). */
  processing: (type: ApplicationType) => `/applications/sldc/${type}/processing`,
  registration: (entityType: string, id: string) => `/registrations/view/${entityType}/${id}`,
  revision: (revisionId: string, applicationId: string) => `/revision/${revisionId}/${applicationId}`,
  curtailment: (id: string) => `/curtailment/${id}`,
  eBidding: () => '/e-bidding',
  eBiddingInvitation: (id: string) => `/e-bidding/invitation/${id}`,
  eBiddingProcess: (id: string) => `/e-bidding/process/${id}`,
  eBiddingDetails: (applicationId: string) => `/e-bidding/details/${applicationId}`,
  /** The payer's Payment Details (issue 13). */
  payments: () => '/payments',
  /** The SLDC's Payment Reconciliation (issue 13). */
  paymentReconciliation: () => '/payments/dashboard',
  /** Refund (issue 13, decision 0054): payers read theirs, the SLDC makes and checks refunds. */
  refunds: () => '/payments/refund',
  ebiddingPayments: () => '/payments/ebidding',
  /** TDS Challan Details (payers) and TDS Reconciliation (SLDC), one route (issue 13, decision 0053). */
  tdsChallans: () => '/payments/challan',
  /** One standing clearance (issue 14, decision 0060). */
  standingClearance: (id: string) => `/standing-clearance-power/${id}`,
  /** The standing clearances list (every type) filtered to a status (the dashboard's figures, decision 0079). */
  standingClearancesIn: (status: string) => `/standing-clearance-power?${new URLSearchParams({ status }).toString()}`,
  /** One inter-state registration, under the utility type it is embedded in (decision 0076); `new` for a new one. */
  interStateRegistration: (utilityType: 'DISCOM' | 'TRANSCO', id: string) => `/${utilityType}/${id}`,
  interStateRegistrations: () => '/inter-state-registration',
  /** One consent application for inter-state STOA (issue 14, decision 0068). */
  interStateConsent: (id: string) => `/consent-for-inter-state-stoa-transactions/apply/${id}`,
  /**
   * The SLDC's list of a type filtered to a status (the dashboard's figures, issue 15): the contingency
   * types under the menu's 'Contingency' entry with `?type=`, as the list's own tabs link them.
   */
  sldcApplicationsIn: (type: ApplicationType, status: string) =>
    type === 'ContingencyDayAhead' || type === 'ContingencySameDay'
      ? `/applications/sldc/Contingency?${new URLSearchParams({ type, status }).toString()}`
      : `/applications/sldc/${type}?${new URLSearchParams({ status }).toString()}`,
  /** The applicant's or trader's own applications filtered to a status. */
  oaApplicationsIn: (status: string) => `/applications/oa?${new URLSearchParams({ status }).toString()}`,
  /** Registration Requests or Renewal Requests of a reviewer filtered to a status; an owner's own list (it has no filter). */
  registrationsIn: (kind: 'registrations' | 'renewals', status?: string) =>
    (kind === 'renewals' ? '/registrations/renew' : '/registrations') + (status ? `?${new URLSearchParams({ status }).toString()}` : ''),
  /** Decision 0084: the inter-state consents and registrations lists filtered to a status (dashboard figures). */
  interStateConsentsIn: (status: string) => `/consent-for-inter-state-stoa-transactions?${new URLSearchParams({ status }).toString()}`,
  interStateRegistrationsIn: (status: string) => `/inter-state-registration?${new URLSearchParams({ status }).toString()}`,
  /** Decision 0084: the payer's Payment Details showing only its overdue dues. */
  overdueDues: () => '/payments?overdue=true',
  /** Decision 0084: the e-bidding list filtered to a deadline window (`Closing` within 24 hours, `ReadyToProcess`). */
  eBiddingIn: (deadline: string) => `/e-bidding?${new URLSearchParams({ deadline }).toString()}`,
  /** The Admin's users list filtered to a status (the Admin's dashboard, issue 15). */
  usersIn: (status: string) => `/admin/users?${new URLSearchParams({ status }).toString()}`,
  /** The Admin's Recurring Jobs page. */
  recurringJobs: () => '/hangfire',
  /** The public check of a payment receipt (issue 13, decision 0049) or a standing-clearance certificate (decision 0060). */
  verifyReceipt: (code: string) => `/verify/${encodeURIComponent(code)}`,
} as const;
