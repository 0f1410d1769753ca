import { ALL, APPLICANT_ROLES, LOAD_CENTRE_ROLES, NON_ADMIN_ROLES, type RoleList } from '../account/roles';
import { EBIDDING_ROLES } from '../e-bidding/e-bidding.workflow';
import { INTER_STATE_CONSENT_ROLES } from '../inter-state/inter-state-consent.workflow';
import { INTER_STATE_REGISTRATION_ROLES } from '../inter-state/inter-state-registration.workflow';
import { STANDING_CLEARANCE_APPLICANT_ROLES, STANDING_CLEARANCE_ROLES } from '../inter-state/standing-clearance.workflow';

export type Guard = 'AUTH' | 'UNAUTH' | 'PUBLIC';

/** Web routes with their guard and allowed roles; the API checks the same role lists. */
export interface WebRoute {
  path: string;
  guard: Guard;
  roles: RoleList;
}

const ADMIN = ['Admin'] as const;

export const WEB_ROUTES = {
  login: { path: '/login', guard: 'UNAUTH', roles: ALL },
  preRegister: { path: '/pre-register', guard: 'UNAUTH', roles: ALL },
  setPassword: { path: '/set-password', guard: 'UNAUTH', roles: ALL },
  forgotPassword: { path: '/forgot-password', guard: 'UNAUTH', roles: ALL },
  // The public check of a payment receipt (issue 13, decision 0049): open signed in or not.
  verifyReceipt: { path: '/verify/:code?', guard: 'PUBLIC', roles: ALL },
  // The public Open Access Information page (issue 15, decision 0085): decisions, margins, processing times.
  openAccessInformation: { path: '/open-access-information', guard: 'PUBLIC', roles: ALL },
  landing: { path: '/landing', guard: 'AUTH', roles: ALL },
  profile: { path: '/profile', guard: 'AUTH', roles: ALL },
  changePassword: { path: '/change-password', guard: 'AUTH', roles: ALL },
  notAuthorised: { path: '/not-authorised', guard: 'AUTH', roles: ALL },
  // Administration (issue 3): Admin only.
  adminUsers: { path: '/admin/users', guard: 'AUTH', roles: ADMIN },
  stoaCharges: { path: '/configurations/stoaCharges', guard: 'AUTH', roles: ADMIN },
  fees: { path: '/configurations/fees', guard: 'AUTH', roles: ADMIN },
  transco: { path: '/configurations/transco', guard: 'AUTH', roles: ADMIN },
  discom: { path: '/configurations/discom', guard: 'AUTH', roles: ADMIN },
  holidays: { path: '/configurations/holiday', guard: 'AUTH', roles: ADMIN },
  bankDetails: { path: '/configurations/bankDetails', guard: 'AUTH', roles: ADMIN },
  paymentDetails: { path: '/configurations/payment', guard: 'AUTH', roles: ADMIN },
  userManual: { path: '/configurations/manual', guard: 'AUTH', roles: ADMIN },
  hangfire: { path: '/hangfire', guard: 'AUTH', roles: ADMIN },
  // Trader management (issue 4).
  traders: { path: '/traders', guard: 'AUTH', roles: ['OABusinessUser'] },
  entities: { path: '/entities', guard: 'AUTH', roles: ['Trader'] },
  // Registrations and renewals (issue 4): lists and the record for the seven non-admin roles,
  // new and renewal forms for the owners (OA applicant, trader).
  registrations: { path: '/registrations', guard: 'AUTH', roles: NON_ADMIN_ROLES },
  registrationRenewals: { path: '/registrations/renew', guard: 'AUTH', roles: NON_ADMIN_ROLES },
  registrationNew: { path: '/registrations/new/:entityType', guard: 'AUTH', roles: APPLICANT_ROLES },
  registrationView: { path: '/registrations/view/:entityType/:id', guard: 'AUTH', roles: NON_ADMIN_ROLES },
  registrationRenew: { path: '/registrations/renew/:entityType/:previousId', guard: 'AUTH', roles: APPLICANT_ROLES },
  // ATC margins (issue 5): SLDC Business User only (spec 001 §2).
  atcIntraStateUpload: { path: '/intra-state-stoa/upload', guard: 'AUTH', roles: ['SLDCBusinessUser'] },
  atcIntraStateViewEdit: { path: '/intra-state-stoa/view-edit', guard: 'AUTH', roles: ['SLDCBusinessUser'] },
  atcInterStateUpload: { path: '/inter-state-stoa/upload', guard: 'AUTH', roles: ['SLDCBusinessUser'] },
  atcInterStateViewEdit: { path: '/inter-state-stoa/view-edit', guard: 'AUTH', roles: ['SLDCBusinessUser'] },
  // STOA applications, the SLDC side (issue 5): load-centre roles. `applicationType` is a type of
  // APPLICATION_TYPES or 'Contingency' (the menu's entry for both contingency types); the list without
  // a type shows Advance. The processing screen of a type sits under it (static segment before :id).
  sldcApplications: { path: '/applications/sldc/:applicationType?', guard: 'AUTH', roles: LOAD_CENTRE_ROLES },
  sldcApplicationProcessing: { path: '/applications/sldc/:applicationType/processing', guard: 'AUTH', roles: LOAD_CENTRE_ROLES },
  sldcApplicationView: { path: '/applications/sldc/:applicationType/:id', guard: 'AUTH', roles: LOAD_CENTRE_ROLES },
  // STOA applications, the applicant's and trader's side (issue 5): the caller's list, and the form
  // of a new application (`applicationType` a type of APPLICATION_TYPES) or one application (`id`).
  oaApplications: { path: '/applications/oa', guard: 'AUTH', roles: APPLICANT_ROLES },
  oaApplicationForm: { path: '/applications/oa/:applicationType/:id?', guard: 'AUTH', roles: APPLICANT_ROLES },
  // Schedule revisions (issue 5; spec 001 §2 /revision "see Applications"): the applicant's and the
  // trader's list, the SLDC's requested revisions, and one revision of an application.
  oaRevisions: { path: '/revision/oa', guard: 'AUTH', roles: APPLICANT_ROLES },
  sldcRevisions: { path: '/revision/sldc', guard: 'AUTH', roles: LOAD_CENTRE_ROLES },
  revisionView: { path: '/revision/:revisionId/:applicationId', guard: 'AUTH', roles: [...APPLICANT_ROLES, ...LOAD_CENTRE_ROLES] },
  // Curtailment (issue 5): load-centre roles, OA applicants and traders (spec 001 §2); the SLDC
  // business user curtails from the list page, the others see their own.
  curtailments: { path: '/curtailment', guard: 'AUTH', roles: [...LOAD_CENTRE_ROLES, ...APPLICANT_ROLES] },
  curtailmentView: { path: '/curtailment/:curtailmentId', guard: 'AUTH', roles: [...LOAD_CENTRE_ROLES, ...APPLICANT_ROLES] },
  // E-bidding (issue 6; spec 000 §2): the list (staff: invitations; bidders: invitations and
  // proposals), Form ST2 (new without id), Form ST3 of an invited application (id: the proposal or,
  // before one exists, the e-bidding application), the process page and the details of an application.
  eBidding: { path: '/e-bidding', guard: 'AUTH', roles: EBIDDING_ROLES },
  eBiddingInvitation: { path: '/e-bidding/invitation/:id?', guard: 'AUTH', roles: EBIDDING_ROLES },
  eBiddingApply: { path: '/e-bidding/apply/:invitationId/:applicationId/:id', guard: 'AUTH', roles: EBIDDING_ROLES },
  // Spec 000 §2 fragments /requests and /apply/:id? (issue 11 item 10): the list on its proposals
  // tab, and the caller's invited applications of one invitation (each opens its Form ST3).
  eBiddingRequests: { path: '/e-bidding/requests', guard: 'AUTH', roles: EBIDDING_ROLES },
  eBiddingApplyInvitation: { path: '/e-bidding/apply/:invitationId', guard: 'AUTH', roles: EBIDDING_ROLES },
  eBiddingProcess: { path: '/e-bidding/process/:id', guard: 'AUTH', roles: LOAD_CENTRE_ROLES },
  eBiddingDetails: { path: '/e-bidding/details/:id', guard: 'AUTH', roles: EBIDDING_ROLES },
  // Payments (issue 13; spec 001 §2 Payments, under the payments base path like the menu's entries): the
  // OA applicant's TDS declarations, and the interest on late TDS deposit set by the Admin (decision 0040).
  tdsConfig: { path: '/payments/tds-config', guard: 'AUTH', roles: ['OABusinessUser'] },
  // The payer's dues and payments (Payment Details), and the SLDC's approval desk (Payment Reconciliation).
  payments: { path: '/payments', guard: 'AUTH', roles: ['OABusinessUser', 'Trader'] },
  paymentReconciliation: { path: '/payments/dashboard', guard: 'AUTH', roles: ['SLDCBusinessUser', 'SLDCApproverI', 'SLDCApproverII'] },
  // Refund (decision 0054): the payers read their refunds, the SLDC business user makes them, the approvers check them.
  refunds: {
    path: '/payments/refund',
    guard: 'AUTH',
    roles: ['OABusinessUser', 'Trader', 'SLDCBusinessUser', 'SLDCApproverI', 'SLDCApproverII'],
  },
  // Spec 001 §2 'other payment path' /ebidding: the payer's e-bidding allocations and their dues, linked from
  // Payment Details (no menu entry of its own, decision 0055).
  ebiddingPayments: { path: '/payments/ebidding', guard: 'AUTH', roles: ['OABusinessUser', 'Trader'] },
  tdsInterest: { path: '/payments/tds-interest', guard: 'AUTH', roles: ADMIN },
  // TDS Challan Details (payers) and TDS Reconciliation (SLDC roles): the menu's one path /challan (decision 0053).
  tdsChallans: {
    path: '/payments/challan',
    guard: 'AUTH',
    roles: ['OABusinessUser', 'Trader', 'SLDCBusinessUser', 'SLDCApproverI', 'SLDCApproverII'],
  },
  // Reports (issue 15, decision 0066): one page for every report of the registry (packages/shared/reports); the page
  // refuses a report the role does not have, as the API does.
  report: {
    path: '/reports/:reportName',
    guard: 'AUTH',
    roles: [...LOAD_CENTRE_ROLES, 'OABusinessUser', 'Trader', 'DISCOMBusinessUser', 'TRANSCOBusinessUser'],
  },
  // SLDC Bank Details: read-only for the payers and the SLDC business user (spec 001 §2: approvers see the
  // Payments menu without it).
  sldcBankDetails: { path: '/payments/bank-details', guard: 'AUTH', roles: ['OABusinessUser', 'Trader', 'SLDCBusinessUser'] },
  // Standing clearances (issue 14, decision 0060): spec 001 §2 gives /standing-clearance-power and /{id} to the
  // load-centre roles; the applicants and traders who apply use them too. The two menu entries of the SLDC's
  // Inter-state section are the list of one transaction type each; apply sits under it (static before :id).
  standingClearances: { path: '/standing-clearance-power', guard: 'AUTH', roles: STANDING_CLEARANCE_ROLES },
  standingClearancesPowerExchange: { path: '/standing-clearance-power/power-exchange', guard: 'AUTH', roles: STANDING_CLEARANCE_ROLES },
  standingClearancesBilateral: { path: '/standing-clearance-power/bilateral', guard: 'AUTH', roles: STANDING_CLEARANCE_ROLES },
  standingClearanceApply: { path: '/standing-clearance-power/apply', guard: 'AUTH', roles: STANDING_CLEARANCE_APPLICANT_ROLES },
  standingClearanceView: { path: '/standing-clearance-power/:id', guard: 'AUTH', roles: STANDING_CLEARANCE_ROLES },
  // Consent for inter-state STOA transactions (spec 001 §2; decision 0068): the list, and apply/{id?} (new, a draft, or one application).
  interStateConsents: { path: '/consent-for-inter-state-stoa-transactions', guard: 'AUTH', roles: INTER_STATE_CONSENT_ROLES },
  interStateConsentApply: {
    path: '/consent-for-inter-state-stoa-transactions/apply/:id?',
    guard: 'AUTH',
    roles: INTER_STATE_CONSENT_ROLES,
  },
  // Inter-state registration (spec 001 §2 /inter-state-registration and /{utilityType}/{id}; decision 0076): the
  // list, and one record under the utility type it is embedded in (DISCOM or TRANSCO; `new` for a new one). Two
  // routes with a static first segment, so no other two-segment path falls into them.
  interStateRegistrations: { path: '/inter-state-registration', guard: 'AUTH', roles: INTER_STATE_REGISTRATION_ROLES },
  interStateRegistrationDiscom: { path: '/DISCOM/:id', guard: 'AUTH', roles: INTER_STATE_REGISTRATION_ROLES },
  interStateRegistrationTransco: { path: '/TRANSCO/:id', guard: 'AUTH', roles: INTER_STATE_REGISTRATION_ROLES },
} as const satisfies Record<string, WebRoute>;
