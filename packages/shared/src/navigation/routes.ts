import { ALL, type RoleList } from '../account/roles';

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
} as const satisfies Record<string, WebRoute>;
