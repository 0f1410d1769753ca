import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { useState } from 'react';

import { useRevisionMessages } from '../i18n';
import { NewRevisionPanel } from './new-revision';
import { RevisionListPage } from './revision-list';

/** `/revision/oa` (OA applicant, trader): the caller's revisions, and 'New revision' from an approved application. */
export function OaRevisionsPage() {
  const t = useRevisionMessages().pages;
  const [creating, setCreating] = useState(false);
  return (
    <RevisionListPage
      scope="oa"
      panel={creating ? <NewRevisionPanel onCancel={() => setCreating(false)} /> : null}
      actions={
        <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)} disabled={creating}>
          {t.newRevision}
        </Button>
      }
    />
  );
}
