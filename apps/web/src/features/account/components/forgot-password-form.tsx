import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';

import { forgotPasswordRequestSchema } from '@stoa/shared/account';
import { WEB_ROUTES } from '@stoa/shared/navigation';

import { STORAGE_KEYS } from '../../../config/app';
import { errorText } from '../../../lib/api-error';
import { payloadResolver, toValidPayload } from '../../../lib/form/payload-resolver';
import { RhfTextField } from '../../../lib/form/rhf-text-field';
import { useMessages } from '../../../lib/i18n';
import { storage } from '../../../lib/storage';
import { useForgotPassword } from '../api/use-account-mutations';
import { SubmitButton } from '../../../components/submit-button';

export function ForgotPasswordForm() {
  const m = useMessages();
  const forgot = useForgotPassword();
  const [banner, setBanner] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const { control, handleSubmit } = useForm<{ emailAddress: string }>({
    defaultValues: { emailAddress: '' },
    resolver: payloadResolver(forgotPasswordRequestSchema, (values) => values),
  });

  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      const payload = toValidPayload(forgotPasswordRequestSchema, values);
      await forgot.mutateAsync(payload);
      storage.set(STORAGE_KEYS.setPasswordEmail, payload.emailAddress);
      setSent(true);
    } catch (error) {
      setBanner(errorText(error, m.common.genericError));
    }
  });

  if (sent) {
    return (
      <Stack spacing={2.5}>
        <Alert severity="success">
          <AlertTitle>{m.forgotPassword.success}</AlertTitle>
          {m.forgotPassword.successDetail}
        </Alert>
        <Button component={RouterLink} to={WEB_ROUTES.setPassword.path} variant="contained" size="large" fullWidth>
          {m.setPassword.title}
        </Button>
      </Stack>
    );
  }

  const busy = forgot.isPending;
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-busy={busy}>
      <Stack spacing={2.5}>
        {banner && <Alert severity="error">{banner}</Alert>}
        <RhfTextField
          control={control}
          name="emailAddress"
          label={m.forgotPassword.email}
          type="email"
          required
          autoComplete="email"
          autoFocus
          disabled={busy}
        />
        <SubmitButton size="large" fullWidth busy={busy}>
          {m.forgotPassword.submit}
        </SubmitButton>
      </Stack>
    </Box>
  );
}
