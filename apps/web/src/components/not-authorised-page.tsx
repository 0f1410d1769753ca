import Lock from '@mui/icons-material/Lock';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';

import { StatusPage } from './status-page';
import { useMessages } from '../lib/i18n';

export function NotAuthorisedPage() {
  const m = useMessages();
  return (
    <StatusPage
      icon={<Lock />}
      code="403"
      title={m.common.notAuthorisedTitle}
      text={`${m.common.notAuthorised} ${m.common.notAuthorisedHint}`}
      actions={
        <Button variant="contained" component={RouterLink} to="/">
          {m.common.goHome}
        </Button>
      }
    />
  );
}
