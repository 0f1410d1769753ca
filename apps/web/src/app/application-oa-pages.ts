/**
 * The applicant's and trader's application pages (issue 5), each its own chunk, reached through
 * this one module like the registration pages: the first load's route table names a single entry.
 */
export const applicationOaPageLoaders = {
  oaApplications: () => import('./routes/applications-oa/list'),
  oaApplicationForm: () => import('./routes/applications-oa/form'),
};
