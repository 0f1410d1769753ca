import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { ConfigError, loadConfig } from './config';

const dir = () => mkdtempSync(path.join(tmpdir(), 'stoa-config-'));

describe('loadConfig', () => {
  it('gives development defaults: port 8080, PGlite in ./data, demo data on, captcha on', () => {
    const base = dir();
    const c = loadConfig({ INIT_CWD: base });
    expect(c).toMatchObject({ env: 'development', port: 8080, demoData: true, loginCaptcha: true, databaseUrl: undefined });
    expect(c.dataDir).toBe(path.join(base, 'data'));
    expect(c.jwtSecret.length).toBeGreaterThanOrEqual(32);
    // The development secret is kept per data directory so sessions survive a restart.
    expect(loadConfig({ INIT_CWD: base }).jwtSecret).toBe(c.jwtSecret);
  });

  it('lists every bad value at once', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail', LOGIN_CAPTCHA: 'maybe' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      for (const name of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'LOGIN_CAPTCHA']) expect(problems).toContain(name);
    }
  });

  it('refuses to start in production with captcha off, demo data or no JWT secret', () => {
    try {
      loadConfig({ NODE_ENV: 'production', LOGIN_CAPTCHA: 'off', DEMO_DATA: 'on' });
      expect.unreachable();
    } catch (err) {
      const problems = (err as ConfigError).problems;
      expect(problems).toEqual([
        'LOGIN_CAPTCHA: cannot be off in production',
        'DEMO_DATA: cannot be on in production',
        'JWT_SECRET: is required in production',
      ]);
    }
  });

  it('starts in production with a secret, captcha on and demo data off by default', () => {
    const c = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), INIT_CWD: dir() });
    expect(c).toMatchObject({ env: 'production', demoData: false, loginCaptcha: true });
  });

  it('refuses a short JWT secret', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });

  it('keeps uploads in DATA_DIR/files with a 10 MiB cap unless configured', () => {
    const base = dir();
    const c = loadConfig({ INIT_CWD: base, DATA_DIR: 'd' });
    expect(c.filesDir).toBe(path.join(base, 'd', 'files'));
    expect(c.uploadMaxBytes).toBe(10_485_760);
    expect(c.notifyHeartbeatMs).toBe(30_000);
    const custom = loadConfig({ INIT_CWD: base, FILES_DIR: '/srv/shared/files', UPLOAD_MAX_BYTES: '2048', NOTIFY_HEARTBEAT_SECONDS: '5' });
    expect(custom).toMatchObject({ filesDir: '/srv/shared/files', uploadMaxBytes: 2048, notifyHeartbeatMs: 5_000 });
    expect(() => loadConfig({ INIT_CWD: base, UPLOAD_MAX_BYTES: '0' })).toThrow(/UPLOAD_MAX_BYTES/);
  });

  it('listens on 127.0.0.1 only unless HOST is set', () => {
    const base = dir();
    expect(loadConfig({ INIT_CWD: base }).host).toBe('127.0.0.1');
    expect(loadConfig({ INIT_CWD: base, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ INIT_CWD: base, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) }).host).toBe('127.0.0.1');
  });

  it('limits uploads per user: 20 a minute and 100 MiB not yet attached, unless configured', () => {
    const base = dir();
    expect(loadConfig({ INIT_CWD: base })).toMatchObject({ uploadRateLimitPerMinute: 20, uploadQuotaBytes: 104_857_600 });
    expect(loadConfig({ INIT_CWD: base, UPLOAD_RATE_LIMIT_PER_MINUTE: '3', UPLOAD_QUOTA_BYTES: '4096' })).toMatchObject({
      uploadRateLimitPerMinute: 3,
      uploadQuotaBytes: 4096,
    });
    expect(() => loadConfig({ INIT_CWD: base, UPLOAD_QUOTA_BYTES: '0' })).toThrow(/UPLOAD_QUOTA_BYTES/);
  });
});
