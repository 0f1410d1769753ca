import { RevisionListPage } from './revision-list';

/** `/revision/sldc` (load-centre roles): 'Requested Revisions' with filters; a revision opens for Approve / Reject. */
export function SldcRevisionsPage() {
  return <RevisionListPage scope="sldc" />;
}
