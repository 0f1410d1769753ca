import { AccountDashboard } from './account-dashboard';
import { hasWaitingWork, WaitingWorkCard } from '../../dashboard';
import { DuesCard, hasDues } from '../../dues';
import { useAuthUser } from '../../../lib/auth-store';

export function LandingPage() {
  const user = useAuthUser();
  if (!user) return null;
  // What waits for the user first (issue 15); applicants see their dues on the dashboard (issue 3).
  return (
    <AccountDashboard user={user} work={hasWaitingWork(user.role) && <WaitingWorkCard />}>
      {hasDues(user.role) && <DuesCard />}
    </AccountDashboard>
  );
}
