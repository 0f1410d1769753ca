import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import { useMessages } from '../lib/i18n';

/** The portal's logo: an amber bolt on the utility blue. Decorative (the name is beside it). */
export function BrandLogo({ size = 40 }: { size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 64 64"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      sx={{ flexShrink: 0, display: 'block' }}
    >
      <rect width="64" height="64" rx="14" fill="#0b3a75" />
      <rect x="2" y="2" width="60" height="60" rx="12" fill="none" stroke="#ffffff" strokeOpacity="0.25" strokeWidth="2" />
      <path d="M36 6 14 36h14l-4 22 22-30H32z" fill="#f5b301" />
    </Box>
  );
}

/** Logo with the portal name and owner. `onDark` for the blue header. */
export function BrandMark({ onDark = false, compact = false }: { onDark?: boolean; compact?: boolean }) {
  const m = useMessages();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      <BrandLogo size={compact ? 34 : 44} />
      <Box sx={{ minWidth: 0 }}>
        <Typography
          component="span"
          sx={{
            display: 'block',
            fontWeight: 700,
            fontSize: compact ? '1.05rem' : '1.25rem',
            lineHeight: 1.2,
            color: onDark ? '#fff' : 'primary.main',
            whiteSpace: 'nowrap',
          }}
        >
          {m.app.name}
        </Typography>
        <Typography
          component="span"
          sx={{
            display: 'block',
            fontSize: compact ? '0.75rem' : '0.85rem',
            lineHeight: 1.3,
            color: onDark ? 'rgba(255,255,255,0.85)' : 'text.secondary',
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
          }}
        >
          {m.app.owner}
        </Typography>
      </Box>
    </Box>
  );
}
