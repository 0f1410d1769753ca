import { servicesCatalogs } from '@stoa/shared/messages';

import { catalogOf } from '../../lib/i18n';

/** Texts of the applicant's dues (packages/shared messages/en.services.ts). */
export function useDuesMessages() {
  return catalogOf(servicesCatalogs).dues;
}
