import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';

import { WEB_ROUTES } from '@stoa/shared/navigation';

import { AuthCard } from '../../../components/layouts/auth-card';
import { ForgotPasswordForm } from './forgot-password-form';
import { useMessages } from '../../../lib/i18n';
import { QueryProvider } from '../../../lib/query-client';

export function ForgotPasswordPage() {
  const m = useMessages();
  return (
    <AuthCard
      title={m.forgotPassword.title}
      subtitle={m.forgotPassword.subtitle}
      footer={
        <>
          <Link component={RouterLink} to={WEB_ROUTES.login.path}>
            {m.forgotPassword.backToLogin}
          </Link>
          <Link component={RouterLink} to={WEB_ROUTES.setPassword.path}>
            {m.forgotPassword.haveCode}
          </Link>
        </>
      }
    >
      <QueryProvider>
        <ForgotPasswordForm />
      </QueryProvider>
    </AuthCard>
  );
}
