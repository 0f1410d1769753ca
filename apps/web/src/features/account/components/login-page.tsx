import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';

import { WEB_ROUTES } from '@stoa/shared/navigation';

import { AuthCard } from '../../../components/layouts/auth-card';
import { LoginForm } from './login-form';
import { useMessages } from '../../../lib/i18n';

export function LoginPage() {
  const m = useMessages();
  return (
    <AuthCard
      title={m.login.title}
      subtitle={m.login.subtitle}
      footer={
        <>
          <Link component={RouterLink} to={WEB_ROUTES.forgotPassword.path}>
            {m.login.forgotPassword}
          </Link>
          <Link component={RouterLink} to={WEB_ROUTES.preRegister.path}>
            {m.login.preRegister}
          </Link>
        </>
      }
    >
      <LoginForm />
    </AuthCard>
  );
}
