/**
 * The SLDC application pages (issue 5; load-centre roles), each its own chunk, reached through this
 * one module like the registration and ATC pages: the first load's route table names a single entry.
 */
export const applicationSldcPageLoaders = {
  sldcApplications: () => import('./routes/applications-sldc/list'),
  sldcApplicationView: () => import('./routes/applications-sldc/view'),
  sldcApplicationProcessing: () => import('./routes/applications-sldc/processing'),
};
