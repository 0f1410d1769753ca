/**
 * The Admin pages (issue 3), each its own chunk, reached through this one module: the first
 * load's route table names a single entry for them instead of every page and its chunks.
 */
export const adminPageLoaders = {
  adminUsers: () => import('./routes/admin-users'),
  stoaCharges: () => import('./routes/configurations/stoa-charges'),
  fees: () => import('./routes/configurations/fees'),
  transco: () => import('./routes/configurations/transco'),
  discom: () => import('./routes/configurations/discom'),
  holidays: () => import('./routes/configurations/holidays'),
  bankDetails: () => import('./routes/configurations/bank-details'),
  paymentDetails: () => import('./routes/configurations/payment-details'),
  userManual: () => import('./routes/configurations/user-manual'),
  hangfire: () => import('./routes/hangfire'),
};
