import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { type Control, type FieldValues, type Path, type UseFormTrigger, useWatch } from 'react-hook-form';

import { PasswordRules } from '../../../components/password-rules';
import { RhfPasswordField } from '../../../lib/form/rhf-password-field';

/**
 * New password + confirmation with the live rule checklist. The confirmation is re-checked as
 * either field changes, so 'Password didn't match' appears while typing.
 */
export function NewPasswordFields<T extends FieldValues>({
  control,
  trigger,
  newName,
  confirmName,
  newLabel,
  confirmLabel,
  disabled,
}: {
  control: Control<T>;
  trigger: UseFormTrigger<T>;
  newName: Path<T>;
  confirmName: Path<T>;
  newLabel: string;
  confirmLabel: string;
  disabled?: boolean;
}) {
  const [password, confirmation] = useWatch({ control, name: [newName, confirmName] }) as [string | undefined, string | undefined];
  useEffect(() => {
    if (confirmation) void trigger(confirmName);
  }, [password, confirmation, confirmName, trigger]);
  const rulesId = `${String(newName)}-rules`;
  return (
    <Stack spacing={2}>
      <RhfPasswordField
        control={control}
        name={newName}
        label={newLabel}
        required
        autoComplete="new-password"
        disabled={disabled}
        id={`field-${String(newName)}`}
        htmlInput={{ 'aria-describedby': `field-${String(newName)}-helper-text ${rulesId}` }}
      />
      <PasswordRules password={password ?? ''} id={rulesId} />
      <RhfPasswordField
        control={control}
        name={confirmName}
        label={confirmLabel}
        required
        autoComplete="new-password"
        disabled={disabled}
      />
    </Stack>
  );
}
