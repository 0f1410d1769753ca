/** The payments pages, each its own chunk, loaded through this module on first use (decision 0030). */
export const paymentsPages = {
  TdsConfigPage: () => import('./components/tds-config-page').then((m) => m.TdsConfigPage),
  SldcBankDetailsPage: () => import('./components/sldc-bank-details-page').then((m) => m.SldcBankDetailsPage),
  TdsInterestPage: () => import('./components/tds-interest-page').then((m) => m.TdsInterestPage),
  PaymentDetailsPage: () => import('./components/payment-pages').then((m) => m.PaymentDetailsPage),
  PaymentReconciliationPage: () => import('./components/payment-pages').then((m) => m.PaymentReconciliationPage),
  RefundPage: () => import('./components/refund-page').then((m) => m.RefundPage),
  EbiddingPaymentsPage: () => import('./components/ebidding-payments-page').then((m) => m.EbiddingPaymentsPage),
  TdsChallanPage: () => import('./components/tds-challan-pages').then((m) => m.TdsChallanPage),
  VerifyReceiptPage: () => import('./components/verify-receipt-page').then((m) => m.VerifyReceiptPage),
};
