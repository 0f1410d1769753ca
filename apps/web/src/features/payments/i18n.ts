import { enPayments, enReconciliation, enRefunds, enTdsChallans, type Language } from '@stoa/shared/messages';

import { catalogOf } from '../../lib/i18n';

type PaymentsMessages = typeof enPayments;
const paymentsCatalogs: Record<Language, PaymentsMessages> = { en: enPayments };
const refundsCatalogs: Record<Language, typeof enRefunds> = { en: enRefunds };

/** Texts of the payments pages (packages/shared messages/en.payments.ts). */
export function usePaymentsMessages() {
  return catalogOf(paymentsCatalogs);
}

/** Texts of the Refund page (packages/shared messages/en.refunds.ts). */
export function useRefundsMessages() {
  return catalogOf(refundsCatalogs);
}

const reconciliationCatalogs: Record<Language, typeof enReconciliation> = { en: enReconciliation };

/** Texts of reconciliation, e-bidding payments and the export (packages/shared messages/en.reconciliation.ts). */
export function useReconciliationMessages() {
  return catalogOf(reconciliationCatalogs);
}
/** Texts of TDS Challan Details and TDS Reconciliation (packages/shared messages/en.tds-challans.ts). */
export function useTdsChallanMessages() {
  return catalogOf(tdsChallanCatalogs);
}
const tdsChallanCatalogs: Record<Language, typeof enTdsChallans> = { en: enTdsChallans };
