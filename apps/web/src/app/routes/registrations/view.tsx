import { RegistrationFormPage } from '../../../features/registrations/components/registration-form-page';

export default function ViewRegistrationRoute() {
  return <RegistrationFormPage mode="view" />;
}
