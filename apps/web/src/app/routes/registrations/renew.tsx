import { RegistrationFormPage } from '../../../features/registrations/components/registration-form-page';

export default function RenewRegistrationRoute() {
  return <RegistrationFormPage mode="renew" />;
}
