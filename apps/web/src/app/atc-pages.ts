/**
 * The ATC pages (issue 5; SLDC Business User), each its own chunk, reached through this one module
 * like the Admin and registration pages: the first load's route table names a single entry for them.
 */
export const atcPageLoaders = {
  atcIntraStateUpload: () => import('./routes/atc/intra-state-upload'),
  atcIntraStateViewEdit: () => import('./routes/atc/intra-state-view-edit'),
  atcInterStateUpload: () => import('./routes/atc/inter-state-upload'),
  atcInterStateViewEdit: () => import('./routes/atc/inter-state-view-edit'),
};
