import type { FastifyInstance } from 'fastify';

import { controlCharactersMessage, findControlCharacters } from '@stoa/shared/common';

import { AppError } from './errors';

/**
 * One guard for every route (issue 11 item 3): a string in the body, the query or the path
 * parameters that holds NUL or another C0 control character (tab, line feed and carriage return
 * are allowed) is refused with 400 naming the field, before any handler can hand it to the
 * database (PostgreSQL cannot store NUL in text). It runs as the first preHandler, so after the
 * route's role check and schema validation: an anonymous caller still gets 401, and the field is
 * named as the contract names it (unknown keys are already stripped).
 */
export function registerControlCharacterGuard(app: FastifyInstance) {
  app.addHook('preHandler', async (req) => {
    for (const [part, value] of [
      ['params', req.params],
      ['query', req.query],
      ['body', req.body],
    ] as const) {
      const field = findControlCharacters(value);
      if (field !== undefined) {
        throw new AppError('VALIDATION_FAILED', undefined, [{ fieldName: field || part, errorMessages: [controlCharactersMessage] }]);
      }
    }
  });
}
