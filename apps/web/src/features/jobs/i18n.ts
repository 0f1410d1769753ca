import { adminCatalogs } from '@stoa/shared/messages';

import { catalogOf } from '../../lib/i18n';

/** Texts of the Recurring Jobs page (packages/shared messages/en.admin.ts). */
export function useJobsMessages() {
  return catalogOf(adminCatalogs).jobs;
}
