import { RegistrationListPage } from '../../../features/registrations/components/registration-list-page';

export default function RegistrationsRoute() {
  return <RegistrationListPage kind="registrations" />;
}
