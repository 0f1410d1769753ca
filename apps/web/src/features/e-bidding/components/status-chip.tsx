import Chip from '@mui/material/Chip';

import { EBIDDING_STATUS_LABELS, type EBiddingStatus } from '@stoa/shared/e-bidding';

const TONE: Record<EBiddingStatus, 'success' | 'error' | 'warning' | 'info' | 'grey'> = {
  None: 'grey',
  Draft: 'grey',
  Initiated: 'info',
  Submitted: 'warning',
  Completed: 'success',
  Expired: 'error',
};

/** An e-bidding status (spec 000 §4) as a chip; dark shades keep white text above 4.5:1. */
export function EBiddingStatusChip({ status, label }: { status: EBiddingStatus; label?: string }) {
  const tone = TONE[status];
  const bgcolor = tone === 'grey' ? 'grey.700' : `${tone}.dark`;
  return <Chip size="small" label={label ?? EBIDDING_STATUS_LABELS[status]} sx={{ bgcolor, color: '#fff', fontWeight: 500 }} />;
}
