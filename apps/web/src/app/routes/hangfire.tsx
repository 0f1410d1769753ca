import { RecurringJobsPage } from '../../features/jobs/components/recurring-jobs-page';

export default function HangfireRoute() {
  return <RecurringJobsPage />;
}
