import { describe, expect, it } from 'vitest';

import type { FileExtension } from '@stoa/shared/files';

import { FIXTURES } from '../../../test/files-fixtures';
import { createContentInspector } from './files.signature';

function check(ext: FileExtension, content: Buffer, chunk = 3): boolean {
  const inspector = createContentInspector(ext);
  for (let i = 0; i < content.length; i += chunk) inspector.push(content.subarray(i, i + chunk));
  return inspector.matches();
}

describe('content signatures', () => {
  it('accepts each kind by its magic bytes, even when they arrive split across chunks', () => {
    expect(check('png', FIXTURES.png)).toBe(true);
    expect(check('jpg', FIXTURES.jpg, 1)).toBe(true);
    expect(check('jpeg', FIXTURES.jpg)).toBe(true);
    expect(check('pdf', FIXTURES.pdf, 2)).toBe(true);
    expect(check('xlsx', FIXTURES.xlsx)).toBe(true);
    expect(check('xlsb', FIXTURES.xlsx)).toBe(true);
    expect(check('xls', FIXTURES.xls, 5)).toBe(true);
    expect(check('csv', FIXTURES.csv, 1)).toBe(true);
  });

  it('refuses content of another kind', () => {
    expect(check('pdf', FIXTURES.png)).toBe(false);
    expect(check('png', Buffer.from('hello'))).toBe(false);
    expect(check('png', FIXTURES.png.subarray(0, 4))).toBe(false);
    expect(check('xls', FIXTURES.xlsx)).toBe(false);
    expect(check('xlsx', FIXTURES.xls)).toBe(false);
    expect(check('jpg', FIXTURES.pdf)).toBe(false);
  });

  it('takes CSV as UTF-8 text without NUL bytes', () => {
    expect(check('csv', Buffer.from('a,b\n'))).toBe(true);
    expect(check('csv', FIXTURES.png)).toBe(false);
    expect(check('csv', Buffer.from('a\u0000b'))).toBe(false);
    expect(check('csv', Buffer.from([0x61, 0xc3]))).toBe(false); // cut inside a multi-byte character
    expect(check('csv', Buffer.from([0x61, 0xff, 0x62]))).toBe(false);
  });
});
