import { atcCatalogs } from '@stoa/shared/messages';
import type { AtcMode } from '@stoa/shared/atc';
import { WEB_ROUTES } from '@stoa/shared/navigation';

import { catalogOf } from '../../lib/i18n';

/** Texts of the ATC pages (packages/shared messages/en.atc.ts). */
export function useAtcMessages() {
  return catalogOf(atcCatalogs);
}

/** The two pages of each mode (spec 001 §2: /intra-state-stoa and /inter-state-stoa, Uploads and View/Edit). */
export const ATC_PAGES: Record<AtcMode, { upload: string; viewEdit: string }> = {
  IntraState: { upload: WEB_ROUTES.atcIntraStateUpload.path, viewEdit: WEB_ROUTES.atcIntraStateViewEdit.path },
  InterState: { upload: WEB_ROUTES.atcInterStateUpload.path, viewEdit: WEB_ROUTES.atcInterStateViewEdit.path },
};
