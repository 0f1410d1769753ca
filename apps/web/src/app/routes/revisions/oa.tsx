import { OaRevisionsPage } from '../../../features/revisions/oa-revisions-page';

export default function OaRevisionsRoute() {
  return <OaRevisionsPage />;
}
