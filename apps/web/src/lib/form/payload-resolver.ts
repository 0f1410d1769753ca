import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

export interface PayloadResolverOptions<TForm extends FieldValues> {
  /** Maps a payload field (zod issue path) to the form field showing its message. */
  fieldOf?: Record<string, keyof TForm & string>;
  /** Form-only checks (e.g. password confirmation): field → message, or nothing when valid. */
  extra?: (values: TForm) => Partial<Record<keyof TForm & string, string | undefined>>;
}

/**
 * A react-hook-form resolver that validates the *wire payload* with the shared zod contract.
 * `toPayload` turns the form values into the payload exactly as it will be sent (hashing a
 * password, converting Yes/No; it may be async), so the form and the API apply the same rules
 * and messages.
 * Only the first message of each field is kept.
 */
export function payloadResolver<TForm extends FieldValues, S extends z.ZodType>(
  schema: S,
  toPayload: (values: TForm) => unknown | Promise<unknown>,
  options: PayloadResolverOptions<TForm> = {},
): Resolver<TForm> {
  return async (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    const result = schema.safeParse(await toPayload(values));
    if (!result.success) {
      for (const issue of result.error.issues) {
        const key = issue.path.map(String).join('.');
        const field = options.fieldOf?.[key] ?? key;
        if (field && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
      }
    }
    const extra = options.extra?.(values) ?? {};
    for (const [field, message] of Object.entries(extra) as [string, string | undefined][]) {
      if (message && !errors[field]) errors[field] = { type: 'validate', message };
    }
    if (Object.keys(errors).length > 0) return { values: {}, errors: errors as FieldErrors<TForm> };
    return { values, errors: {} };
  };
}

/**
 * The validated payload (trimmed, hashes lower-cased) for sending. Call after the resolver passed.
 * Not for a contract that reads units at the boundary (MW, prices: decision 0027): its output is the
 * server's integer, so such a form sends its wire text (`z.input`) instead.
 */
export function toValidPayload<S extends z.ZodType>(schema: S, payload: unknown): z.output<S> {
  return schema.parse(payload);
}
