import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/**
 * Wraps a resolver so that fields left empty show '<Label> is required' instead of the schema's
 * message for an empty value (e.g. an enum's 'Invalid option' or a date's format message).
 */
export function requiredFirst<TForm extends FieldValues>(
  resolver: Resolver<TForm>,
  required: Partial<Record<keyof TForm & string, string>>,
): Resolver<TForm> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const errors: Record<string, unknown> = { ...result.errors };
    for (const [field, message] of Object.entries(required) as [string, string][]) {
      const value: unknown = values[field];
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
        errors[field] = { type: 'required', message };
    }
    if (Object.keys(errors).length > 0) return { values: {}, errors: errors as FieldErrors<TForm> };
    return result;
  };
}
