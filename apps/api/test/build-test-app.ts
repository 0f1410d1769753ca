import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';

import type { Role } from '@stoa/shared/account';

import { buildApp, type App } from '../src/app';
import { TestClock } from '../src/platform/clock';
import { type AppConfig } from '../src/platform/config';
import { type DatabaseHandle, openDatabase } from '../src/platform/db/client';
import type { Mail, MailTransport } from '../src/platform/mail/outbox';
import { hashPassword } from '../src/platform/passwords';
import { usersRepository } from '../src/modules/users/users.repository';
import { transcoDiscom } from '../src/modules/reference/reference.tables';
import { adminUrl, databaseUrlFor, TEMPLATE_DB } from './pg-urls';

export const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** A fresh migrated database for one test file: PGlite from the template, or a PostgreSQL copy. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = inject('postgresTemplate');
    const name = `stoa_t_${template.slice(TEMPLATE_DB.length + 1)}_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const handle = await openDatabase({ databaseUrl: databaseUrlFor(url, name), poolSize: 8 });
    const close = handle.close;
    return {
      ...handle,
      close: async () => {
        await close();
        const c = new pg.Client({ connectionString: adminUrl(url) });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const blob = new Blob([readFileSync(inject('pgliteTemplate'))]);
  const pglite = await PGlite.create({ loadDataDir: blob });
  return openDatabase({ pglite });
}

/** The cheapest argon2id cost (8 KiB, one pass); loadConfig refuses it in production. */
export const TEST_KDF_COST = { memoryKib: 8, iterations: 1 } as const;

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent',
    databaseUrl: undefined,
    jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
    smtpUrl: undefined,
    mailFrom: 'STOA Portal <no-reply@test.local>',
    demoData: false,
    demoHistory: false,
    loginCaptcha: false,
    logLevel: 'silent',
    publicUrl: 'http://localhost:8080',
    loginRateLimitPerMinute: 10_000,
    loginFailuresPerAddress: 10_000,
    webDist: '/nonexistent',
    filesDir: path.join(tmpdir(), 'stoa-test-files', randomBytes(8).toString('hex')),
    uploadMaxBytes: 10_485_760,
    uploadRateLimitPerMinute: 10_000,
    uploadQuotaBytes: 1_073_741_824,
    notifyHeartbeatMs: 30_000,
    // argon2's minimum: tests create and sign in thousands of users; production keeps decision 0002's cost.
    passwordKdf: TEST_KDF_COST,
    ...overrides,
  };
}

export class CapturingTransport implements MailTransport {
  sent: Mail[] = [];
  failNext = 0;
  async send(mail: Mail) {
    if (this.failNext > 0) {
      this.failNext--;
      throw new Error('SMTP unavailable');
    }
    this.sent.push({ to: mail.to, subject: mail.subject, text: mail.text });
  }
  /** The last verification code mailed to an address. */
  codeFor(address: string): string {
    const mail = [...this.sent].reverse().find((m) => m.to.toLowerCase() === address.toLowerCase());
    const match = mail?.text.match(/verification code is: ([A-Z0-9]+)/);
    if (!match) throw new Error(`no verification code mailed to ${address}`);
    return match[1]!;
  }
}

/** Job runner timings for tests that start workers (apps are built with workers stopped). */
export const TEST_JOB_OPTIONS = {
  pollingIntervalSeconds: 0.5,
  cronMonitorIntervalSeconds: 1,
  cronWorkerIntervalSeconds: 1,
  stopTimeoutMs: 5_000,
};

export interface TestContext {
  app: App;
  database: DatabaseHandle;
  clock: TestClock;
  mail: CapturingTransport;
  close(): Promise<void>;
}

export async function buildTestApp(
  overrides: Partial<AppConfig> = {},
  database?: DatabaseHandle,
  beforeReady?: (app: App) => void,
): Promise<TestContext> {
  const db = database ?? (await openTestDatabase());
  const clock = new TestClock(new Date());
  const mail = new CapturingTransport();
  const config = testConfig(overrides);
  const app = await buildApp({ config, database: db, clock, mailTransport: mail, logger: false, jobs: TEST_JOB_OPTIONS });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    database: db,
    clock,
    mail,
    async close() {
      await app.close();
      if (!database) await db.close();
      if (!overrides.filesDir) rmSync(config.filesDir, { recursive: true, force: true });
    },
  };
}

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}${randomBytes(2).toString('hex')}`;

export interface TestUser {
  id: string;
  userName: string;
  email: string;
  password: string;
  role: Role;
}

/** Creates a user with a password directly in the database (test factory). */
export async function createUser(
  ctx: TestContext,
  role: Role,
  overrides: Partial<Parameters<typeof usersRepository.insert>[1]> & { password?: string } = {},
): Promise<TestUser> {
  const u = unique();
  const password = overrides.password ?? 'Str0ng#Pass!x';
  const applicant = role === 'OABusinessUser' || role === 'Trader';
  const row = await usersRepository.insert(ctx.database.db, {
    userName: `user_${u}`,
    email: `user_${u}@test.local`,
    firstName: 'Test',
    lastName: role,
    role,
    contactNumber: '9876543210',
    registeredAddress: '1 Test Street',
    entityName: applicant ? `Entity ${u}` : null,
    entityType: role === 'Trader' ? 'Trader' : applicant ? 'BothEntity' : null,
    dateOfIncorporation: applicant ? '2010-01-01' : null,
    panCardNumber: role === 'DISCOMBusinessUser' ? null : `ABCDE${String(seq % 10000).padStart(4, '0')}F`,
    passwordHash: await hashPassword(md5(password)),
    ...overrides,
  });
  return { id: row.id, userName: row.userName, email: row.email, password, role };
}

export async function createUtility(ctx: TestContext, type: 'TRANSCO' | 'DISCOM', zone = 'North Zone') {
  const [row] = await ctx.database.db
    .insert(transcoDiscom)
    .values({ name: `${type} ${unique()}`, type, zone })
    .returning();
  return row!;
}

export async function login(ctx: TestContext, user: { userName: string; password: string }) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/Account/authenticate',
    payload: { username: user.userName, password: md5(user.password), captchaId: '', captcha: '' },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { jwtToken: string; refreshToken: string; userId: string; role: Role };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
