import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';

import { PageLoader } from '../../../components/page-loader';
import { accountQueries } from '../api/account-queries';
import { ProfileForm } from './profile-form';
import { useAuthUser } from '../../../lib/auth-store';
import { useMessages } from '../../../lib/i18n';

export function ProfilePage() {
  const m = useMessages();
  const user = useAuthUser();
  const profile = useQuery({ ...accountQueries.profile(user?.userId ?? ''), enabled: !!user });
  if (profile.isPending) return <PageLoader />;
  if (profile.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void profile.refetch()}>
            {m.common.retry}
          </Button>
        }
      >
        {m.common.fetchError}
      </Alert>
    );
  }
  // Keyed by the record so a saved profile starts a fresh form.
  return <ProfileForm key={profile.data.id} profile={profile.data} />;
}
