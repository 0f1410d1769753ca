/**
 * The trader management pages (issue 4), each its own chunk, reached through this one module like
 * the Admin pages: the first load's route table names a single entry for them.
 */
export const traderPageLoaders = {
  traders: () => import('./routes/traders'),
  entities: () => import('./routes/entities'),
};
