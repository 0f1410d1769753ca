import TravelExplore from '@mui/icons-material/TravelExplore';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { Link as RouterLink } from 'react-router';

import { StatusPage } from '../../components/status-page';
import { useAuthUser } from '../../lib/auth-store';
import { useMessages } from '../../lib/i18n';

/** Any unknown path (spec 000 §2): '404 - Page not found.' with a link to the home page. */
export default function NotFoundPage() {
  const m = useMessages();
  const user = useAuthUser();
  const content = (
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
  if (user) return content;
  return (
    <Paper elevation={0} sx={{ width: '100%', maxWidth: 640, border: '1px solid', borderColor: 'divider', boxShadow: '0 10px 30px rgba(11, 58, 117, 0.12)' }}>
      {content}
    </Paper>
  );
}
