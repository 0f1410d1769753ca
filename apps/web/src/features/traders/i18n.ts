import { enRegistrations, type Language } from '@stoa/shared/messages';

import { catalogOf } from '../../lib/i18n';

type RegistrationMessages = typeof enRegistrations;
const registrationCatalogs: Record<Language, RegistrationMessages> = { en: enRegistrations };

/** Texts of the trader pages (packages/shared messages/en.registrations.ts). */
export function useTradersMessages() {
  const catalog = catalogOf(registrationCatalogs);
  return { ...catalog.traders, list: catalog.list, entityTypeLabels: catalog.entityTypeLabels };
}
