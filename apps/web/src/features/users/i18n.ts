import { adminCatalogs } from '@stoa/shared/messages';

import { catalogOf } from '../../lib/i18n';

/** Texts of the user administration pages (packages/shared messages/en.admin.ts). */
export function useUsersMessages() {
  return catalogOf(adminCatalogs).users;
}
