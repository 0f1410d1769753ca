/** The registrations pages, each its own chunk, loaded through this module on first use (decision 0030). */
export const registrationsPages = {
  RegistrationListPage: () => import('./components/registration-list-page').then((m) => m.RegistrationListPage),
  RegistrationFormPage: () => import('./components/registration-form-page').then((m) => m.RegistrationFormPage),
};
