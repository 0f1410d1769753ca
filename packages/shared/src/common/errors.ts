import { z } from 'zod';

/** The closed list of error codes the API returns, with their HTTP status. */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  INVALID_FILE: 400,
  BAD_REQUEST: 400,
  INCORRECT_CAPTCHA: 400,
  INVALID_VERIFICATION_CODE: 400,
  COMMON_PASSWORD: 400,
  WRONG_PASSWORD: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  INVALID_REFRESH_TOKEN: 401,
  FORBIDDEN: 403,
  USER_ID_MISMATCH: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  BUSINESS_RULE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export const fieldErrorSchema = z.object({
  fieldName: z.string(),
  errorMessages: z.array(z.string()),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorEnvelopeSchema = z.object({
  isSuccessful: z.literal(false),
  code: z.string(),
  message: z.string(),
  requestId: z.string(),
  errorResponse: z.array(fieldErrorSchema),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export function successEnvelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ isSuccessful: z.literal(true), data });
}
export type SuccessEnvelope<T> = { isSuccessful: true; data: T };

/** Groups messages by field, keeping every message (the spec shows the first per field). */
export function groupFieldErrors(items: { fieldName: string; message: string }[]): FieldError[] {
  const byField = new Map<string, string[]>();
  for (const { fieldName, message } of items) {
    const list = byField.get(fieldName) ?? [];
    if (!list.includes(message)) list.push(message);
    byField.set(fieldName, list);
  }
  return [...byField].map(([fieldName, errorMessages]) => ({ fieldName, errorMessages }));
}
