import Chip from '@mui/material/Chip';

import type { RegistrationStatus } from '@stoa/shared/registrations';

import { statusLabel, statusTone } from '../format';

/**
 * A registration's status as a chip. The text is the server's description when given (list rows
 * carry statusDescription), else the spec's label. Dark shades keep white text above 4.5:1.
 */
export function StatusChip({
  status,
  description,
  size = 'small',
  wrap = false,
}: {
  status: RegistrationStatus;
  description?: string;
  size?: 'small' | 'medium';
  wrap?: boolean;
}) {
  const tone = statusTone(status);
  const label = description || statusLabel(status);
  // In a narrow column the label may take two lines rather than be cut.
  const wrapping = wrap ? { height: 'auto', minHeight: 24, '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } } : {};
  if (tone === 'default') return <Chip size={size} variant="outlined" label={label} sx={{ maxWidth: '100%', ...wrapping }} />;
  return <Chip size={size} label={label} sx={{ bgcolor: `${tone}.dark`, color: '#fff', fontWeight: 500, maxWidth: '100%', ...wrapping }} />;
}
