import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import { useDocumentTitle } from '../lib/use-document-title';

/** A centred message page: not found, not authorised, unexpected error. */
export function StatusPage({
  icon,
  code,
  title,
  text,
  actions,
}: {
  icon?: ReactNode;
  code?: string;
  title: string;
  text?: string;
  actions?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: { xs: 6, md: 10 }, px: 2, textAlign: 'center' }}>
      <Box sx={{ maxWidth: 560 }}>
        {icon && (
          <Box sx={{ color: 'primary.main', mb: 2, '& svg': { fontSize: 64 } }} aria-hidden="true">
            {icon}
          </Box>
        )}
        {code && (
          <Typography variant="overline" color="text.secondary" component="p">
            {code}
          </Typography>
        )}
        <Typography variant="h1" component="h1" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        {text && (
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {text}
          </Typography>
        )}
        {actions && <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>{actions}</Box>}
      </Box>
    </Box>
  );
}
