import { ALL, APPLICANT_ROLES, NON_ADMIN_ROLES, type RoleList } from '../account/roles';

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
} as const satisfies Record<string, WebRoute>;
