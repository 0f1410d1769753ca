import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** The square, tinted tile an icon sits in on the dashboard's cards (decorative: hidden from screen readers). */
export function IconTile({ children }: { children: ReactNode }) {
  return (
    <Box
      aria-hidden="true"
      sx={{
        width: 44,
        height: 44,
        borderRadius: 2,
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'rgba(11, 58, 117, 0.08)',
        color: 'primary.main',
        flexShrink: 0,
      }}
    >
      {children}
    </Box>
  );
}
