import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';

/** A select bound to react-hook-form. */
export function RhfSelectField<T extends FieldValues>({
  control,
  name,
  label,
  options,
  required,
  disabled,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  options: readonly { value: string; label: string }[];
  required?: boolean;
  disabled?: boolean;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      select
      fullWidth
      label={label}
      name={field.name}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      required={required}
      disabled={disabled}
      error={!!fieldState.error}
      helperText={fieldState.error?.message}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
