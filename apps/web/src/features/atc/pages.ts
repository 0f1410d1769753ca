/** The atc pages, each its own chunk, loaded through this module on first use (decision 0030). */
export const atcPages = {
  AtcUploadPage: () => import('./components/atc-upload-page').then((m) => m.AtcUploadPage),
  AtcViewEditPage: () => import('./components/atc-view-edit-page').then((m) => m.AtcViewEditPage),
};
