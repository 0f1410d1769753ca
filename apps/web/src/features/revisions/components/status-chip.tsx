import Chip from '@mui/material/Chip';

import { enRevisions } from '@stoa/shared/messages';
import type { RevisionStatus } from '@stoa/shared/revisions';

const TONE: Record<RevisionStatus, 'success' | 'error' | 'info'> = { Approved: 'success', Rejected: 'error', Requested: 'info' };

/** A revision's status as a chip (dark shades keep white text above 4.5:1). */
export function RevisionStatusChip({ status }: { status: RevisionStatus }) {
  return (
    <Chip size="small" label={enRevisions.statusLabels[status]} sx={{ bgcolor: `${TONE[status]}.dark`, color: '#fff', fontWeight: 500 }} />
  );
}
