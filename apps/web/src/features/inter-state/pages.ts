/** The standing-clearance pages, each its own chunk, loaded through this module on first use (decision 0030). */
export const interStatePages = {
  AllStandingClearancesPage: () => import('./components/standing-clearance-list-page').then((m) => m.AllStandingClearancesPage),
  PowerExchangeClearancesPage: () => import('./components/standing-clearance-list-page').then((m) => m.PowerExchangeClearancesPage),
  BilateralClearancesPage: () => import('./components/standing-clearance-list-page').then((m) => m.BilateralClearancesPage),
  StandingClearanceApplyPage: () => import('./components/standing-clearance-apply-page').then((m) => m.StandingClearanceApplyPage),
  StandingClearanceDetailPage: () => import('./components/standing-clearance-detail-page').then((m) => m.StandingClearanceDetailPage),
  ConsentListPage: () => import('./components/consent-list-page').then((m) => m.ConsentListPage),
  ConsentApplyPage: () => import('./components/consent-apply-page').then((m) => m.ConsentApplyPage),
  IsrListPage: () => import('./components/isr-list-page').then((m) => m.IsrListPage),
  IsrDiscomPage: () => import('./components/isr-page').then((m) => m.IsrDiscomPage),
  IsrTranscoPage: () => import('./components/isr-page').then((m) => m.IsrTranscoPage),
};
