import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';

import { noSpacesHandlers, stripSpaces } from './no-spaces';
import { TextInput, type TextInputProps } from './text-input';

export type RhfTextFieldProps<T extends FieldValues> = Omit<TextInputProps, 'name' | 'value' | 'onChange' | 'error' | 'inputRef'> & {
  control: Control<T>;
  name: Path<T>;
  /** Blocks the space key and strips whitespace from pasted or typed text. */
  noSpaces?: boolean;
  /** Rewrites the typed text (e.g. upper-case a PAN). */
  transform?: (value: string) => string;
};

/** A text input bound to react-hook-form; shows the field's first error under it. */
export function RhfTextField<T extends FieldValues>({
  control,
  name,
  noSpaces = false,
  transform,
  helperText,
  htmlInput,
  ...rest
}: RhfTextFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const setValue = (raw: string) => {
    const cleaned = noSpaces ? stripSpaces(raw) : raw;
    field.onChange(transform ? transform(cleaned) : cleaned);
  };
  return (
    <TextInput
      {...rest}
      name={field.name}
      value={field.value ?? ''}
      onChange={setValue}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={!!fieldState.error}
      helperText={fieldState.error?.message ?? helperText}
      htmlInput={{ ...(noSpaces ? noSpacesHandlers(setValue) : {}), ...htmlInput }}
    />
  );
}
