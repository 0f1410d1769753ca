import Chip from '@mui/material/Chip';

import type { StandingClearanceDisplayStatus } from '@stoa/shared/inter-state';
import { enInterState } from '@stoa/shared/messages';

const TONE: Record<StandingClearanceDisplayStatus, string> = {
  Submitted: 'info.dark',
  ConsentPending: 'warning.dark',
  Verified: 'secondary.dark',
  Issued: 'success.dark',
  Refused: 'error.dark',
  Revoked: 'error.dark',
  Expired: 'grey.700',
};

/** A standing clearance's status as a chip (dark shades keep white text above 4.5:1). */
export function ClearanceStatusChip({ status }: { status: StandingClearanceDisplayStatus }) {
  return (
    <Chip
      size="small"
      label={enInterState.standingClearance.statusLabels[status]}
      sx={{ bgcolor: TONE[status], color: '#fff', fontWeight: 500, maxWidth: '100%' }}
    />
  );
}

/** The "Fee unpaid" flag of a clearance whose fee due is still owed. */
export function FeeUnpaidChip({ label }: { label: string }) {
  return <Chip size="small" variant="outlined" color="warning" label={label} sx={{ fontWeight: 500, color: 'warning.dark' }} />;
}
