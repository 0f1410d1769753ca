import { describe, expect, it } from 'vitest';

import * as shared from '@stoa/shared';

import { leaksIn } from './leaks';

/** Every string of the shared message catalogues (functions called with sample arguments). */
function messageTexts(value: unknown, out: string[] = [], seen = new Set<unknown>()): string[] {
  if (typeof value === 'string') out.push(value);
  else if (typeof value === 'function') {
    try {
      const text = (value as (...a: unknown[]) => unknown)('Sample', 'Sample', 'Sample');
      if (typeof text === 'string') out.push(text);
    } catch {
      // not a message function
    }
  } else if (value && typeof value === 'object' && !seen.has(value)) {
    seen.add(value);
    for (const v of Object.values(value)) messageTexts(v, out, seen);
  }
  return out;
}

describe('the leak oracle of the contract fuzz', () => {
  it('flags stack traces, source paths, SQL text and PostgreSQL error codes', () => {
    const drizzle =
      'Failed query: select "applications"."id" from "applications" where "applications"."application_no" ilike $1\nparams: %\u0000%';
    expect(leaksIn(drizzle)).toEqual(expect.arrayContaining([expect.stringMatching(/^SQL text/)]));
    expect(leaksIn(JSON.stringify({ message: 'insert into "users" ("id") values ($1)' }))).toHaveLength(1);
    expect(leaksIn(JSON.stringify({ message: 'duplicate key value violates unique constraint "users_email_uq"' }))[0]).toMatch(/^SQL text/);
    expect(leaksIn(JSON.stringify({ message: 'invalid input syntax for type uuid: "x"' }))[0]).toMatch(/^SQL text/);
    expect(leaksIn(JSON.stringify({ code: '23505', detail: 'Key (email)=(a) already exists.' }))[0]).toMatch(/^PostgreSQL error code/);
    expect(leaksIn('error 22P02 at character 5')[0]).toMatch(/^PostgreSQL error code/);
    const stack = JSON.stringify({ stack: new Error('boom').stack });
    expect(leaksIn(stack).join()).toMatch(/stack frame/);
    expect(leaksIn(JSON.stringify({ message: 'ENOENT: open /work/app/apps/api/src/platform/files/storage.ts' }))[0]).toMatch(
      /^source path/,
    );
  });

  it('does not flag the envelope or any message the API may answer with', () => {
    const catalogues = Object.entries(shared)
      .filter(([name]) => /^(en([A-Z]\w*)?|messages)$/.test(name))
      .map(([, v]) => v);
    const texts = messageTexts(catalogues);
    expect(texts.length).toBeGreaterThan(500);
    const flagged = texts.filter((t) => leaksIn(t).length > 0);
    expect(flagged).toEqual([]);
    expect(
      leaksIn(
        JSON.stringify({
          isSuccessful: false,
          code: 'VALIDATION_FAILED',
          message: 'Some fields are not valid.',
          requestId: 'a',
          errorResponse: [{ fieldName: 'BuyerId', errorMessages: ['Select a buyer with an approved registration.'] }],
        }),
      ),
    ).toEqual([]);
    expect(leaksIn(JSON.stringify({ code: 'BAD_REQUEST', message: 'Unexpected token } in JSON at position 5' }))).toEqual([]);
  });
});
