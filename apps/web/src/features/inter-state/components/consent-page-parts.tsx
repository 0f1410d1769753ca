import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { WEB_ROUTES } from '@stoa/shared/navigation';

import { isApiError } from '../../../lib/api-error';
import { useConsentMessages } from '../consent-i18n';

/** Small parts the consent application's form, view and decision panel share. */

export type Errors = Record<string, string>;
export const listPath = WEB_ROUTES.interStateConsents.path;

/** The server's field errors, first message per field. */
export function serverErrors(error: unknown): Errors {
  if (!isApiError(error)) return {};
  return Object.fromEntries(error.fieldErrors.map((f) => [f.fieldName, f.errorMessages[0] ?? '']));
}

export function BackButton() {
  const w = useConsentMessages().web;
  return (
    <Button component={Link} to={listPath} startIcon={<ArrowBack />} variant="outlined">
      {w.back}
    </Button>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent sx={{ p: { xs: 2, md: 3 } }}>
        <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
