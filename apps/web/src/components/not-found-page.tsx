import Paper from '@mui/material/Paper';

import { NotFoundView } from './not-found-view';
import { useAuthUser } from '../lib/auth-store';

/** Any unknown path (spec 000 §2): '404 - Page not found.' with a link to the home page. */
export function NotFoundPage() {
  const user = useAuthUser();
  const content = <NotFoundView />;
  if (user) return content;
  return (
    <Paper
      elevation={0}
      sx={{ width: '100%', maxWidth: 640, border: '1px solid', borderColor: 'divider', boxShadow: '0 10px 30px rgba(11, 58, 117, 0.12)' }}
    >
      {content}
    </Paper>
  );
}
