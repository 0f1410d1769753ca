import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';

/** A read-only select looks like a read-only text field: no arrow. */
const READ_ONLY_SX = { '& .MuiSelect-icon': { display: 'none' } } as const;

/** A select bound to react-hook-form. */
export function RhfSelectField<T extends FieldValues>({
  control,
  name,
  label,
  options,
  required,
  disabled,
  readOnly,
  helperText,
  onValueChange,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  options: readonly { value: string; label: string }[];
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  helperText?: string;
  /** Called after a choice is made (dependent fields). */
  onValueChange?: (value: string) => void;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      select
      fullWidth
      label={label}
      name={field.name}
      value={field.value ?? ''}
      onChange={(event) => {
        field.onChange(event.target.value);
        onValueChange?.(event.target.value);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      required={required}
      disabled={disabled}
      error={!!fieldState.error}
      helperText={fieldState.error?.message ?? helperText}
      slotProps={readOnly ? { input: { readOnly: true } } : undefined}
      sx={readOnly ? READ_ONLY_SX : undefined}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
