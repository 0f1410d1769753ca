import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';

import { PageHeader } from '../../../components/page-header';
import { ChangePasswordForm } from './change-password-form';
import { useMessages } from '../../../lib/i18n';

export function ChangePasswordPage() {
  const m = useMessages();
  return (
    <>
      <PageHeader title={m.changePassword.title} subtitle={m.changePassword.subtitle} />
      <Card sx={{ maxWidth: 640 }}>
        <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
          <ChangePasswordForm />
        </CardContent>
      </Card>
    </>
  );
}
