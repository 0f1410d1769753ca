import { afterEach, describe, expect, it } from 'vitest';

import { loadConfig } from './config';
import { hashPassword, passwordKdfCost, PRODUCTION_KDF_COST, setPasswordKdfCost, verifyPassword } from './passwords';

const MD5 = '5f4dcc3b5aa765d61d8327deb882cf99';

describe('password KDF cost', () => {
  afterEach(() => setPasswordKdfCost(PRODUCTION_KDF_COST));

  it('hashes with decision 0002 cost (argon2id, 19 MiB, t=2) unless lowered', async () => {
    setPasswordKdfCost(PRODUCTION_KDF_COST);
    const stored = await hashPassword(MD5);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, MD5.toUpperCase())).toBe(true);
  });

  it('hashes with a lowered cost, and hashes of either cost still verify', async () => {
    const strong = await hashPassword(MD5);
    setPasswordKdfCost({ memoryKib: 8, iterations: 1 });
    expect(passwordKdfCost()).toEqual({ memoryKib: 8, iterations: 1 });
    const weak = await hashPassword(MD5);
    expect(weak).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    expect(await verifyPassword(weak, MD5)).toBe(true);
    expect(await verifyPassword(strong, MD5)).toBe(true);
    expect(await verifyPassword(weak, MD5.replace('5', '6'))).toBe(false);
    expect(await verifyPassword(null, MD5)).toBe(false);
  });

  it('is configured by PASSWORD_KDF_MEMORY_KIB / PASSWORD_KDF_ITERATIONS, production cost by default', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/stoa-kdf-config', JWT_SECRET: 'x'.repeat(40) }).passwordKdf).toEqual(PRODUCTION_KDF_COST);
    const lowered = loadConfig({ JWT_SECRET: 'x'.repeat(40), PASSWORD_KDF_MEMORY_KIB: '64', PASSWORD_KDF_ITERATIONS: '1' });
    expect(lowered.passwordKdf).toEqual({ memoryKib: 64, iterations: 1 });
  });

  it('refuses in production a cost below decision 0002 (memory or passes)', () => {
    const prod = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/stoa-kdf-config' };
    expect(() => loadConfig({ ...prod, PASSWORD_KDF_MEMORY_KIB: '19455' })).toThrow(
      'PASSWORD_KDF_MEMORY_KIB: cannot be below 19456 in production',
    );
    expect(() => loadConfig({ ...prod, PASSWORD_KDF_ITERATIONS: '1' })).toThrow('PASSWORD_KDF_ITERATIONS: cannot be below 2 in production');
    expect(loadConfig({ ...prod, PASSWORD_KDF_MEMORY_KIB: '65536', PASSWORD_KDF_ITERATIONS: '3' }).passwordKdf).toEqual({
      memoryKib: 65_536,
      iterations: 3,
    });
  });

  it('refuses a cost below argon2 bounds anywhere', () => {
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(40), PASSWORD_KDF_MEMORY_KIB: '4' })).toThrow(/PASSWORD_KDF_MEMORY_KIB/);
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(40), PASSWORD_KDF_ITERATIONS: '0' })).toThrow(/PASSWORD_KDF_ITERATIONS/);
  });
});

describe('buildApp applies config.passwordKdf', () => {
  afterEach(() => setPasswordKdfCost(PRODUCTION_KDF_COST));

  it('the test app hashes at the test cost (and the production default is decision 0002)', async () => {
    const { buildTestApp, TEST_KDF_COST } = await import('../../test/build-test-app');
    expect(passwordKdfCost()).toEqual(PRODUCTION_KDF_COST);
    const ctx = await buildTestApp();
    try {
      expect(passwordKdfCost()).toEqual(TEST_KDF_COST);
      expect(await hashPassword(MD5)).toMatch(/\$m=8,t=1,p=1\$/);
    } finally {
      await ctx.close();
    }
    // Importing the whole app in the test is slow on the shared 2-core machine (over 60 s under load).
  }, 180_000);
});
