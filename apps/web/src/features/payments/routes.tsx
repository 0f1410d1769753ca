import { WEB_ROUTES } from '@stoa/shared/navigation';

import { type FeatureRoute, lazyPage, pageTable } from '../../lib/lazy-page';

const page = pageTable(() => import('./pages').then((m) => m.paymentsPages));

/** Payments (issue 13): Payment Details (payers), Payment Reconciliation (SLDC), TDS Configuration (OA), TDS interest
 * (Admin), the SLDC bank account for payers. */
export const paymentsRoutes: FeatureRoute[] = [
  { route: WEB_ROUTES.tdsConfig, Page: lazyPage(page('TdsConfigPage')) },
  { route: WEB_ROUTES.tdsInterest, Page: lazyPage(page('TdsInterestPage')) },
  { route: WEB_ROUTES.sldcBankDetails, Page: lazyPage(page('SldcBankDetailsPage')) },
  { route: WEB_ROUTES.payments, Page: lazyPage(page('PaymentDetailsPage')) },
  { route: WEB_ROUTES.paymentReconciliation, Page: lazyPage(page('PaymentReconciliationPage')) },
  { route: WEB_ROUTES.refunds, Page: lazyPage(page('RefundPage')) },
  { route: WEB_ROUTES.ebiddingPayments, Page: lazyPage(page('EbiddingPaymentsPage')) },
  // TDS Challan Details (payers) / TDS Reconciliation (SLDC), by role (decision 0053).
  { route: WEB_ROUTES.tdsChallans, Page: lazyPage(page('TdsChallanPage')) },
  // Public (guard PUBLIC): the check of a receipt's verification code, signed in or not.
  { route: WEB_ROUTES.verifyReceipt, Page: lazyPage(page('VerifyReceiptPage')) },
];
