import { adminCatalogs } from '@stoa/shared/messages';

import { catalogOf } from '../../lib/i18n';

/** Texts of the configuration pages (packages/shared messages/en.admin.ts). */
export function useConfigMessages() {
  return catalogOf(adminCatalogs).configuration;
}
