import { CurtailmentListPage } from '../../../features/curtailment/components/curtailment-list-page';

export default function CurtailmentsRoute() {
  return <CurtailmentListPage />;
}
