/** The traders pages, each its own chunk, loaded through this module on first use (decision 0030). */
export const tradersPages = {
  TradersPage: () => import('./components/traders-page').then((m) => m.TradersPage),
  EntitiesPage: () => import('./components/entities-page').then((m) => m.EntitiesPage),
};
