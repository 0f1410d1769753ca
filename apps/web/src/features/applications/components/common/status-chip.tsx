import Chip from '@mui/material/Chip';

import { APPLICATION_STATUS_LABELS, type ApplicationStatus } from '@stoa/shared/applications';

type Tone = 'success' | 'error' | 'warning' | 'info';

/** Colour family: approved green, refusals red, returned and partial amber, the rest (pending) blue. */
export function applicationStatusTone(status: ApplicationStatus): Tone {
  if (status === 'Approved') return 'success';
  if (status === 'Rejected' || status === 'NoSTOARejected') return 'error';
  if (status === 'Returned' || status === 'PartiallyApproved') return 'warning';
  return 'info';
}

/** The label of a status (spec 001 §4 application filter labels). */
export function applicationStatusLabel(status: ApplicationStatus): string {
  return APPLICATION_STATUS_LABELS[status];
}

/**
 * An application's status as a chip with the specification's label (spec 001 §4). Dark shades keep
 * white text above 4.5:1.
 */
export function ApplicationStatusChip({
  status,
  size = 'small',
  wrap = false,
}: {
  status: ApplicationStatus;
  size?: 'small' | 'medium';
  wrap?: boolean;
}) {
  const tone = applicationStatusTone(status);
  const wrapping = wrap ? { height: 'auto', minHeight: 24, '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } } : {};
  return (
    <Chip
      size={size}
      label={applicationStatusLabel(status)}
      sx={{ bgcolor: `${tone}.dark`, color: '#fff', fontWeight: 500, maxWidth: '100%', ...wrapping }}
    />
  );
}
