import { AccountDashboard } from './account-dashboard';
import { DuesCard, hasDues } from '../../dues';
import { useAuthUser } from '../../../lib/auth-store';

export function LandingPage() {
  const user = useAuthUser();
  if (!user) return null;
  // Applicants see their dues on the dashboard (issue 3).
  return <AccountDashboard user={user}>{hasDues(user.role) && <DuesCard />}</AccountDashboard>;
}
