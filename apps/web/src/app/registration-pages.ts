/**
 * The registration pages (issue 4), each its own chunk, reached through this one module like the
 * Admin pages: the first load's route table names a single entry for them.
 */
export const registrationPageLoaders = {
  registrations: () => import('./routes/registrations/registrations'),
  registrationRenewals: () => import('./routes/registrations/renewals'),
  registrationNew: () => import('./routes/registrations/new'),
  registrationView: () => import('./routes/registrations/view'),
  registrationRenew: () => import('./routes/registrations/renew'),
};
