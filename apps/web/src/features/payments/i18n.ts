import { enPayments, type Language } from '@stoa/shared/messages';

import { catalogOf } from '../../lib/i18n';

type PaymentsMessages = typeof enPayments;
const paymentsCatalogs: Record<Language, PaymentsMessages> = { en: enPayments };

/** Texts of the payments pages (packages/shared messages/en.payments.ts). */
export function usePaymentsMessages() {
  return catalogOf(paymentsCatalogs);
}
