import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';

import { passwordSatisfiesRules } from '@stoa/shared/common';
import { setPasswordRequestSchema } from '@stoa/shared/account';
import { WEB_ROUTES } from '@stoa/shared/navigation';

import { STORAGE_KEYS } from '../../../config/app';
import { errorText } from '../../../lib/api-error';
import { applyServerErrors } from '../../../lib/form/apply-server-errors';
import { payloadResolver, toValidPayload } from '../../../lib/form/payload-resolver';
import { RhfTextField } from '../../../lib/form/rhf-text-field';
import { useMessages } from '../../../lib/i18n';
import { md5hex } from '../../../lib/md5';
import { notify } from '../../../lib/notify';
import { storage } from '../../../lib/storage';
import { useSetPassword } from '../api/use-account-mutations';
import { NewPasswordFields } from './new-password-fields';
import { SubmitButton } from '../../../components/submit-button';

export interface SetPasswordFormValues {
  emailAddress: string;
  verificationCode: string;
  newPassword: string;
  confirmPassword: string;
}

/** ChangeTemporaryPassword payload: the code and the password travel as MD5 (spec 000 §3). */
export function toSetPasswordPayload(values: SetPasswordFormValues) {
  const code = values.verificationCode.trim();
  return {
    emailAddress: values.emailAddress,
    oldPassword: code ? md5hex(code) : '',
    newPassword: values.newPassword ? md5hex(values.newPassword) : '',
  };
}

export function SetPasswordForm() {
  const m = useMessages();
  const navigate = useNavigate();
  const setPassword = useSetPassword();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<SetPasswordFormValues>({
    defaultValues: {
      emailAddress: storage.get(STORAGE_KEYS.setPasswordEmail) ?? '',
      verificationCode: '',
      newPassword: '',
      confirmPassword: '',
    },
    resolver: payloadResolver(setPasswordRequestSchema, toSetPasswordPayload, {
      fieldOf: { oldPassword: 'verificationCode' },
      extra: (values) => ({
        newPassword: values.newPassword && !passwordSatisfiesRules(values.newPassword) ? m.password.rulesNotMet : undefined,
        confirmPassword: values.newPassword && values.confirmPassword !== values.newPassword ? m.password.mismatch : undefined,
      }),
    }),
  });
  const { control, handleSubmit, setError, trigger } = form;

  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      await setPassword.mutateAsync(toValidPayload(setPasswordRequestSchema, toSetPasswordPayload(values)));
      storage.remove(STORAGE_KEYS.setPasswordEmail);
      notify.success(m.setPassword.success);
      navigate(WEB_ROUTES.login.path, { replace: true });
    } catch (error) {
      applyServerErrors(error, setError, ['emailAddress', 'verificationCode', 'newPassword', 'confirmPassword'], {
        oldPassword: 'verificationCode',
      });
      setBanner(errorText(error, m.common.genericError));
    }
  });

  const busy = setPassword.isPending;
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-busy={busy}>
      <Stack spacing={2.5}>
        {banner && <Alert severity="error">{banner}</Alert>}
        <RhfTextField
          control={control}
          name="emailAddress"
          label={m.setPassword.email}
          type="email"
          required
          autoComplete="email"
          disabled={busy}
        />
        <RhfTextField
          control={control}
          name="verificationCode"
          label={m.setPassword.verificationCode}
          required
          autoComplete="one-time-code"
          disabled={busy}
          htmlInput={{ spellCheck: false }}
        />
        <NewPasswordFields
          control={control}
          trigger={trigger}
          newName="newPassword"
          confirmName="confirmPassword"
          newLabel={m.setPassword.newPassword}
          confirmLabel={m.setPassword.confirmPassword}
          disabled={busy}
        />
        <SubmitButton size="large" fullWidth busy={busy}>
          {m.common.submit}
        </SubmitButton>
      </Stack>
    </Box>
  );
}
