import TravelExplore from '@mui/icons-material/TravelExplore';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';

import { useMessages } from '../lib/i18n';
import { StatusPage } from './status-page';

/**
 * The not-found page's content (spec 000 §2 '404 - Page not found.' with 'Go to Home Page'): for
 * any unknown path, and for a record page whose record fails to load as not found (spec 000 §8
 * 'Invitation or proposal load error').
 */
export function NotFoundView() {
  const m = useMessages();
  return (
    <StatusPage
      icon={<TravelExplore />}
      title={m.common.notFound}
      text={m.common.notFoundHint}
      actions={
        <Button variant="contained" component={RouterLink} to="/">
          {m.common.goHome}
        </Button>
      }
    />
  );
}
