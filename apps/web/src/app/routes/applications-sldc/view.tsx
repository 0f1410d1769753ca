import { SldcApplicationDetailPage } from '../../../features/applications/sldc/application-detail-page';

export default function SldcApplicationViewRoute() {
  return <SldcApplicationDetailPage />;
}
