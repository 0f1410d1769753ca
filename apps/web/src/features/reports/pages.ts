/** The reports page, its own chunk, loaded through this module on first use (decision 0030). */
export const reportsPages = {
  ReportPage: () => import('./components/report-page').then((m) => m.ReportPage),
  OpenAccessInformationPage: () => import('./components/open-access-information-page').then((m) => m.OpenAccessInformationPage),
};
