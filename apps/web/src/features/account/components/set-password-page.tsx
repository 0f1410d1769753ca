import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';

import { WEB_ROUTES } from '@stoa/shared/navigation';

import { AuthCard } from '../../../components/layouts/auth-card';
import { SetPasswordForm } from './set-password-form';
import { useMessages } from '../../../lib/i18n';
import { QueryProvider } from '../../../lib/query-client';

export function SetPasswordPage() {
  const m = useMessages();
  return (
    <AuthCard
      title={m.setPassword.title}
      subtitle={m.setPassword.subtitle}
      width={520}
      footer={
        <>
          <Link component={RouterLink} to={WEB_ROUTES.login.path}>
            {m.forgotPassword.backToLogin}
          </Link>
          <Link component={RouterLink} to={WEB_ROUTES.forgotPassword.path}>
            {m.setPassword.needCode}
          </Link>
        </>
      }
    >
      <QueryProvider>
        <SetPasswordForm />
      </QueryProvider>
    </AuthCard>
  );
}
