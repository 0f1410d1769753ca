import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { lockDataDir } from './client';

describe('lockDataDir', () => {
  it('refuses a second owner while the first holds the lock, and frees it on release', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'stoa-lock-'));
    const release = lockDataDir(dir);
    expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(true);
    // Pretend another live process (our parent) owns it.
    writeFileSync(path.join(dir, 'pglite.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(/in use by process/);
    release();
    expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(false);
    lockDataDir(dir)();
  });

  it('takes over a stale lock left by a dead process', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'stoa-lock-'));
    writeFileSync(path.join(dir, 'pglite.lock'), '999999');
    const release = lockDataDir(dir);
    release();
  });
});
