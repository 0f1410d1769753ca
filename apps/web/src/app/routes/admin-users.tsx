import { UsersPage } from '../../features/users/components/users-page';

export default function AdminUsersPage() {
  return <UsersPage />;
}
