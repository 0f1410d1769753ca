import { RevisionPage } from '../../../features/revisions/revision-page';

export default function RevisionRoute() {
  return <RevisionPage />;
}
