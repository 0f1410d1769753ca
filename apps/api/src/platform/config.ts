import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { z } from 'zod';

import { type PasswordKdfCost, PRODUCTION_KDF_COST } from './passwords';

const onOff = z.enum(['on', 'off']);

/** Environment variables (ARCHITECTURE.md §9). Nothing else reads process.env. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]+/, 'must look like smtp://host:port')
    .optional(),
  MAIL_FROM: z.string().default('STOA Portal <no-reply@sldc.example.in>'),
  DEMO_DATA: onOff.optional(),
  DEMO_HISTORY: onOff.default('on'),
  LOGIN_CAPTCHA: onOff.default('on'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.string().url().optional(),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  LOGIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(100),
  WEB_DIST: z.string().optional(),
  FILES_DIR: z.string().min(1).optional(),
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1).max(1_073_741_824).default(10_485_760),
  UPLOAD_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  UPLOAD_QUOTA_BYTES: z.coerce.number().int().min(1).default(104_857_600),
  NOTIFY_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  // argon2's own lower bounds are 8 KiB and one pass; production refuses less than decision 0002's cost.
  PASSWORD_KDF_MEMORY_KIB: z.coerce.number().int().min(8).max(4_194_304).default(PRODUCTION_KDF_COST.memoryKib),
  PASSWORD_KDF_ITERATIONS: z.coerce.number().int().min(1).max(100).default(PRODUCTION_KDF_COST.iterations),
  // Test-only routes for the browser journeys (decision 0088); refused unless NODE_ENV=test.
  TEST_HOOKS: onOff.default('off'),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  demoData: boolean;
  /** With the demo data: replay a first week of work through the API (seed/demo-history.ts). */
  demoHistory: boolean;
  loginCaptcha: boolean;
  logLevel: string;
  publicUrl: string;
  loginRateLimitPerMinute: number;
  /** Failed sign-ins one client address may make in 15 minutes, across user names (decision 0081). */
  loginFailuresPerAddress: number;
  webDist: string;
  /** Root of the uploaded files (generated names only); DATA_DIR/files by default. */
  filesDir: string;
  /** Largest accepted upload, in bytes. */
  uploadMaxBytes: number;
  /** Uploads one user may make per minute. */
  uploadRateLimitPerMinute: number;
  /** Bytes of uploaded files one user may hold that are not yet attached to a record. */
  uploadQuotaBytes: number;
  /** Interval of the WebSocket hub's ping; a socket that missed one pong is dropped. */
  notifyHeartbeatMs: number;
  /** argon2id cost of new password hashes; never below PRODUCTION_KDF_COST in production. */
  passwordKdf: PasswordKdfCost;
  /** The test-only routes under /api/__test (decision 0088): only with NODE_ENV=test. */
  testHooks?: boolean;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** Parses the environment once. Throws ConfigError listing every problem. */
export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const problems: string[] = [];
  const demoData = (e.DEMO_DATA ?? (production ? 'off' : 'on')) === 'on';
  if (production) {
    if (e.LOGIN_CAPTCHA === 'off') problems.push('LOGIN_CAPTCHA: cannot be off in production');
    if (demoData) problems.push('DEMO_DATA: cannot be on in production');
    if (!e.JWT_SECRET) problems.push('JWT_SECRET: is required in production');
    if (e.PASSWORD_KDF_MEMORY_KIB < PRODUCTION_KDF_COST.memoryKib) {
      problems.push(`PASSWORD_KDF_MEMORY_KIB: cannot be below ${PRODUCTION_KDF_COST.memoryKib} in production`);
    }
    if (e.PASSWORD_KDF_ITERATIONS < PRODUCTION_KDF_COST.iterations) {
      problems.push(`PASSWORD_KDF_ITERATIONS: cannot be below ${PRODUCTION_KDF_COST.iterations} in production`);
    }
  }
  if (e.TEST_HOOKS === 'on' && e.NODE_ENV !== 'test') problems.push('TEST_HOOKS: can be on only with NODE_ENV=test');
  if (problems.length) throw new ConfigError(problems);

  // npm sets INIT_CWD to where `npm start` was typed; relative DATA_DIR is resolved from there.
  const base = source.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(base, e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? developmentSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    demoData,
    demoHistory: demoData && e.DEMO_HISTORY === 'on',
    loginCaptcha: e.LOGIN_CAPTCHA === 'on',
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    loginFailuresPerAddress: e.LOGIN_FAILURES_PER_ADDRESS,
    webDist: e.WEB_DIST ? path.resolve(base, e.WEB_DIST) : path.join(repoRoot, 'apps/web/dist'),
    filesDir: e.FILES_DIR ? path.resolve(base, e.FILES_DIR) : path.join(dataDir, 'files'),
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    uploadRateLimitPerMinute: e.UPLOAD_RATE_LIMIT_PER_MINUTE,
    uploadQuotaBytes: e.UPLOAD_QUOTA_BYTES,
    notifyHeartbeatMs: e.NOTIFY_HEARTBEAT_SECONDS * 1000,
    passwordKdf: { memoryKib: e.PASSWORD_KDF_MEMORY_KIB, iterations: e.PASSWORD_KDF_ITERATIONS },
    testHooks: e.TEST_HOOKS === 'on',
  };
}

/** Outside production a random secret is kept in the data directory, so sessions survive restarts. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
