import type { ReactNode } from 'react';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';

import { DateInput } from './date-input';

export interface RhfDateFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  required?: boolean;
  disableFuture?: boolean;
  /** The earliest date that can be picked, 'YYYY-MM-DD' (the schema still checks typed dates). */
  minDate?: string;
  helperText?: string;
  readOnly?: boolean;
  disabled?: boolean;
  /**
   * What to show in place of the field's own error: the form engine passes every message of the
   * field, and none for a table cell the user has not visited yet.
   */
  feedback?: { invalid: boolean; helper: ReactNode };
  /** Keep the helper line (blank) when there is nothing to show: the layout below does not move as errors come and go. */
  reserveHelperLine?: boolean;
}

/**
 * Date entry as DD/MM/YYYY (spec 000 §9) bound to a wire-format value 'YYYY-MM-DD'
 * ('' when empty): the shared DateInput under react-hook-form. The picker's own adapter lives in
 * DateInput so only pages with dates load it.
 */
export function RhfDateField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  disableFuture,
  minDate,
  helperText,
  readOnly,
  disabled,
  feedback,
  reserveHelperLine,
}: RhfDateFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const invalid = feedback ? feedback.invalid : !!fieldState.error;
  const helper = feedback ? feedback.helper : (fieldState.error?.message ?? helperText);
  const raw = typeof field.value === 'string' ? field.value : '';
  return (
    <DateInput
      label={label}
      value={raw}
      onChange={field.onChange}
      onBlur={field.onBlur}
      name={field.name}
      inputRef={field.ref}
      required={required}
      disableFuture={disableFuture}
      minDate={minDate}
      readOnly={readOnly}
      disabled={disabled}
      error={invalid}
      // ' ' keeps an empty line (MUI renders it as a zero-width space, hidden from screen readers).
      helperText={helper || (reserveHelperLine ? ' ' : undefined)}
    />
  );
}
