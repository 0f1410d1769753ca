/** The revisions pages, each its own chunk, loaded through this module on first use (decision 0030). */
export const revisionsPages = {
  OaRevisionsPage: () => import('./components/oa-revisions-page').then((m) => m.OaRevisionsPage),
  SldcRevisionsPage: () => import('./components/sldc-revisions-page').then((m) => m.SldcRevisionsPage),
  RevisionPage: () => import('./components/revision-page').then((m) => m.RevisionPage),
};
