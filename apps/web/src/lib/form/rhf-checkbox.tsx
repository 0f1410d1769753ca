import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import type { ReactNode } from 'react';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';

/** A checkbox bound to a boolean form value. Errors are shown by the caller (grouped). */
export function RhfCheckbox<T extends FieldValues>({
  control,
  name,
  label,
  disabled,
}: {
  control: Control<T>;
  name: Path<T>;
  label: ReactNode;
  disabled?: boolean;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <FormControlLabel
      sx={{ alignItems: 'flex-start', mx: 0, '& .MuiCheckbox-root': { mt: -0.75, ml: -1 } }}
      control={
        <Checkbox
          name={field.name}
          checked={!!field.value}
          onChange={(event) => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          disabled={disabled}
          slotProps={{ input: { 'aria-invalid': !!fieldState.error } as object }}
        />
      }
      label={label}
    />
  );
}
