import { RegistrationFormPage } from '../../../features/registrations/components/registration-form-page';

export default function NewRegistrationRoute() {
  return <RegistrationFormPage mode="new" />;
}
