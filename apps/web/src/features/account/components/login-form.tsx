import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';

import { loginRequestSchema } from '@stoa/shared/account';

import { isApiError } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth-store';
import { payloadResolver, toValidPayload } from '../../../lib/form/payload-resolver';
import { RhfPasswordField } from '../../../lib/form/rhf-password-field';
import { RhfTextField } from '../../../lib/form/rhf-text-field';
import { useMessages } from '../../../lib/i18n';
import { type CaptchaMode, useCaptcha } from '../api/use-captcha';
import { logIn, type LoginFormValues, toLoginPayload } from '../api/use-login';
import { CaptchaField } from './captcha-field';
import { SubmitButton } from '../../../components/submit-button';

/**
 * Login (spec 000 §2, §5): user name and password without spaces, the password sent as MD5,
 * a single-use captcha that is cleared and replaced after every attempt.
 */
export function LoginForm() {
  const m = useMessages();
  const auth = useAuth();
  const [mode, setMode] = useState<CaptchaMode>('image');
  const captchaState = useCaptcha(mode);
  const captcha = captchaState.captcha;
  const captchaRequired = captcha?.required ?? true;
  const captchaRef = useRef(captcha);
  captchaRef.current = captcha;

  const [lastAttempt, setLastAttempt] = useState<{ username: string; password: string } | null>(null);

  const form = useForm<LoginFormValues>({
    defaultValues: { username: '', password: '', captcha: '' },
    resolver: payloadResolver(loginRequestSchema, (values) => toLoginPayload(values, captchaRef.current?.captchaId ?? ''), {
      extra: (values) => ({
        captcha: (captchaRef.current?.required ?? true) && !values.captcha.trim() ? m.login.captchaRequired : undefined,
      }),
    }),
  });
  const { control, handleSubmit, setValue, setError } = form;

  // A new captcha voids whatever was typed for the old one.
  const captchaId = captcha?.captchaId;
  useEffect(() => {
    setValue('captcha', '');
  }, [captchaId, setValue]);

  const [username, password] = useWatch({ control, name: ['username', 'password'] });

  const onSubmit = handleSubmit(async (values) => {
    const current = captchaRef.current;
    const payload = toValidPayload(loginRequestSchema, await toLoginPayload(values, current?.captchaId ?? ''));
    setLastAttempt({ username: values.username, password: values.password });
    try {
      await logIn(payload);
      // Signed in: the route guard takes the user to where they were going.
    } catch (error) {
      setValue('captcha', '');
      if (isApiError(error) && error.code === 'INCORRECT_CAPTCHA') {
        setError('captcha', { type: 'server', message: error.fieldMessage('captcha') ?? m.login.incorrectCaptcha }, { shouldFocus: true });
      }
      captchaState.refresh();
    }
  });

  const loggingIn = auth.status === 'loggingIn';
  const error = auth.status === 'error' ? auth.error : null;
  const showError =
    !!error &&
    error.code !== 'INCORRECT_CAPTCHA' &&
    lastAttempt !== null &&
    lastAttempt.username === username &&
    lastAttempt.password === password;

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-busy={loggingIn}>
      <Stack spacing={2.5}>
        {auth.sessionEnded && !showError && <Alert severity="info">{m.errors.INVALID_REFRESH_TOKEN}</Alert>}
        {showError && (
          <Alert severity="error" data-testid="login-error">
            {error.firstMessage || m.login.failed}
          </Alert>
        )}
        <RhfTextField
          control={control}
          name="username"
          label={m.login.userName}
          required
          noSpaces
          autoComplete="username"
          autoFocus
          disabled={loggingIn}
        />
        <RhfPasswordField
          control={control}
          name="password"
          label={m.login.password}
          required
          autoComplete="current-password"
          disabled={loggingIn}
        />
        {captchaRequired && (
          <CaptchaField
            control={control}
            name="captcha"
            captcha={captcha}
            mode={mode}
            loading={captchaState.loading}
            failed={captchaState.failed}
            disabled={loggingIn}
            onRefresh={captchaState.refresh}
            onModeChange={setMode}
          />
        )}
        <SubmitButton size="large" fullWidth busy={loggingIn}>
          {loggingIn ? m.login.loggingIn : m.login.logIn}
        </SubmitButton>
      </Stack>
    </Box>
  );
}
