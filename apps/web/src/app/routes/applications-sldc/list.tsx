import { SldcApplicationListPage } from '../../../features/applications/sldc/application-list-page';

export default function SldcApplicationsRoute() {
  return <SldcApplicationListPage />;
}
