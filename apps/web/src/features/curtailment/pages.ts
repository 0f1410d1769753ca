/** The curtailment pages, each its own chunk, loaded through this module on first use (decision 0030). */
export const curtailmentPages = {
  CurtailmentListPage: () => import('./components/curtailment-list-page').then((m) => m.CurtailmentListPage),
  CurtailmentDetailPage: () => import('./components/curtailment-detail-page').then((m) => m.CurtailmentDetailPage),
};
