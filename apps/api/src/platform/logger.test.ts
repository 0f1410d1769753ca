import { Writable } from 'node:stream';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openTestDatabase, TEST_JOB_OPTIONS, testConfig } from '../../test/build-test-app';
import { buildApp } from '../app';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { inTransaction } from './db/transaction';
import { loggerOptions } from './logger';
import { enqueueMail } from './mail/outbox';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** Builds the app with its real logger (and the console mail transport), writing into `lines`. */
async function appLogging(overrides: Partial<AppConfig>) {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const config = testConfig(overrides);
  const app = await buildApp({ config, database, logger: loggerOptions(config, destination), jobs: TEST_JOB_OPTIONS });
  await app.ready();
  return { app, lines };
}

describe('server log', () => {
  it('outside production: readable lines, requests only at debug level, each mail as a readable block', async () => {
    const { app, lines } = await appLogging({ env: 'development', logLevel: 'info' });
    try {
      for (let i = 0; i < 5; i++) expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect(lines.filter((l) => l.includes('/api/health'))).toEqual([]);

      await inTransaction(database.db, (tx) =>
        enqueueMail(
          tx,
          { to: 'priya@example.com', subject: 'STOA verification code', text: 'Dear Priya,\n\nYour verification code is: K7Q2ZD\n\nSLDC' },
          new Date(),
        ),
      );
      await app.services.outbox.drain();
      const text = lines.join('\n');
      expect(lines.some((l) => l.trim().startsWith('{'))).toBe(false);
      expect(text).toMatch(/\d\d:\d\d:\d\d\] INFO/);
      expect(lines).toContain('│ To:      priya@example.com');
      expect(lines).toContain('│ Subject: STOA verification code');
      expect(lines).toContain('│ Your verification code is: K7Q2ZD');
    } finally {
      await app.close();
    }

    const debug = await appLogging({ env: 'development', logLevel: 'debug' });
    try {
      await debug.app.inject({ method: 'GET', url: '/api/health' });
      expect(debug.lines.filter((l) => l.includes('/api/health'))).toEqual([expect.stringMatching(/DEBUG.*GET \/api\/health 200/)]);
    } finally {
      await debug.app.close();
    }
  });

  it('in production: one JSON line per request at info level, mail as one JSON entry', async () => {
    const { app, lines } = await appLogging({ env: 'production', logLevel: 'info' });
    try {
      await app.inject({ method: 'GET', url: '/api/health' });
      const requests = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.url === '/api/health');
      expect(requests).toEqual([expect.objectContaining({ level: 30, method: 'GET', statusCode: 200 })]);
      await inTransaction(database.db, (tx) => enqueueMail(tx, { to: 'ops@example.com', subject: 'Hello', text: 'Body' }, new Date()));
      await app.services.outbox.drain();
      const mail = lines.map((l) => JSON.parse(l) as { mail?: { to: string; text: string } }).find((l) => l.mail?.to === 'ops@example.com');
      expect(mail?.mail?.text).toBe('Body');
    } finally {
      await app.close();
    }
  });
});
