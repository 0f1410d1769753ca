import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

import { isApiError } from '../api-error';

/**
 * Puts the first server message of each field on the form field of the same name (or the one
 * `fieldOf` maps it to), focusing the first unless `focus` is false (a multi-step form focuses
 * after showing the field's step: a field of a hidden step has nothing to focus). Returns the
 * names of the fields that received a message.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fieldOf: Record<string, Path<T>> = {},
  { focus = true }: { focus?: boolean } = {},
): Path<T>[] {
  if (!isApiError(error)) return [];
  const applied: Path<T>[] = [];
  for (const entry of error.fieldErrors) {
    const target = fieldOf[entry.fieldName] ?? (entry.fieldName as Path<T>);
    const message = entry.errorMessages[0];
    if (!message || !fields.includes(target) || applied.includes(target)) continue;
    setError(target, { type: 'server', message }, { shouldFocus: focus && applied.length === 0 });
    applied.push(target);
  }
  return applied;
}
