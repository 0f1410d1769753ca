import { WEB_ROUTES } from '@stoa/shared/navigation';

import { type FeatureRoute, lazyPage, pageTable } from '../../lib/lazy-page';

const page = pageTable(() => import('./pages').then((m) => m.atcPages));

const uploadPage = page('AtcUploadPage');
const viewEditPage = page('AtcViewEditPage');

/** The ATC pages (issue 5; SLDC Business User). */
export const atcRoutes: FeatureRoute[] = [
  { route: WEB_ROUTES.atcIntraStateUpload, Page: lazyPage(uploadPage, { mode: 'IntraState' }) },
  { route: WEB_ROUTES.atcIntraStateViewEdit, Page: lazyPage(viewEditPage, { mode: 'IntraState' }) },
  { route: WEB_ROUTES.atcInterStateUpload, Page: lazyPage(uploadPage, { mode: 'InterState' }) },
  { route: WEB_ROUTES.atcInterStateViewEdit, Page: lazyPage(viewEditPage, { mode: 'InterState' }) },
];
