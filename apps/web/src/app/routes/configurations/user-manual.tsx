import { UserManualsPage } from '../../../features/configuration/components/user-manuals-page';

export default function UserManualRoute() {
  return <UserManualsPage />;
}
