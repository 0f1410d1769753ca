import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import { useDocumentTitle } from '../../lib/use-document-title';

/** The card of a signed-out page: title, optional subtitle, content and a footer row of links. */
export function AuthCard({
  title,
  subtitle,
  width = 460,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  width?: number;
  children: ReactNode;
  footer?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <Paper
      elevation={0}
      sx={{
        width: '100%',
        maxWidth: width,
        border: '1px solid',
        borderColor: 'divider',
        boxShadow: '0 10px 30px rgba(11, 58, 117, 0.12)',
        overflow: 'hidden',
      }}
    >
      <Box sx={{ px: { xs: 2.5, sm: 4 }, pt: { xs: 3, sm: 4 }, pb: { xs: 3, sm: 4 } }}>
        <Typography variant="h2" component="h1" sx={{ mb: subtitle ? 0.75 : 3, color: 'text.primary' }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {subtitle}
          </Typography>
        )}
        {children}
      </Box>
      {footer && (
        <Box
          sx={{
            px: { xs: 2.5, sm: 4 },
            py: 2,
            bgcolor: '#f6f8fb',
            borderTop: '1px solid',
            borderColor: 'divider',
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1.5,
            justifyContent: 'space-between',
          }}
        >
          {footer}
        </Box>
      )}
    </Paper>
  );
}
