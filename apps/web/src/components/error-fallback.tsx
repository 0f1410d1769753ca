import ErrorOutline from '@mui/icons-material/ErrorOutline';
import Button from '@mui/material/Button';

import { useMessages } from '../lib/i18n';
import { StatusPage } from './status-page';

/** The error view of spec 000 §2: 'Some Unexpected Error Has Occured', with a way back. */
export function ErrorFallback() {
  const m = useMessages();
  return (
    <div role="alert">
      <StatusPage
        icon={<ErrorOutline />}
        title={m.common.unexpectedError}
        text={m.common.unexpectedErrorHint}
        actions={
          <>
            <Button variant="contained" onClick={() => window.location.reload()}>
              {m.common.reload}
            </Button>
            {/* A full page load: whatever broke is left behind. */}
            <Button variant="outlined" href="/">
              {m.common.goHome}
            </Button>
          </>
        }
      />
    </div>
  );
}
