import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';

import { WEB_ROUTES } from '@stoa/shared/navigation';

import { AuthCard } from '../../../components/layouts/auth-card';
import { PreRegisterForm } from './pre-register-form';
import { useMessages } from '../../../lib/i18n';
import { QueryProvider } from '../../../lib/query-client';

export function PreRegisterPage() {
  const m = useMessages();
  return (
    <AuthCard
      title={m.preRegister.title}
      subtitle={m.preRegister.subtitle}
      width={900}
      footer={
        <Link component={RouterLink} to={WEB_ROUTES.login.path}>
          {m.preRegister.haveAccount}
        </Link>
      }
    >
      <QueryProvider>
        <PreRegisterForm />
      </QueryProvider>
    </AuthCard>
  );
}
