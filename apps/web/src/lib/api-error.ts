import type { FieldError } from '@stoa/shared/common';

/** A failed API call: the error envelope of the API, or a failure before/while sending it. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status; 0 when no response arrived (network) or the request was never sent. */
    readonly status: number,
    /** UPPER_SNAKE code of the envelope, or TOKEN_ERROR / NETWORK_ERROR / INVALID_RESPONSE. */
    readonly code: string,
    message: string,
    readonly requestId: string | null = null,
    readonly fieldErrors: FieldError[] = [],
  ) {
    super(message);
  }

  /** The first message for one field, if the server sent any. */
  fieldMessage(fieldName: string): string | undefined {
    return this.fieldErrors.find((f) => f.fieldName === fieldName)?.errorMessages[0];
  }

  /** The first message of the first field entry, else the overall message (spec 000 §8). */
  get firstMessage(): string {
    return this.fieldErrors[0]?.errorMessages[0] ?? this.message;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The text to show for any thrown value: the first server message, else `fallback`. */
export function errorText(error: unknown, fallback: string): string {
  if (isApiError(error)) return error.firstMessage || fallback;
  return fallback;
}
