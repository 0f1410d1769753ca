/** The applications pages, each its own chunk, loaded through this module on first use (decision 0030). */
export const applicationsPages = {
  SldcApplicationListPage: () => import('./components/sldc/application-list-page').then((m) => m.SldcApplicationListPage),
  SldcProcessingPage: () => import('./components/sldc/processing-page').then((m) => m.SldcProcessingPage),
  SldcApplicationDetailPage: () => import('./components/sldc/application-detail-page').then((m) => m.SldcApplicationDetailPage),
  ApplicationListPage: () => import('./components/oa/application-list-page').then((m) => m.ApplicationListPage),
  ApplicationPage: () => import('./components/oa/application-page').then((m) => m.ApplicationPage),
};
