import { SldcRevisionsPage } from '../../../features/revisions/sldc-revisions-page';

export default function SldcRevisionsRoute() {
  return <SldcRevisionsPage />;
}
