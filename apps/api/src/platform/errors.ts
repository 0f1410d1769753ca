import { ERROR_STATUS, type ErrorCode, type FieldError } from '@stoa/shared/common';
import { messages } from '@stoa/shared/messages';

/** The one error class services throw. The error handler renders it in the envelope. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly fieldErrors: FieldError[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message ?? (messages.errors as Record<string, string>)[code] ?? code);
    this.status = ERROR_STATUS[code];
  }

  static field(code: ErrorCode, fieldName: string, message: string): AppError {
    return new AppError(code, message, [{ fieldName, errorMessages: [message] }]);
  }
}

export const notFound = (what = 'record') => new AppError('NOT_FOUND', `The requested ${what} was not found.`);
export const forbidden = () => new AppError('FORBIDDEN');
