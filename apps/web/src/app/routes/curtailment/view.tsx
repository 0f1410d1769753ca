import { CurtailmentDetailPage } from '../../../features/curtailment/components/curtailment-detail-page';

export default function CurtailmentViewRoute() {
  return <CurtailmentDetailPage />;
}
