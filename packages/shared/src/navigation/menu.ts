import { ALL, LOAD_CENTRE_ROLES, type Role, type RoleList } from '../account/roles';
import { en } from '../messages/en';
import { WEB_ROUTES } from './routes';

/**
 * The top menu of spec 001 §2, one table for every role. `built: false` keeps an entry hidden
 * until its page exists, so no menu entry leads to an unfinished page. The web filters by role and `built`.
 */
export interface MenuItem {
  label: string;
  path: string;
  roles: RoleList;
  built: boolean;
}
export interface MenuSection {
  id: string;
  label: string;
  roles: RoleList;
  /** A section with one item and a path is a single link. */
  items: MenuItem[];
}

const SLDC = LOAD_CENTRE_ROLES;
const OA_TRADER: Role[] = ['OABusinessUser', 'Trader'];
const REG_REVIEWERS: Role[] = ['DISCOMBusinessUser', 'TRANSCOBusinessUser', ...SLDC];
const REPORT_ROLES: Role[] = ['OABusinessUser', 'Trader', ...SLDC, 'DISCOMBusinessUser', 'TRANSCOBusinessUser'];

const m = en.menu;

export const MENU: MenuSection[] = [
  {
    id: 'user-management',
    label: m.userManagement,
    roles: ['Admin'],
    items: [{ label: m.userManagement, path: WEB_ROUTES.adminUsers.path, roles: ['Admin'], built: true }],
  },
  {
    id: 'configurations',
    label: m.configurations,
    roles: ['Admin'],
    items: [
      { label: m.stoaCharges, path: WEB_ROUTES.stoaCharges.path, roles: ['Admin'], built: true },
      { label: m.fees, path: WEB_ROUTES.fees.path, roles: ['Admin'], built: true },
      { label: m.transco, path: WEB_ROUTES.transco.path, roles: ['Admin'], built: true },
      { label: m.discom, path: WEB_ROUTES.discom.path, roles: ['Admin'], built: true },
      { label: m.holidays, path: WEB_ROUTES.holidays.path, roles: ['Admin'], built: true },
      { label: m.bankDetails, path: WEB_ROUTES.bankDetails.path, roles: ['Admin'], built: true },
      { label: m.paymentDetails, path: WEB_ROUTES.paymentDetails.path, roles: ['Admin'], built: true },
      { label: m.userManual, path: WEB_ROUTES.userManual.path, roles: ['Admin'], built: true },
    ],
  },
  {
    id: 'registration',
    label: m.registration,
    roles: OA_TRADER,
    items: [
      { label: m.registrationNew, path: '/registrations', roles: OA_TRADER, built: false },
      { label: m.renewal, path: '/registrations/renew', roles: OA_TRADER, built: false },
    ],
  },
  {
    id: 'registration-requests',
    label: m.registrationRequests,
    roles: REG_REVIEWERS,
    items: [{ label: m.registrationRequests, path: '/registrations', roles: REG_REVIEWERS, built: false }],
  },
  {
    id: 'renewal-requests',
    label: m.renewalRequests,
    roles: REG_REVIEWERS,
    items: [{ label: m.renewalRequests, path: '/registrations/renew', roles: REG_REVIEWERS, built: false }],
  },
  {
    id: 'traders',
    label: m.traders,
    roles: ['OABusinessUser'],
    items: [{ label: m.traders, path: '/traders', roles: ['OABusinessUser'], built: false }],
  },
  {
    id: 'entities',
    label: m.entities,
    roles: ['Trader'],
    items: [{ label: m.entities, path: '/entities', roles: ['Trader'], built: false }],
  },
  {
    id: 'hangfire',
    label: m.hangfire,
    roles: ['Admin'],
    items: [{ label: m.hangfire, path: WEB_ROUTES.hangfire.path, roles: ['Admin'], built: true }],
  },
  {
    id: 'transactions-applicant',
    label: m.transactions,
    roles: OA_TRADER,
    items: [
      { label: m.applications, path: '/applications/oa', roles: OA_TRADER, built: false },
      { label: m.revision, path: '/revision/oa', roles: OA_TRADER, built: false },
      { label: m.standingClearanceBilateral, path: '/consent-for-inter-state-stoa-transactions', roles: OA_TRADER, built: false },
      { label: m.appliedCurtailments, path: '/curtailment', roles: OA_TRADER, built: false },
    ],
  },
  {
    id: 'transactions-sldc',
    label: m.transactions,
    roles: SLDC,
    items: [
      { label: m.advance, path: '/applications/sldc/Advance', roles: SLDC, built: false },
      { label: m.dayAhead, path: '/applications/sldc/DayAhead', roles: SLDC, built: false },
      { label: m.fcfs, path: '/applications/sldc/FCFS', roles: SLDC, built: false },
      { label: m.contingency, path: '/applications/sldc/Contingency', roles: SLDC, built: false },
      { label: m.requestedRevisions, path: '/revision/sldc', roles: SLDC, built: false },
      { label: m.appliedCurtailments, path: '/curtailment', roles: SLDC, built: false },
    ],
  },
  {
    id: 'atc',
    label: m.atc,
    roles: ['SLDCBusinessUser'],
    items: [
      { label: m.intraStateUploads, path: '/intra-state-stoa/upload', roles: ['SLDCBusinessUser'], built: false },
      { label: m.intraStateViewEdit, path: '/intra-state-stoa/view-edit', roles: ['SLDCBusinessUser'], built: false },
      { label: m.interStateUploads, path: '/inter-state-stoa/upload', roles: ['SLDCBusinessUser'], built: false },
      { label: m.interStateViewEdit, path: '/inter-state-stoa/view-edit', roles: ['SLDCBusinessUser'], built: false },
    ],
  },
  {
    id: 'inter-state',
    label: m.interState,
    roles: SLDC,
    items: [
      { label: m.interStateRegistration, path: '/inter-state-registration', roles: SLDC, built: false },
      { label: m.standingClearanceBilateral, path: '/standing-clearance-power/bilateral', roles: SLDC, built: false },
      { label: m.standingClearancePx, path: '/standing-clearance-power/power-exchange', roles: SLDC, built: false },
    ],
  },
  {
    id: 'e-bidding',
    label: m.eBidding,
    roles: [...OA_TRADER, ...SLDC],
    items: [
      { label: m.eBiddingApplications, path: '/e-bidding', roles: OA_TRADER, built: false },
      { label: m.invitation, path: '/e-bidding', roles: SLDC, built: false },
    ],
  },
  {
    id: 'payments',
    label: m.payments,
    roles: [...OA_TRADER, ...SLDC],
    items: [
      { label: m.paymentDetailsMenu, path: '/payments', roles: OA_TRADER, built: false },
      { label: m.tdsChallan, path: '/payments/challan', roles: OA_TRADER, built: false },
      { label: m.tdsConfig, path: '/payments/tds-config', roles: ['OABusinessUser'], built: false },
      { label: m.paymentReconciliation, path: '/payments/dashboard', roles: SLDC, built: false },
      { label: m.tdsReconciliation, path: '/payments/challan', roles: SLDC, built: false },
      { label: m.refund, path: '/payments/refund', roles: [...OA_TRADER, ...SLDC], built: false },
      { label: m.sldcBankDetails, path: '/payments/bank-details', roles: [...OA_TRADER, 'SLDCBusinessUser'], built: false },
    ],
  },
  {
    id: 'reports',
    label: m.reports,
    roles: REPORT_ROLES,
    items: [],
  },
];

/** The menu a role sees: sections and items it may use whose pages are built. */
export function menuForRole(role: Role, menu: MenuSection[] = MENU): MenuSection[] {
  const allowed = (roles: RoleList) => roles === ALL || roles.includes(role);
  return menu
    .filter((s) => allowed(s.roles))
    .map((s) => ({ ...s, items: s.items.filter((i) => i.built && allowed(i.roles)) }))
    .filter((s) => s.items.length > 0);
}

/** Sections with more than 4 items show in two columns. */
export const TWO_COLUMN_THRESHOLD = 4;
