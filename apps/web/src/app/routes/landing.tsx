import { AccountDashboard } from '../../features/account/components/account-dashboard';
import { hasDues } from '../../features/dues/api/dues-queries';
import { DuesCard } from '../../features/dues/components/dues-card';
import { useAuthUser } from '../../lib/auth-store';

export default function LandingPage() {
  const user = useAuthUser();
  if (!user) return null;
  // Applicants see their dues on the dashboard (issue 3).
  return <AccountDashboard user={user}>{hasDues(user.role) && <DuesCard />}</AccountDashboard>;
}
