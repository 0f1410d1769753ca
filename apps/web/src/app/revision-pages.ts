/**
 * The revision pages (issue 5), each its own chunk, reached through this one module like the other
 * domains' pages: the first load's route table names a single entry for them.
 */
export const revisionPageLoaders = {
  oaRevisions: () => import('./routes/revisions/oa'),
  sldcRevisions: () => import('./routes/revisions/sldc'),
  revisionView: () => import('./routes/revisions/view'),
};
