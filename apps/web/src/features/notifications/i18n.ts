import { servicesCatalogs } from '@stoa/shared/messages';

import { catalogOf } from '../../lib/i18n';

/** Texts of the notification bell beyond those of the specification (packages/shared messages/en.services.ts). */
export function useNotificationMessages() {
  return catalogOf(servicesCatalogs).notifications;
}
