import { RegistrationListPage } from '../../../features/registrations/components/registration-list-page';

export default function RegistrationRenewalsRoute() {
  return <RegistrationListPage kind="renewals" />;
}
