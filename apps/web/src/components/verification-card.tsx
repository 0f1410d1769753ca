import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import HistoryToggleOff from '@mui/icons-material/HistoryToggleOff';
import Schedule from '@mui/icons-material/Schedule';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

/** The four outcomes a public verification can state, each with its colour and icon. */
export type VerificationTone = 'valid' | 'pending' | 'revoked' | 'expired';

const LOOK: Record<VerificationTone, { color: string; border: string; bg: string; Icon: typeof CheckCircle }> = {
  valid: { color: 'success.dark', border: 'success.light', bg: '#f3faf4', Icon: CheckCircle },
  pending: { color: 'info.dark', border: 'info.light', bg: '#f2f7fc', Icon: Schedule },
  revoked: { color: 'error.dark', border: 'error.light', bg: '#fdf3f3', Icon: ErrorOutline },
  expired: { color: 'warning.dark', border: 'warning.light', bg: '#fdf8ef', Icon: HistoryToggleOff },
};

/**
 * The result of a public check on /verify (payment receipts, standing-clearance certificates): a heading
 * stating the outcome, an intro line and the facts as a definition list, announced as a status.
 */
export function VerificationCard({
  tone,
  heading,
  intro,
  rows,
}: {
  tone: VerificationTone;
  heading: string;
  intro: string;
  rows: [label: string, value: string][];
}) {
  const headingId = useId();
  const look = LOOK[tone];
  return (
    <Box
      role="status"
      aria-labelledby={headingId}
      sx={{ border: '1px solid', borderColor: look.border, borderRadius: 1, p: 2, bgcolor: look.bg }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: look.color, mb: 0.5 }}>
        <look.Icon aria-hidden="true" />
        <Typography id={headingId} component="h2" variant="h6" sx={{ color: 'inherit' }}>
          {heading}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {intro}
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, columnGap: 2, rowGap: { xs: 0, sm: 1 }, m: 0 }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
