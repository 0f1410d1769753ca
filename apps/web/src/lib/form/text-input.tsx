import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { type FocusEventHandler, type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';

import { useMessages } from '../i18n';

export interface TextInputProps {
  id?: string;
  name?: string;
  label: string;
  value?: string;
  onChange?: (value: string) => void;
  onBlur?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  inputRef?: Ref<HTMLInputElement | HTMLTextAreaElement>;
  helperText?: ReactNode;
  error?: boolean;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  multiline?: boolean;
  minRows?: number;
  placeholder?: string;
  endAdornment?: ReactNode;
  /** Attributes for the <input> element itself. */
  htmlInput?: InputHTMLAttributes<HTMLInputElement> & Record<`data-${string}` | `aria-${string}`, unknown>;
}

/**
 * An outlined text field, label and helper text wired for screen readers, like MUI's TextField
 * but without its select mode, so pages that only need text inputs (the login page) stay small.
 */
export function TextInput({
  id: idProp,
  label,
  value,
  onChange,
  helperText,
  error,
  required,
  disabled,
  readOnly,
  endAdornment,
  htmlInput,
  ...rest
}: TextInputProps) {
  const m = useMessages();
  const autoId = useId();
  const showEmpty = readOnly && !value;
  const id = idProp ?? `field${autoId.replace(/[^A-Za-z0-9_-]/g, '')}`;
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl fullWidth variant="outlined" error={error} required={required} disabled={disabled}>
      <InputLabel htmlFor={id} id={`${id}-label`} shrink={showEmpty ? true : undefined}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...rest}
        id={id}
        label={label}
        value={value ?? ''}
        onChange={(event) => onChange?.(event.target.value)}
        readOnly={readOnly}
        notched={showEmpty ? true : undefined}
        placeholder={showEmpty ? m.common.notProvided : rest.placeholder}
        endAdornment={endAdornment}
        inputProps={{
          'aria-describedby': helperId,
          ...(readOnly ? { 'aria-readonly': true } : {}),
          ...htmlInput,
        }}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
