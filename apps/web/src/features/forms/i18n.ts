import { formsCatalogs } from '@stoa/shared/messages';

import { catalogOf } from '../../lib/i18n';

/** Texts of the form engine (packages/shared messages/en.forms.ts); they load with the renderer. */
export function useFormsMessages() {
  return catalogOf(formsCatalogs);
}
