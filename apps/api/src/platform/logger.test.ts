import { Writable } from 'node:stream';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openTestDatabase, TEST_JOB_OPTIONS, testConfig } from '../../test/build-test-app';
import { type App, buildApp } from '../app';
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
async function appLogging(overrides: Partial<AppConfig>, beforeReady?: (app: App) => void) {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const config = testConfig(overrides);
  const app = await buildApp({ config, database, logger: loggerOptions(config, destination), jobs: TEST_JOB_OPTIONS });
  beforeReady?.(app);
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

  it('in production: JSON lines, a refused request at info level, a successful one at debug, mail as one JSON entry', async () => {
    const { app, lines } = await appLogging({ env: 'production', logLevel: 'info' }, (a) =>
      a.get('/api/test/explode', async () => {
        throw new Error('boom');
      }),
    );
    const json = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/test/explode' })).statusCode).toBe(500);
      // A failure is written at error level.
      expect(json().filter((l) => l.url === '/api/test/explode' && l.statusCode === 500)).toEqual([
        expect.objectContaining({ level: 50, method: 'GET' }),
      ]);
      expect((await app.inject({ method: 'GET', url: '/api/Account/GetProfile' })).statusCode).toBe(401);
      // Decision 0073: successful requests are not written at info; the refused one is.
      expect(json().filter((l) => l.url === '/api/health')).toEqual([]);
      expect(json().filter((l) => l.url === '/api/Account/GetProfile')).toEqual([
        expect.objectContaining({ level: 30, method: 'GET', statusCode: 401 }),
      ]);
      await inTransaction(database.db, (tx) => enqueueMail(tx, { to: 'ops@example.com', subject: 'Hello', text: 'Body' }, new Date()));
      await app.services.outbox.drain();
      const mail = lines.map((l) => JSON.parse(l) as { mail?: { to: string; text: string } }).find((l) => l.mail?.to === 'ops@example.com');
      expect(mail?.mail?.text).toBe('Body');
    } finally {
      await app.close();
    }

    const debug = await appLogging({ env: 'production', logLevel: 'debug' });
    try {
      await debug.app.inject({ method: 'GET', url: '/api/health' });
      const requests = debug.lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.url === '/api/health');
      expect(requests).toEqual([expect.objectContaining({ level: 20, method: 'GET', statusCode: 200 })]);
    } finally {
      await debug.app.close();
    }
  });
});
