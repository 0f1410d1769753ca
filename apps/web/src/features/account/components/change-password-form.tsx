import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { changePasswordRequestSchema } from '@stoa/shared/account';
import { passwordSatisfiesRules } from '@stoa/shared/common';

import { errorText } from '../../../lib/api-error';
import { useAuthUser } from '../../../lib/auth-store';
import { payloadResolver, toValidPayload } from '../../../lib/form/payload-resolver';
import { RhfPasswordField } from '../../../lib/form/rhf-password-field';
import { useMessages } from '../../../lib/i18n';
import { md5hex } from '../../../lib/md5';
import { notify } from '../../../lib/notify';
import { useChangePassword } from '../api/use-account-mutations';
import { NewPasswordFields } from './new-password-fields';
import { SubmitButton } from '../../../components/submit-button';

export interface ChangePasswordFormValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const EMPTY: ChangePasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm() {
  const m = useMessages();
  const user = useAuthUser();
  const change = useChangePassword();
  const [banner, setBanner] = useState<string | null>(null);
  const toPayload = (values: ChangePasswordFormValues) => ({
    userId: user?.userId ?? '',
    oldPassword: values.currentPassword ? md5hex(values.currentPassword) : '',
    newPassword: values.newPassword ? md5hex(values.newPassword) : '',
  });
  const { control, handleSubmit, trigger, reset } = useForm<ChangePasswordFormValues>({
    defaultValues: EMPTY,
    resolver: payloadResolver(changePasswordRequestSchema, toPayload, {
      fieldOf: { oldPassword: 'currentPassword' },
      extra: (values) => ({
        newPassword: values.newPassword && !passwordSatisfiesRules(values.newPassword) ? m.password.rulesNotMet : undefined,
        confirmPassword: !values.confirmPassword
          ? m.changePassword.confirmRequired
          : values.confirmPassword !== values.newPassword
            ? m.password.mismatch
            : undefined,
      }),
    }),
  });

  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      await change.mutateAsync(toValidPayload(changePasswordRequestSchema, toPayload(values)));
      reset(EMPTY);
      notify.success(m.changePassword.success);
    } catch (error) {
      setBanner(errorText(error, m.common.genericError));
    }
  });

  const busy = change.isPending;
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-busy={busy}>
      <Stack spacing={2.5}>
        {banner && <Alert severity="error">{banner}</Alert>}
        <RhfPasswordField
          control={control}
          name="currentPassword"
          label={m.changePassword.currentPassword}
          required
          autoComplete="current-password"
          disabled={busy}
        />
        <NewPasswordFields
          control={control}
          trigger={trigger}
          newName="newPassword"
          confirmName="confirmPassword"
          newLabel={m.changePassword.newPassword}
          confirmLabel={m.changePassword.confirmPassword}
          disabled={busy}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <SubmitButton size="large" busy={busy} sx={{ minWidth: { xs: '100%', sm: 220 } }}>
            {m.common.submit}
          </SubmitButton>
        </Box>
      </Stack>
    </Box>
  );
}
