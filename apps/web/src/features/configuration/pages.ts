/** The configuration pages, each its own chunk, loaded through this module on first use (decision 0030). */
export const configurationPages = {
  ChargesPage: () => import('./components/charges-page').then((m) => m.ChargesPage),
  UtilitiesPage: () => import('./components/utilities-page').then((m) => m.UtilitiesPage),
  HolidaysPage: () => import('./components/holidays-page').then((m) => m.HolidaysPage),
  BankDetailsPage: () => import('./components/bank-details-page').then((m) => m.BankDetailsPage),
  PaymentDetailsPage: () => import('./components/payment-details-page').then((m) => m.PaymentDetailsPage),
  UserManualsPage: () => import('./components/user-manuals-page').then((m) => m.UserManualsPage),
};
