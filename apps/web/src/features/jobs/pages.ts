/** The jobs pages, each its own chunk, loaded through this module on first use (decision 0030). */
export const jobsPages = {
  RecurringJobsPage: () => import('./components/recurring-jobs-page').then((m) => m.RecurringJobsPage),
};
