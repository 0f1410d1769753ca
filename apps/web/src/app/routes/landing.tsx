import { AccountDashboard } from '../../features/account/components/account-dashboard';
import { useAuthUser } from '../../lib/auth-store';

export default function LandingPage() {
  const user = useAuthUser();
  if (!user) return null;
  return <AccountDashboard user={user} />;
}
