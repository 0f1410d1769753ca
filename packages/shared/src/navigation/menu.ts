import { ALL, LOAD_CENTRE_ROLES, type Role, type RoleList } from '../account/roles';
import { en } from '../messages/en';
import { REPORTS_IN_MENU_ORDER, reportPath } from '../reports/reports.registry';
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
const UTILITY: Role[] = ['DISCOMBusinessUser', 'TRANSCOBusinessUser'];
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
      { label: m.registrationNew, path: WEB_ROUTES.registrations.path, roles: OA_TRADER, built: true },
      { label: m.renewal, path: WEB_ROUTES.registrationRenewals.path, roles: OA_TRADER, built: true },
      // Decision 0076: an approved entity registers its inter-state participation (a trader reads its applicants').
      { label: m.interStateRegistration, path: WEB_ROUTES.interStateRegistrations.path, roles: OA_TRADER, built: true },
    ],
  },
  {
    id: 'registration-requests',
    label: m.registrationRequests,
    roles: REG_REVIEWERS,
    items: [{ label: m.registrationRequests, path: WEB_ROUTES.registrations.path, roles: REG_REVIEWERS, built: true }],
  },
  {
    id: 'renewal-requests',
    label: m.renewalRequests,
    roles: REG_REVIEWERS,
    items: [{ label: m.renewalRequests, path: WEB_ROUTES.registrationRenewals.path, roles: REG_REVIEWERS, built: true }],
  },
  {
    id: 'traders',
    label: m.traders,
    roles: ['OABusinessUser'],
    items: [{ label: m.traders, path: WEB_ROUTES.traders.path, roles: ['OABusinessUser'], built: true }],
  },
  {
    id: 'entities',
    label: m.entities,
    roles: ['Trader'],
    items: [{ label: m.entities, path: WEB_ROUTES.entities.path, roles: ['Trader'], built: true }],
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
      { label: m.applications, path: '/applications/oa', roles: OA_TRADER, built: true },
      { label: m.revision, path: '/revision/oa', roles: OA_TRADER, built: true },
      // Spec 001 §2: the applicants' 'Standing Clearance of Inter-State Bilateral Transaction' is the consent page (decision 0068).
      { label: m.standingClearanceBilateral, path: WEB_ROUTES.interStateConsents.path, roles: OA_TRADER, built: true },
      // Issue 14 has applicants apply for power-exchange standing clearances (decision 0060); the list has type tabs.
      { label: m.standingClearancePx, path: WEB_ROUTES.standingClearancesPowerExchange.path, roles: OA_TRADER, built: true },
      { label: m.appliedCurtailments, path: WEB_ROUTES.curtailments.path, roles: OA_TRADER, built: true },
    ],
  },
  {
    id: 'transactions-sldc',
    label: m.transactions,
    roles: SLDC,
    items: [
      { label: m.advance, path: '/applications/sldc/Advance', roles: SLDC, built: true },
      { label: m.dayAhead, path: '/applications/sldc/DayAhead', roles: SLDC, built: true },
      { label: m.fcfs, path: '/applications/sldc/FCFS', roles: SLDC, built: true },
      { label: m.contingency, path: '/applications/sldc/Contingency', roles: SLDC, built: true },
      { label: m.requestedRevisions, path: '/revision/sldc', roles: SLDC, built: true },
      { label: m.appliedCurtailments, path: WEB_ROUTES.curtailments.path, roles: SLDC, built: true },
    ],
  },
  {
    id: 'atc',
    label: m.atc,
    roles: ['SLDCBusinessUser'],
    items: [
      { label: m.intraStateUploads, path: WEB_ROUTES.atcIntraStateUpload.path, roles: ['SLDCBusinessUser'], built: true },
      { label: m.intraStateViewEdit, path: WEB_ROUTES.atcIntraStateViewEdit.path, roles: ['SLDCBusinessUser'], built: true },
      { label: m.interStateUploads, path: WEB_ROUTES.atcInterStateUpload.path, roles: ['SLDCBusinessUser'], built: true },
      { label: m.interStateViewEdit, path: WEB_ROUTES.atcInterStateViewEdit.path, roles: ['SLDCBusinessUser'], built: true },
    ],
  },
  {
    id: 'inter-state',
    label: m.interState,
    // DISCOM/TRANSCO users consent to standing clearances where the operating rule asks for it (decision 0062).
    roles: [...SLDC, ...UTILITY],
    items: [
      // Decision 0076: the SLDC roles' Inter-State Registration; the DISCOM/TRANSCO users consent to those embedded in them.
      { label: m.interStateRegistration, path: WEB_ROUTES.interStateRegistrations.path, roles: [...SLDC, ...UTILITY], built: true },
      { label: m.standingClearanceConsents, path: WEB_ROUTES.standingClearances.path, roles: UTILITY, built: true },
      { label: m.standingClearanceBilateral, path: WEB_ROUTES.standingClearancesBilateral.path, roles: SLDC, built: true },
      { label: m.standingClearancePx, path: WEB_ROUTES.standingClearancesPowerExchange.path, roles: SLDC, built: true },
    ],
  },
  {
    id: 'e-bidding',
    label: m.eBidding,
    roles: [...OA_TRADER, ...SLDC],
    items: [
      { label: m.eBiddingApplications, path: WEB_ROUTES.eBidding.path, roles: OA_TRADER, built: true },
      { label: m.invitation, path: WEB_ROUTES.eBidding.path, roles: SLDC, built: true },
    ],
  },
  {
    id: 'payments',
    label: m.payments,
    roles: [...OA_TRADER, ...SLDC],
    items: [
      { label: m.paymentDetailsMenu, path: WEB_ROUTES.payments.path, roles: OA_TRADER, built: true },
      { label: m.tdsChallan, path: WEB_ROUTES.tdsChallans.path, roles: OA_TRADER, built: true },
      { label: m.tdsConfig, path: WEB_ROUTES.tdsConfig.path, roles: ['OABusinessUser'], built: true },
      { label: m.paymentReconciliation, path: WEB_ROUTES.paymentReconciliation.path, roles: SLDC, built: true },
      { label: m.tdsReconciliation, path: WEB_ROUTES.tdsChallans.path, roles: SLDC, built: true },
      { label: m.refund, path: WEB_ROUTES.refunds.path, roles: [...OA_TRADER, ...SLDC], built: true },
      { label: m.sldcBankDetails, path: WEB_ROUTES.sldcBankDetails.path, roles: WEB_ROUTES.sldcBankDetails.roles, built: true },
    ],
  },
  {
    id: 'reports',
    label: m.reports,
    roles: REPORT_ROLES,
    // Issue 15 (decision 0066): the built reports of the registry, in the spec's order, each for its roles.
    items: REPORTS_IN_MENU_ORDER.map((r) => ({ label: r.label, path: reportPath(r), roles: [...r.roles], built: true })),
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

/**
 * Whether another entry's path lies under this one ('/registrations' under which
 * '/registrations/renew' sits): such an entry is active on its own path only (NavLink `end`),
 * so that 'Registration' and 'Renewal of Registration' are never highlighted together.
 */
export function hasNestedMenuPath(path: string, menu: MenuSection[] = MENU): boolean {
  return menu.some((s) => s.items.some((i) => i.path !== path && i.path.startsWith(`${path}/`)));
}
