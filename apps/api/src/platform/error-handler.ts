import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

import { type ErrorCode, ERROR_STATUS, type FieldError, groupFieldErrors } from '@stoa/shared/common';
import { messages } from '@stoa/shared/messages';

import { AppError } from './errors';

function envelope(req: FastifyRequest, code: ErrorCode, message: string, errorResponse: FieldError[] = []) {
  return { isSuccessful: false as const, code, message, requestId: req.id, errorResponse };
}

export function sendError(req: FastifyRequest, reply: FastifyReply, code: ErrorCode, message?: string, fields: FieldError[] = []) {
  const text = message ?? (messages.errors as Record<string, string>)[code] ?? code;
  return reply.status(ERROR_STATUS[code]).send(envelope(req, code, text, fields));
}

/** Every error leaves the API in the envelope; 5xx never carry internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return sendError(req, reply, err.code, err.message, err.fieldErrors);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = groupFieldErrors(
        err.validation.map((v) => ({
          fieldName: v.instancePath.replace(/^\//, '').replace(/\//g, '.') || (err.validationContext ?? 'body'),
          message: v.message ?? 'Invalid value',
        })),
      );
      return sendError(req, reply, 'VALIDATION_FAILED', messages.errors.VALIDATION_FAILED, fields);
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause?.issues }, 'response did not match its schema');
      return sendError(req, reply, 'INTERNAL');
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return sendError(req, reply, 'RATE_LIMITED');
    }
    if (status === 413) return sendError(req, reply, 'PAYLOAD_TOO_LARGE');
    if (status === 415) return sendError(req, reply, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type.');
    if (status >= 400 && status < 500) {
      // Malformed JSON, a missing body and other protocol-level client errors.
      return sendError(req, reply, 'BAD_REQUEST', err.message, [{ fieldName: 'body', errorMessages: [err.message] }]);
    }
    req.log.error({ err }, 'unhandled error');
    return sendError(req, reply, 'INTERNAL');
  });
}
